import {
  AUDIT_GLIMPSE_HEAD,
  type AuditFold,
  berlinDateTimeText,
  type EnumName,
  enumLabel,
  euroText,
  INTL_LOCALES,
  type Locale,
} from "@atelier/contract";

/**
 * The audit log read as words (issue 29, D288): an entry's values before and after become the fields that
 * changed, each "field: before → after", with money in euros, dates in Berlin time and codes as words.
 */
export type AuditChange = { field: string; before: unknown; after: unknown };

/** Fields that change on every save and say nothing to the reader. */
const NOISE = new Set(["version", "updated_at", "created_at", "id"]);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether the log's list sent this side's field as its glimpse, and what it said of the whole list (D423). */
export const foldOf = (folded: readonly AuditFold[], side: AuditFold["side"], field: string) =>
  folded.find((one) => one.side === side && one.field === field);

/**
 * The fields an entry changed: on an update only those whose value differs, on a creation or deletion
 * every field that has a value. A value that is no record (a number, a list) is one change without a field.
 * A list the log sent as its glimpse (`folded`, D423) is compared by its count and digest, not its glimpse.
 */
export function auditChanges(
  before: unknown,
  after: unknown,
  folded: readonly AuditFold[] = [],
): AuditChange[] {
  if (!isPlainObject(before) && !isPlainObject(after)) {
    return same(before, after) ? [] : [{ field: "", before, after }];
  }
  const old = isPlainObject(before) ? before : {};
  const now = isPlainObject(after) ? after : {};
  const compared = (side: AuditFold["side"], field: string, value: unknown) => {
    const fold = foldOf(folded, side, field);
    return fold ? { folded: fold.count, digest: fold.digest } : value;
  };
  const fields = [...new Set([...Object.keys(now), ...Object.keys(old)])];
  return fields
    .filter(
      (field) =>
        !NOISE.has(field) &&
        !same(compared("before", field, old[field]), compared("after", field, now[field])),
    )
    .map((field) => ({ field, before: old[field] ?? null, after: now[field] ?? null }));
}

/** Which contract enum a field's codes belong to, where the field name says it alone. */
const ENUM_OF_FIELD: Record<string, EnumName> = {
  schedule_type: "schedule_type",
  product_type: "product_type",
  product_types: "product_type",
  language: "language",
  role: "role",
  locale: "locale",
  payment_state: "payment_state",
  order_status: "order_status",
  gateway: "payment_gateway",
  reminders_off: "reminder_kind",
  cancelled_lesson_outcome: "cancelled_lesson_outcome",
  refund_state: "refund_state",
  settled_by_hand: "refund_settlement",
  attendance: "attendance_mark",
  template: "resent_mail",
};

/**
 * Fields whose codes belong to an enum only in one area ("status" of a request, a waiting-list entry or an
 * order; "kind" of a request or a gift card's ledger line): their words by the entry's area (D317).
 */
const ENUM_OF_AREA_FIELD: Record<string, Record<string, EnumName>> = {
  "visit-requests": { status: "request_status", kind: "visit_request_kind" },
  "contact-requests": { status: "request_status", kind: "contact_request_kind" },
  "party-requests": { status: "request_status", state: "party_request_state" },
  waiting_list_entries: { status: "waiting_status" },
  "gift-cards": { kind: "gift_card_ledger_kind" },
  orders: { status: "order_status" },
  "staff-orders": { status: "order_status" },
  order_items: { status: "order_item_status" },
  staff_refunds: { state: "refund_state", status: "refund_state" },
  payment_issues: { state: "payment_issue_state", reason: "payment_issue_reason" },
  order_mails: { status: "mail_status" },
};

/**
 * Where an area's field names have their words besides `resources.<area>.fields` and the log's own
 * `admin.audit.fields` (D500): the form that edits them (a page's lesson rules, the DATEV settings), or the
 * resource the area is shown as.
 */
const LABEL_PLACES: Record<string, readonly string[]> = {
  products: ["resources.products.fields.lesson_rules"],
  "school-settings": ["admin.settings.datev"],
  waiting_list_entries: ["resources.waiting-list.fields"],
};

type Translate = (key: string, options?: { _?: string }) => string;

/**
 * A field's words in an area's entry: the log's label for that area (`admin.audit.in.<area>`, where the
 * area's list or form says it otherwise, e.g. "Name" for a surname), then the area's own label, then the places above, then the log's label for any area; the stored name
 * only when none knows it.
 */
export function auditFieldLabel(translate: Translate, area: string, field: string): string {
  const places = [
    `admin.audit.in.${area}`,
    `resources.${area}.fields`,
    ...(LABEL_PLACES[area] ?? []),
    "admin.audit.fields",
  ];
  for (const place of places) {
    const key = `${place}.${field}`;
    const text = translate(key, { _: key });
    if (text !== key) return text;
  }
  return field;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * One value as the staff member reads it; "—" for nothing. A record inside a value ("address") names its
 * parts with `label`, the field names' words, not as stored (D498).
 */
export function auditValueText(
  field: string,
  value: unknown,
  locale: Locale,
  words: YesNo,
  area?: string,
  label: (key: string) => string = (key) => key,
): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? words.yes : words.no;
  if (typeof value === "number") {
    if (field.endsWith("_cents")) return euroText(value, locale);
    // A slot's weekday is stored as 0 = Monday … 6 = Sunday; 2024-01-01 was a Monday.
    if (field === "weekday" && Number.isInteger(value) && value >= 0 && value <= 6) {
      return new Intl.DateTimeFormat(INTL_LOCALES[locale], { weekday: "long", timeZone: "UTC" }).format(
        new Date(Date.UTC(2024, 0, 1 + value)),
      );
    }
    if (field === "percent_off") {
      return new Intl.NumberFormat(INTL_LOCALES[locale], { style: "percent" }).format(value / 100);
    }
    return new Intl.NumberFormat(INTL_LOCALES[locale]).format(value);
  }
  if (typeof value === "string") {
    // A correction's list of the fields it changed (D549, D576): each by the field's words.
    if (field === "corrected") return label(value);
    const enumName = ENUM_OF_FIELD[field] ?? (area ? ENUM_OF_AREA_FIELD[area]?.[field] : undefined);
    if (enumName) return enumLabel(enumName, value, locale);
    if (ISO_INSTANT.test(value)) return berlinDateTimeText(value, locale);
    return value;
  }
  if (Array.isArray(value)) {
    return value.length === 0
      ? "—"
      : value.map((item) => auditValueText(field, item, locale, words, area, label)).join(", ");
  }
  if (isPlainObject(value)) {
    if (typeof value.de === "string")
      return (locale === "ru" && typeof value.ru === "string" && value.ru) || value.de;
    return Object.entries(value)
      .map(([key, inner]) => `${label(key)}: ${auditValueText(key, inner, locale, words, area, label)}`)
      .join("; ");
  }
  return String(value);
}

export type YesNo = { yes: string; no: string };

/** What a row shows of a long list (D417): its first values and its last, as the log's list sends them (D423). */
export function listGlimpse(texts: readonly string[]): string {
  return `${texts.slice(0, AUDIT_GLIMPSE_HEAD).join(", ")}, …, ${texts.at(-1)}`;
}
