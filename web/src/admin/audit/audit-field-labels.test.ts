import { describe, expect, it } from "vitest";
import { adminI18n } from "../i18n/i18n-provider.ts";
import { auditFieldLabel, auditValueText } from "./audit-changes.ts";

/**
 * The field names the server's audit entries carry, by area, including the parts of a record inside a value:
 * collected from every entry the PostgreSQL suite wrote (2026-12-05, D500). A new field the server starts to
 * record belongs here with its words in both languages.
 */
const AUDIT_FIELDS_SEEN: Record<string, readonly string[]> = {
  "academy-seasons": ["de", "ends_on", "id", "name", "ru", "starts_on"],
  "academy-weeks": ["ends_on", "id", "product_page", "season", "seats", "starts_on"],
  accounting: ["documents", "format", "month"],
  attendance: ["attendance", "checked_in_at", "checked_in_by", "checkin", "children", "lesson_date"],
  cancelled_lesson: ["children", "credits", "date", "lengthened", "reason_de", "reason_ru", "slot"],
  categories: ["de", "id", "name", "ru", "slug", "sort_order"],
  checkins: ["checked_in_at", "lesson_date", "order_item", "schedule_slot"],
  closures: ["de", "ends_on", "id", "location_id", "name", "ru", "starts_on"],
  "contact-requests": ["handler", "note", "status"],
  "content-pages": ["body", "de", "description", "id", "key", "ru", "title", "updated_at"],
  "gift-cards": [
    "balance_cents",
    "buyer",
    "created_at",
    "deactivated_at",
    "expires_at",
    "file",
    "id",
    "initial_cents",
    "is_active",
    "issued_by",
    "locale",
    "message",
    "order_item",
    "reason",
    "recipient_name",
  ],
  failed_mails: ["status"],
  gift_card_mails: ["gift_card", "locale", "to"],
  images: ["bytes", "content_type", "created_at", "height", "id", "src", "width"],
  "instructor-reports": ["lesson_date", "reason", "slot", "status"],
  instructors: [
    "bio",
    "de",
    "first_name",
    "first_name_ru",
    "id",
    "is_published",
    "job",
    "last_name",
    "last_name_ru",
    "photo",
    "ru",
    "slug",
    "sort_order",
    "subject",
  ],
  invoices: ["file", "order"],
  lesson_settings: ["reminders_off"],
  locations: [
    "city",
    "de",
    "id",
    "is_active",
    "map_url",
    "name",
    "phone",
    "post_code",
    "ru",
    "sort_order",
    "street",
  ],
  order_items: ["order", "slot"],
  order_mails: ["order", "resent", "template"],
  "party-requests": ["confirmed_date", "handler", "note", "order", "state", "status"],
  people: [
    "child",
    "corrected",
    "data_export",
    "erased",
    "instructor",
    "kept_invoices",
    "kept_orders",
    "password_set",
    "removed_mails",
    "removed_requests",
    "role",
  ],
  products: [
    "absence_cutoff_minutes",
    "age_group",
    "alt",
    "answer",
    "body",
    "cancelled_lesson_outcome",
    "category",
    "credit_valid_days",
    "credits_per_month",
    "de",
    "id",
    "instructors",
    "is_featured",
    "is_published",
    "language",
    "length",
    "lesson_rules",
    "location",
    "location_id",
    "makeup_allowed",
    "makeup_group",
    "name",
    "product_type",
    "program",
    "qna",
    "question",
    "refund_days_before",
    "ru",
    "seo_text",
    "slug",
    "sort_order",
    "src",
    "summary",
    "title_image",
    "updated_at",
    "what_to_bring",
  ],
  promocodes: [
    "amount_off_cents",
    "code",
    "created_at",
    "id",
    "is_active",
    "max_uses",
    "max_uses_per_user",
    "min_total_cents",
    "percent_off",
    "product_types",
    "uses",
    "valid_from",
    "valid_until",
  ],
  "purchase-options": [
    "base_price_cents",
    "de",
    "id",
    "is_recurring",
    "meetings_per_week",
    "name",
    "number_of_meetings",
    "product_page",
    "ru",
    "schedule_type",
    "sort_order",
  ],
  redirects: ["external", "from_path", "id", "note", "permanent", "target", "updated_at"],
  "school-settings": [
    "account_length",
    "address",
    "chart",
    "clearing_account",
    "client_number",
    "consultant_number",
    "datev",
    "legal_name",
    "revenue_exempt_account",
    "revenue_taxed_account",
    "school_email",
    "staff_notify_emails",
    "tax_id",
    "vat_note_de",
    "vat_note_ru",
    "voucher_account",
  ],
  slots: ["archived_at", "date", "end", "id", "instructor", "product_page", "seats", "start", "weekday"],
  "staff-orders": [
    "academy_weeks",
    "comment",
    "gift_card_cents",
    "id",
    "items",
    "mail",
    "parent",
    "product_page",
    "promocode",
    "purchase_option",
    "request_id",
    "reserved_until",
    "schedule_slots",
    "status",
    "total_checkout_price_cents",
    "total_recurrent_price_cents",
    "visitor",
  ],
  payment_issues: ["note", "reason", "refund_round", "resolved", "state"],
  staff_refunds: [
    "amount_cents",
    "booked_at_gateway",
    "cancel_item",
    "credit_note",
    "gift_card_cents",
    "item",
    "note",
    "order",
    "reason",
    "refund_round",
    "refund_state",
    "request_id",
    "settled_by_hand",
  ],
  "visit-requests": [
    "confirmed_at",
    "confirmed_end",
    "confirmed_start",
    "date",
    "handler",
    "message",
    "note",
    "status",
    "subject",
  ],
  waiting_list_entries: ["notified", "offer_expires_at", "offer_taken_from", "status"],
  withdrawals: ["item", "note", "order", "refund_round", "refund_state", "settled_by_hand"],
};

describe("every field of the audit log in words (D500)", () => {
  it("names each field the server records in German and Russian, never by its stored name", async () => {
    for (const locale of ["de", "ru"] as const) {
      await adminI18n.changeLocale(locale);
      const translate = (key: string, options?: { _?: string }) => adminI18n.translate(key, options);
      const raw = Object.entries(AUDIT_FIELDS_SEEN).flatMap(([area, fields]) =>
        fields
          .filter((field) => auditFieldLabel(translate, area, field) === field)
          .map((f) => `${area}.${f}`),
      );
      expect(raw, locale).toEqual([]);
    }
    // An area's own word wins over the log's word for any area.
    expect(auditFieldLabel(adminI18n.translate, "cancelled_lesson", "children")).toBe("Затронуто детей");
    expect(auditFieldLabel(adminI18n.translate, "attendance", "children")).toBe("Дети");
    // The words of the form that edits them: a page's lesson rules, the DATEV settings.
    expect(auditFieldLabel(adminI18n.translate, "products", "makeup_group")).toBe(
      adminI18n.translate("resources.products.fields.lesson_rules.makeup_group"),
    );
    await adminI18n.changeLocale("de");
    expect(auditFieldLabel(adminI18n.translate, "school-settings", "voucher_account")).toBe(
      "Verbindlichkeiten aus Gutscheinen",
    );
  });

  it("writes the reminders switched off, a cancelled lesson's outcome and a settled refund as words", () => {
    const words = { yes: "Ja", no: "Nein" };
    expect(auditValueText("reminders_off", ["trial", "makeup"], "de", words, "lesson_settings")).toBe(
      "Vor einer Probestunde, Vor einer Nachholstunde",
    );
    expect(auditValueText("cancelled_lesson_outcome", "lengthen", "ru", words, "products")).toBe(
      "Оплаченный период продлевается",
    );
    // How a person settled a refund the gateway would not take (D565).
    expect(auditValueText("settled_by_hand", "elsewhere", "de", words, "withdrawals")).toBe(
      "Auf anderem Weg erstattet (Überweisung, bar)",
    );
    expect(auditValueText("refund_state", "failed", "ru", words, "staff_refunds")).toBe(
      "Не удалось — верните вручную",
    );
    expect(auditValueText("state", "refund_failed", "de", words, "payment_issues")).toBe(
      "Erstattung aufgegeben",
    );
    expect(auditValueText("reason", "capture_mismatch", "ru", words, "payment_issues")).toBe(
      "Сумма не совпадает",
    );
  });

  it("writes the fields a correction of a family's data changed by their words (D549, D576)", async () => {
    const words = { yes: "Ja", no: "Nein" };
    for (const [locale, expected] of [
      ["de", "Nachname, Telefon, Straße und Hausnummer, Geburtsdatum, Notizen für das Team"],
      ["ru", "Фамилия, Телефон, Улица и номер дома, Дата рождения, Заметки для команды"],
    ] as const) {
      await adminI18n.changeLocale(locale);
      const label = (field: string) => auditFieldLabel(adminI18n.translate, "people", field);
      const corrected = ["last_name", "phone_number", "street", "birth_date", "notes"];
      expect(auditValueText("corrected", corrected, locale, words, "people", label)).toBe(expected);
    }
    await adminI18n.changeLocale("de");
  });
});
