import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "./admin.ts";
import { GIFT_CARD_LEDGER_KINDS } from "./admin-content.ts";
import { ADMIN_PAYMENT_STATES } from "./admin-orders.ts";
import { PERSON_ROLES, REQUEST_STATUSES } from "./admin-requests.ts";
import { INSTRUCTION_LANGUAGES, PRODUCT_TYPES, SCHEDULE_TYPES } from "./catalogue.ts";
import { PAYMENT_DISPUTE_KINDS, PAYMENT_DISPUTE_STATES, PAYMENT_GATEWAYS } from "./checkout.ts";
import { CONTACT_REQUEST_KINDS } from "./contact.ts";
import { AUDIT_AREAS, ENUM_LABELS, enumChoices, enumLabel, rawCodesOnScreen } from "./labels.ts";
import { CANCELLED_LESSON_OUTCOMES, REMINDER_KINDS } from "./lessons.ts";
import { ORDER_ITEM_STATUSES, ORDER_STATUSES } from "./orders.ts";
import { berlinDateTimeText } from "./rules/dates.ts";
import { PARTY_REQUEST_STATES } from "./staff-orders.ts";
import { VISIT_REQUEST_KINDS } from "./visit-requests.ts";
import { WAITING_ENTRY_STATUSES } from "./waiting-list.ts";
import { REFUND_STATES } from "./withdrawal.ts";

describe("the words staff read for codes (D285)", () => {
  it("labels every code of every enum the back office shows, in German and in Russian", () => {
    const enums: [keyof typeof ENUM_LABELS, readonly string[]][] = [
      ["schedule_type", SCHEDULE_TYPES],
      ["product_type", PRODUCT_TYPES],
      ["language", INSTRUCTION_LANGUAGES],
      ["order_status", ORDER_STATUSES],
      ["order_item_status", ORDER_ITEM_STATUSES],
      ["payment_state", ADMIN_PAYMENT_STATES],
      ["role", PERSON_ROLES],
      ["audit_action", AUDIT_ACTIONS],
      // The gateways a payment may have gone through: the shop's two and the demo's.
      ["payment_gateway", [...PAYMENT_GATEWAYS, "demo"]],
      ["refund_state", REFUND_STATES],
      ["payment_dispute_state", PAYMENT_DISPUTE_STATES],
      ["payment_dispute_kind", PAYMENT_DISPUTE_KINDS],
      // Requests, waiting lists, a gift card's ledger and party requests (D317).
      ["request_status", REQUEST_STATUSES],
      ["visit_request_kind", VISIT_REQUEST_KINDS],
      ["contact_request_kind", CONTACT_REQUEST_KINDS],
      ["waiting_status", WAITING_ENTRY_STATUSES],
      ["gift_card_ledger_kind", GIFT_CARD_LEDGER_KINDS],
      ["party_request_state", PARTY_REQUEST_STATES],
      // The audit log's reminders and lesson rules (D500).
      ["reminder_kind", REMINDER_KINDS],
      ["cancelled_lesson_outcome", CANCELLED_LESSON_OUTCOMES],
    ];
    for (const [name, codes] of enums) {
      expect(Object.keys(ENUM_LABELS[name]).sort(), name).toEqual([...codes].sort());
      for (const code of codes) {
        expect(enumLabel(name, code, "de"), `${name} ${code}`).not.toBe("");
        expect(enumLabel(name, code, "ru"), `${name} ${code}`).toMatch(/[а-яё]|PayPal|Stripe/i);
      }
    }
  });

  it("says the schedule types and languages as words, not codes", () => {
    expect(enumLabel("schedule_type", "Course (1 / week)", "de")).toBe("Kurs, einmal pro Woche");
    expect(enumLabel("schedule_type", "BirthdayPackage", "ru")).toBe("Пакет дня рождения");
    expect(enumLabel("language", "ru-en", "de")).toBe("Russisch und Englisch");
    expect(enumLabel("payment_status", "captured", "de")).toBe("Eingegangen");
    expect(enumLabel("role", "customer", "ru")).toBe("Семья");
  });

  it("shows an unknown code as it is and nothing as a dash", () => {
    expect(enumLabel("order_status", "someday", "de")).toBe("someday");
    expect(enumLabel("order_status", null, "de")).toBe("—");
  });

  it("gives choices in the enum's order, named in the language asked", () => {
    expect(enumChoices("order_item_status", "ru")).toEqual([
      { id: "active", name: "Активна" },
      { id: "frozen", name: "Приостановлена" },
      { id: "cancelled", name: "Отменена" },
    ]);
  });

  it("lists the codes a screen must never show, leaving out those written as their label", () => {
    const codes = rawCodesOnScreen();
    expect(codes).toEqual(expect.arrayContaining(["TERMINKARTEN", "BirthdayPackage", "ru-en", "captured"]));
    expect(codes).not.toContain("Workshop");
    expect(codes).not.toContain("paypal");
    expect(Object.values(AUDIT_AREAS).every((area) => area.de !== "" && area.ru !== "")).toBe(true);
  });
});

describe("Berlin time for staff (D287)", () => {
  it("writes an instant in Berlin time whatever the machine's zone, and a date as that day", () => {
    expect(berlinDateTimeText("2026-11-28T14:04:00Z", "de")).toBe("28.11.2026, 15:04");
    expect(berlinDateTimeText("2026-07-01T22:30:00Z", "ru")).toBe("02.07.2026, 00:30");
    expect(berlinDateTimeText("2026-12-24", "de")).toBe("24.12.2026");
  });
});
