import { describe, expect, it } from "vitest";
import { adminI18n } from "./i18n-provider.ts";

describe("react-admin's own texts in the back office's words (D489)", () => {
  it("an empty list reads as a sentence in German and Russian, whatever its resource's name", async () => {
    await adminI18n.changeLocale("de");
    expect(adminI18n.translate("ra.page.empty", { name: "Besuchsanfragen" })).toBe(
      "Besuchsanfragen: noch keine Einträge.",
    );
    expect(adminI18n.translate("ra.page.invite")).toBe("Jetzt einen Eintrag anlegen?");
    await adminI18n.changeLocale("ru");
    expect(adminI18n.translate("ra.page.empty", { name: "Заявки на посещение" })).toBe(
      "Заявки на посещение: пока ничего нет.",
    );
    expect(adminI18n.translate("ra.page.invite")).toBe("Добавить запись?");
    // What only react-admin says stays its own.
    expect(adminI18n.translate("ra.action.save")).toBe("Сохранить");
  });
});
