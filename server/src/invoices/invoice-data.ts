import {
  addDays,
  type BillingPeriod,
  type ClosedRange,
  firstBillingPeriod,
  firstLessonDay,
  isClosed,
  isVatExempt,
  type Locale,
  offerName,
  type ProductType,
  weekdayOf,
} from "@atelier/contract";
import { type BillingDetails, EMPTY_BILLING, type InvoiceData, type InvoiceLine } from "../db/index.ts";

/**
 * Turns a paid order into the data its invoice freezes (§ 14(4) UStG): the buyer, one line per item
 * with what was booked, and the service period. Pure, so the rules are tested without a database.
 */

/** An item as the order's documents need it (the cart's item row has these fields). */
export type DocumentItem = {
  productType: ProductType;
  pageName: string;
  optionName: string;
  visitorFirstName: string | null;
  visitorLastName: string | null;
  calculatedPriceCents: number;
  siblingDiscountCents: number;
  promocodeDiscountCents: number;
  recurrentPriceCents: number;
  slots: { weekday: number | null; date: string | null; start: string; end: string }[];
  weeks: { starts_on: string; ends_on: string }[];
  /** The purchase option's meetings of a meeting card (null otherwise). */
  numberOfMeetings: number | null;
  place: string | null;
  /** A course subscription's contract number (D91); the subscription is started before the invoice. */
  contractNumber?: string | null;
  /** A course subscription's first paid period as its row keeps it (D121), once started. */
  paidPeriod?: BillingPeriod | null;
  /** A meeting card's course's closed days from its payment on (D122): its last meeting moves past them (D548). */
  closed?: readonly ClosedRange[];
};

export type Buyer = { billing: BillingDetails | null; profile: BillingDetails | null };

const WEEKDAYS: Record<Locale, readonly string[]> = {
  de: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
  ru: ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"],
};

const WORDS: Record<Locale, { weekly: string; firstMonth: string }> = {
  de: { weekly: "wöchentlich", firstMonth: "erster Monat" },
  ru: { weekly: "еженедельно", firstMonth: "первый месяц" },
};

/**
 * The billing data given at checkout; without it, the profile. Taken whole, not field by field, so an
 * address is never half the checkout's and half the profile's; only the contact fields fall back.
 */
export function invoiceBuyer(buyer: Buyer): BillingDetails {
  const chosen = { ...EMPTY_BILLING, ...(buyer.billing ?? buyer.profile ?? {}) };
  return {
    ...chosen,
    email: chosen.email || buyer.profile?.email || "",
    phone_number: chosen.phone_number || buyer.profile?.phone_number || "",
  };
}

/** `YYYY-MM-DD` as the invoice and the mail print it in both locales: 02.03.2026. */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return year && month && day ? `${day}.${month}.${year}` : isoDate;
}

/** The first day on or after `from` that falls on `weekday` (0 = Monday). */
export function nextWeekday(from: string, weekday: number): string {
  const isoDow = (new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(from, (weekday - isoDow + 7) % 7);
}

type Period = { from: string; to: string };

/**
 * The days an item's service is rendered. Dated sessions and academy weeks have their dates; a weekly
 * course starts with its first lesson not yet begun at `today` (an instant, or a whole Berlin day: D250), and the amount due now pays its first month
 * (a subscription: the contract's one period, D121, as its row keeps it) or its meetings at the booked
 * weekly times (a meeting card: up to its last meeting's day). A gift card has none. With the course's `closed` days (D122; by default the item's own) the first lesson
 * and a first month without a contract's period skip them, as the contract does (D537).
 */
export function itemPeriod(
  item: Pick<
    DocumentItem,
    "slots" | "weeks" | "recurrentPriceCents" | "numberOfMeetings" | "paidPeriod" | "closed"
  >,
  today: Date | string,
  closed: readonly ClosedRange[] = item.closed ?? [],
): Period | null {
  const days: string[] = [];
  for (const slot of item.slots) if (slot.date) days.push(slot.date);
  for (const week of item.weeks) days.push(week.starts_on, week.ends_on);
  const weekly = item.slots.flatMap((slot) =>
    slot.weekday === null ? [] : [{ weekday: slot.weekday, start: slot.start }],
  );
  if (weekly.length > 0) {
    const first = firstLessonDay(today, weekly, closed);
    if (item.recurrentPriceCents > 0) {
      const period = item.paidPeriod ?? firstBillingPeriod(today, weekly, closed);
      days.push(period.from, period.to);
    } else if (item.numberOfMeetings) {
      days.push(first, lastMeetingDay(first, weekly, item.numberOfMeetings, closed));
    } else days.push(first);
  }
  if (days.length === 0) return null;
  days.sort();
  return { from: days[0] as string, to: days[days.length - 1] as string };
}

/** A meeting card with weekly times: its meetings, and so its last day, depend on the closed days (D548). */
export const isMeetingCard = (item: {
  recurrentPriceCents: number;
  numberOfMeetings: number | null;
  slots: readonly { weekday: number | null }[];
}) =>
  item.recurrentPriceCents === 0 &&
  Boolean(item.numberOfMeetings) &&
  item.slots.some((slot) => slot.weekday !== null);

/**
 * The day of a meeting card's last meeting (D548): its meetings are its weekly times from its first lesson
 * on, one a time a week, and a closed day is no meeting, so a holiday moves the last one on. Closures of
 * more than a year are not looked past, as for the first lesson (`firstLessonDay`).
 */
function lastMeetingDay(
  first: string,
  weekly: readonly { weekday: number }[],
  meetings: number,
  closed: readonly ClosedRange[],
): string {
  const weekdays = weekly.map((slot) => slot.weekday);
  let left = meetings;
  // Its weeks, and a year of closures at most: where the first lesson is looked for too (firstLessonDay).
  const until = addDays(first, Math.ceil(meetings / Math.max(1, weekdays.length)) * 7 + 366);
  // Day by day from the first lesson, stopping at the last meeting: the door asks this for every card.
  for (let day = first; day <= until; day = addDays(day, 1)) {
    const held = weekdays.filter((weekday) => weekday === weekdayOf(day)).length;
    if (held === 0 || isClosed(day, closed)) continue;
    left -= held;
    if (left <= 0) return day;
  }
  return until;
}

/** What was booked, in words: weekly times, dated sessions, academy weeks. */
export function describeBooking(item: DocumentItem, locale: Locale, today: Date | string): string {
  const parts: string[] = [];
  const weekly = item.slots.filter((slot) => slot.weekday !== null);
  if (weekly.length > 0) {
    const times = weekly.map((slot) => `${WEEKDAYS[locale][slot.weekday ?? 0]} ${slot.start}–${slot.end}`);
    parts.push(`${times.join(", ")} (${WORDS[locale].weekly})`);
    const period = itemPeriod(item, today);
    if (item.recurrentPriceCents > 0 && period) {
      parts.push(`${WORDS[locale].firstMonth}: ${formatDay(period.from)}–${formatDay(period.to)}`);
    }
  }
  for (const slot of item.slots) {
    if (slot.date) parts.push(`${formatDay(slot.date)}, ${slot.start}–${slot.end}`);
  }
  for (const week of item.weeks) parts.push(`${formatDay(week.starts_on)}–${formatDay(week.ends_on)}`);
  return parts.join("; ");
}

export function invoiceLine(item: DocumentItem, locale: Locale, today: Date | string): InvoiceLine {
  const discountCents = item.siblingDiscountCents + item.promocodeDiscountCents;
  const visitorName = [item.visitorFirstName, item.visitorLastName].filter(Boolean).join(" ").trim();
  return {
    name: offerName(item.pageName, item.optionName),
    productType: item.productType,
    visitorName: visitorName || null,
    when: describeBooking(item, locale, today),
    place: item.place || null,
    ...(item.contractNumber ? { contractNumber: item.contractNumber } : {}),
    listCents: item.calculatedPriceCents,
    discountCents,
    totalCents: item.calculatedPriceCents - discountCents,
    vatExempt: isVatExempt(item.productType),
    // A gift card pays for exempt courses and taxed events alike: a multi-purpose voucher (D283).
    ...(item.productType === "GiftCard" ? { voucher: true as const } : {}),
  };
}

export type OrderInvoiceInput = {
  locale: Locale;
  buyer: Buyer;
  items: readonly DocumentItem[];
  giftCardCents: number;
  paymentReference: string | null;
  /** The moment of issue (a weekly course starts with its first lesson not yet begun then, D250), or a Berlin day. */
  today: Date | string;
};

/** The data of an order's invoice; its lines are in the order of `items`. */
export function buildInvoiceData(input: OrderInvoiceInput): InvoiceData {
  const lines = input.items.map((item) => invoiceLine(item, input.locale, input.today));
  const periods = input.items.flatMap((item) => itemPeriod(item, input.today) ?? []);
  const froms = periods.map((p) => p.from).sort();
  const tos = periods.map((p) => p.to).sort();
  return {
    locale: input.locale,
    buyer: invoiceBuyer(input.buyer),
    lines,
    totalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
    giftCardCents: input.giftCardCents,
    serviceFrom: froms[0] ?? null,
    serviceTo: tos[tos.length - 1] ?? null,
    paymentReference: input.paymentReference,
  };
}

/**
 * How a line is taxed: 19 % included, exempt (§ 4 Nr. 21 UStG), or a multi-purpose voucher's sale, not
 * subject to VAT (§ 3 Abs. 15 UStG, D283). Lines issued before D283 keep what they printed.
 */
export type VatTreatment = "taxed" | "exempt" | "voucher";

export function vatTreatment(line: Pick<InvoiceLine, "vatExempt" | "voucher">): VatTreatment {
  if (line.voucher) return "voucher";
  return line.vatExempt ? "exempt" : "taxed";
}

type VatLine = Pick<InvoiceLine, "vatExempt" | "voucher" | "totalCents" | "vatCents">;

/**
 * The VAT a line states: what it stored when it was issued (a credit note's, D639), else the included 19 %
 * of its gross rounded to the cent, as invoices and the documents issued before print it; none untaxed.
 */
export function lineVatCents(line: VatLine): number {
  if (vatTreatment(line) !== "taxed") return 0;
  return line.vatCents ?? includedVatCents(line.totalCents);
}

/** The VAT of the taxed lines as the document states it: what its PDF, the CSV and DATEV book. */
export function documentVatCents(lines: readonly VatLine[]) {
  return lines.reduce((sum, line) => sum + lineVatCents(line), 0);
}

/**
 * The VAT a credit note reverses of a taxed line (D639): the VAT of all refunded of it so far, this note
 * included, less what the earlier notes reversed. Each note rounding its own share would drift: three
 * thirds of 10,20 € reverse 0,54 € each, 1,62 € of the invoice's 1,63 €. So the notes' VAT sums to the VAT
 * of what they refunded in all, and a line refunded whole reverses exactly what its invoice charged.
 */
export function creditedVatCents(earlier: { grossCents: number; vatCents: number }, refundCents: number) {
  const share = includedVatCents(earlier.grossCents + refundCents) - earlier.vatCents;
  // Notes from before D639 each rounded their own VAT and may have reversed more than their share: a note
  // never states a negative VAT, nor more than its own included VAT and a cent (found by the review).
  return Math.min(Math.max(share, 0), includedVatCents(refundCents) + 1);
}

/** The VAT included in a gross amount at 19 % (§ 12(1) UStG), rounded to the cent. */
export const VAT_RATE_PERCENT = 19;

export function includedVatCents(grossCents: number): number {
  return Math.round((grossCents * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}
