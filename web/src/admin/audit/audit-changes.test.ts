import { describe, expect, it } from "vitest";
import { auditChanges, auditValueText } from "./audit-changes.ts";

const words = { yes: "Ja", no: "Nein" };

describe("an audit entry read as words (D288)", () => {
  it("lists only the fields an update changed, leaving out the version digest", () => {
    const before = { base_price_cents: 7900, name: { de: "Kurs", ru: "Курс" }, version: "a", sort_order: 1 };
    const after = { base_price_cents: 8900, name: { de: "Kurs", ru: "Курс" }, version: "b", sort_order: 1 };
    expect(auditChanges(before, after)).toEqual([{ field: "base_price_cents", before: 7900, after: 8900 }]);
  });

  it("lists every field with a value of a new record, and a bare value as one change", () => {
    expect(auditChanges(null, { seats: 8, note: "" })).toEqual([
      { field: "seats", before: null, after: 8 },
      { field: "note", before: null, after: "" },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges(1, 2)).toEqual([{ field: "", before: 1, after: 2 }]);
  });

  it("writes money in euros, yes/no as words, codes as words, instants in Berlin time, texts in the language", () => {
    expect(auditValueText("base_price_cents", 8900, "de", words)).toBe("89,00\u00a0€");
    expect(auditValueText("is_published", true, "de", words)).toBe("Ja");
    expect(auditValueText("schedule_type", "TERMINKARTEN", "de", words)).toBe(
      "Terminkarte (einzelne Termine)",
    );
    expect(auditValueText("language", "bi", "ru", words)).toBe("Двуязычный (немецкий и русский)");
    expect(auditValueText("valid_from", "2026-11-28T14:04:00.000Z", "de", words)).toBe("28.11.2026, 15:04");
    expect(auditValueText("name", { de: "Malen", ru: "Рисование" }, "ru", words)).toBe("Рисование");
    expect(auditValueText("name", { de: "Malen", ru: "" }, "ru", words)).toBe("Malen");
    expect(auditValueText("percent_off", 15, "de", words)).toBe("15\u00a0%");
    expect(auditValueText("note", null, "de", words)).toBe("—");
    // A record inside a value names its parts in words, not as stored (D498).
    const label = (key: string) => ({ first_name: "Vorname", city: "Ort" })[key] ?? key;
    expect(
      auditValueText("billing", { first_name: "Anna", city: "Berlin" }, "de", words, undefined, label),
    ).toBe("Vorname: Anna; Ort: Berlin");
  });

  it("says a request's, a waiting-list entry's and a ledger line's state or kind in words, by the entry's area (D317)", () => {
    expect(auditValueText("status", "in_progress", "de", words, "visit-requests")).toBe("In Bearbeitung");
    expect(auditValueText("kind", "trial", "ru", words, "visit-requests")).toBe("Пробное занятие");
    expect(auditValueText("kind", "callback", "de", words, "contact-requests")).toBe("Rückruf");
    expect(auditValueText("status", "offered", "de", words, "waiting_list_entries")).toBe("Platz angeboten");
    expect(auditValueText("kind", "redeem", "de", words, "gift-cards")).toBe("Eingelöst");
    expect(auditValueText("state", "confirmed", "ru", words, "party-requests")).toBe(
      "Подтверждена — ждёт оплаты",
    );
    // Without an area that says which enum, a text stays as it is.
    expect(auditValueText("status", "in_progress", "de", words)).toBe("in_progress");
  });

  it("says an attendance mark, a slot's weekday and a mail sent again in words (D587)", () => {
    expect(auditValueText("attendance", "present", "de", words, "attendance")).toBe("Anwesend");
    expect(auditValueText("attendance", "absent", "ru", words, "attendance")).toBe("Отсутствует");
    expect(auditValueText("weekday", 0, "de", words, "slots")).toBe("Montag");
    expect(auditValueText("weekday", 6, "de", words, "slots")).toBe("Sonntag");
    expect(auditValueText("weekday", 2, "ru", words, "slots")).toBe("среда");
    expect(auditValueText("template", "order-confirmation", "de", words, "orders")).toBe(
      "Bestellbestätigung",
    );
    expect(auditValueText("template", "order-confirmation", "ru", words, "orders")).toBe(
      "Подтверждение заказа",
    );
  });
});
