// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { when } from "../orders/order-format.ts";
import { failureText } from "../shared/use-staff-action.ts";
import { adminI18n, noAnswerText } from "./i18n-provider.ts";

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

  it("a record's title names its number alike in both languages, without the Russian pack's quotes (D587)", async () => {
    const order = { name: "Заказ", id: 7, recordRepresentation: "#7" };
    await adminI18n.changeLocale("ru");
    expect(adminI18n.translate("ra.page.show", order)).toBe("Заказ №\u00a07");
    expect(adminI18n.translate("ra.page.edit", order)).toBe("Заказ №\u00a07");
    expect(when("2026-12-07T09:36:00.000Z")).toBe("07.12.2026, 10:36");
    await adminI18n.changeLocale("de");
    expect(adminI18n.translate("ra.page.show", { ...order, name: "Bestellung" })).toBe("Bestellung #7");
    expect(when("2026-12-07T09:36:00.000Z")).toBe("07.12.2026, 10:36");
  });
});

describe("the delete question (D601)", () => {
  it("keeps a German noun's capital and asks a Russian question with its comma and question mark", async () => {
    await adminI18n.changeLocale("de");
    const name = adminI18n.translate("resources.locations.forcedCaseName", { smart_count: 1 });
    expect(name).toBe("Haus");
    expect(adminI18n.translate("ra.message.delete_title", { name, id: 1 })).toBe("Haus #1 löschen");
    await adminI18n.changeLocale("ru");
    expect(adminI18n.translate("ra.message.delete_content")).toBe(
      "Вы уверены, что хотите удалить этот объект?",
    );
    await adminI18n.changeLocale("de");
  });
});

describe("the back office in the staff member's language, also where the server said nothing (D507)", () => {
  it("marks the page's language as the staff member chooses it", async () => {
    await adminI18n.changeLocale("ru");
    expect(document.documentElement.lang).toBe("ru");
    await adminI18n.changeLocale("de");
    expect(document.documentElement.lang).toBe("de");
  });

  it("a call that reached no server is said in words, not in the browser's English", async () => {
    await adminI18n.changeLocale("de");
    const offline = new TypeError("Failed to fetch");
    expect(failureText(offline)).toBe(noAnswerText());
    expect(noAnswerText()).toMatch(/Keine Antwort vom Server/);
    // A fault of the screen's own code is not a connection problem.
    expect(failureText(new TypeError("Cannot read properties of undefined"))).toBe(
      "Cannot read properties of undefined",
    );
    await adminI18n.changeLocale("ru");
    expect(failureText(offline)).toMatch(/^Сервер не ответил/);
    expect(failureText(new Error("Der Kurs ist voll."))).toBe("Der Kurs ist voll.");
    await adminI18n.changeLocale("de");
  });
});
