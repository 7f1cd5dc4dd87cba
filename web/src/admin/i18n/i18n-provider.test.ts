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
    // react-admin names the resource with a count of 0, which our two Russian forms cannot bend: not named.
    expect(adminI18n.translate("ra.page.empty", { name: "Заявка на посещение" })).toBe(
      "Здесь пока ничего нет.",
    );
    expect(adminI18n.translate("ra.page.invite")).toBe("Добавить запись?");
    // What only react-admin says stays its own.
    expect(adminI18n.translate("ra.action.save")).toBe("Сохранить");
  });
});
