import { formatDate, formatMoney } from "./format.ts";
import { html } from "./html.ts";
import { type DetailRow, detailsTable, detailsText, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** What the school is told at once (D110). */
export type StaffNoticeEvent =
  | "paid_booking"
  | "cancellation"
  | "withdrawal"
  | "policy_cancellation"
  | "waiting_list_entry"
  | "payment_after_end"
  | "payment_amount_mismatch";

export type StaffNoticeData = {
  event: StaffNoticeEvent;
  /** Our order number; null for a waiting-list entry, which has no order. */
  orderId: number | null;
  /** The parent's e-mail, so staff can answer without looking them up. */
  parentEmail: string | null;
  /** Each child and offer the event is about; an academy booking with its weeks and day part (D294). */
  items: { child: string | null; offer: string; academy?: StaffNoticeAcademy | null }[];
  /**
   * A withdrawal's part that went back onto a gift card the school had deactivated (D504): the family cannot
   * spend it, so staff activate the card again or give them a new card for it.
   */
  blockedGiftCard?: { code: string; cents: number } | null;
  /** A month paid for a contract that ends before it (D555): what came in, and where, to refund it. */
  paymentAfterEnd?: {
    cents: number;
    gateway: string;
    reference: string;
    contractNumber: string;
    /** A month charged with another amount or currency (D597): what the gateway said, and the month's price. */
    charged?: string;
    expectedCents?: number;
  } | null;
};

/** An academy booking's weeks (ISO dates, both included) and the part of the day booked. */
export type StaffNoticeAcademy = {
  weeks: { startsOn: string; endsOn: string }[];
  dayPart: "first_half" | "second_half" | "full_day";
};

const DAY_PARTS: Record<StaffNoticeAcademy["dayPart"], string> = {
  first_half: "halbtags, vormittags",
  second_half: "halbtags, nachmittags",
  full_day: "ganztags",
};

/** "30. März 2026 – 3. April 2026" for each week booked. */
const weeksText = (academy: StaffNoticeAcademy) =>
  academy.weeks
    .map((week) => `${formatDate(week.startsOn, "de")} – ${formatDate(week.endsOn, "de")}`)
    .join("; ");

const EVENTS: Record<StaffNoticeEvent, { subject: string; intro: string }> = {
  paid_booking: { subject: "Neue Buchung bezahlt", intro: "Eine Buchung ist eben bezahlt worden." },
  cancellation: { subject: "Kündigung", intro: "Ein Kurs-Abo ist gekündigt worden." },
  withdrawal: { subject: "Widerruf", intro: "Eine Familie hat eine Buchung widerrufen." },
  policy_cancellation: {
    subject: "Stornierung",
    intro:
      "Eine Familie hat eine Buchung kostenlos storniert (Stornierungsregel des Angebots); der Preis wird erstattet.",
  },
  waiting_list_entry: {
    subject: "Neu auf der Warteliste",
    intro: "Ein Kind ist auf die Warteliste eingetragen worden.",
  },
  payment_after_end: {
    subject: "Bitte erstatten: Monatsbeitrag nach Vertragsende",
    intro:
      "Für einen Kurs-Vertrag, der vor diesem Monat endet (gekündigt oder beendet), ist ein Monatsbeitrag eingegangen. Der Monat wird nicht gegeben.",
  },
  payment_amount_mismatch: {
    subject: "Bitte prüfen: Monatsbeitrag mit anderem Betrag",
    intro:
      "Die automatische Zahlung eines Kurs-Abos hat einen anderen Betrag oder eine andere Währung eingezogen als den Monatsbeitrag. Der Monat wird deshalb nicht gegeben: Erstatten Sie die Zahlung und klären Sie den Monat mit der Familie.",
  },
};

/**
 * The school's notice of a booking, cancellation, withdrawal or waiting-list entry. Always German: the
 * school works in German, whatever language the family chose (as for contact and visit requests).
 */
export const staffNoticeTemplate: MailTemplate<StaffNoticeData> = (data) => {
  const event = EVENTS[data.event];
  const rows: { label: string; value: string }[] = [];
  for (const item of data.items) {
    rows.push({ label: "Kind", value: item.child ?? "ohne Kind (Gutschein)" });
    rows.push({ label: "Angebot", value: item.offer });
    if (item.academy && item.academy.weeks.length > 0) {
      rows.push({
        label: item.academy.weeks.length > 1 ? "Wochen" : "Woche",
        value: weeksText(item.academy),
      });
      rows.push({ label: "Betreuung", value: DAY_PARTS[item.academy.dayPart] });
    }
  }
  if (data.orderId !== null) rows.push({ label: "Bestellung", value: `Nr. ${data.orderId}` });
  if (data.parentEmail) rows.push({ label: "E-Mail der Eltern", value: data.parentEmail });
  const first = data.items[0];
  const who = first ? `${first.child ?? "ohne Kind"}, ${first.offer}` : "";
  const more = data.items.length > 1 ? ` (+${data.items.length - 1})` : "";
  const card = data.blockedGiftCard;
  const paid = data.paymentAfterEnd;
  if (paid) {
    rows.push({ label: "Vertragsnummer", value: paid.contractNumber });
    if (paid.charged !== undefined) {
      rows.push({ label: "Eingezogen", value: paid.charged });
      rows.push({ label: "Monatsbeitrag", value: formatMoney(paid.expectedCents ?? 0, "de") });
    } else rows.push({ label: "Betrag", value: formatMoney(paid.cents, "de") });
    rows.push({ label: "Zahlung", value: `${paid.gateway} ${paid.reference}` });
  }
  const todo = card
    ? `Handlungsbedarf: ${formatMoney(card.cents, "de")} wurden auf den Gutschein ${card.code} zurückgebucht, den die Schule deaktiviert hat; so kann die Familie den Betrag nicht einlösen. Aktivieren Sie den Gutschein wieder oder stellen Sie der Familie einen neuen Gutschein über diesen Betrag aus. Im zweiten Fall bleibt der alte deaktiviert: sein Guthaben enthält den Betrag noch.`
    : paid
      ? `Handlungsbedarf: Erstatten Sie der Familie ${paid.charged ?? formatMoney(paid.cents, "de")} im Zahlungsdienst (${paid.gateway}, Zahlung ${paid.reference}). Die Zahlung ist beim Vertrag vermerkt.`
      : null;
  return {
    subject: `${event.subject}: ${who}${more}`,
    heading: event.subject,
    bodyHtml: html`${paragraph(event.intro)}${detailsTable(rows as DetailRow[])}${todo ? paragraph(todo) : ""}`,
    bodyText: [event.intro, "", detailsText(rows), ...(todo ? ["", todo] : [])].join("\n"),
  };
};
