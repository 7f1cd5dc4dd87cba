import type { Locale, WithdrawalKind } from "@atelier/contract";
import { formatDate, formatMoney } from "./format.ts";
import { type GiftCardReturn, giftCardReturnRows } from "./gift-card-return.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** How the refund was computed (D76), as the mail explains it. */
export type WithdrawalMailBasis = "full" | "pro_rata" | "gift_card_balance";

export type WithdrawalConfirmationData = GiftCardReturn & {
  /**
   * `cancellation`: a workshop's or event's free cancellation under its refund policy (D142, D179), worded
   * as a cancellation with refund; absent (mails queued before D179) or `withdrawal`: the statutory withdrawal.
   */
  kind?: WithdrawalKind;
  firstName: string;
  orderId: number;
  /** "Malen 5–7 – Kurs (1 / Woche) (Mila Muster)". */
  item: string;
  /** When the withdrawal was received, `YYYY-MM-DD` (Berlin). */
  receivedOn: string;
  paidCents: number;
  refundCents: number;
  basis: WithdrawalMailBasis;
  /** The credit note's number, attached as PDF; null when nothing is refunded. */
  creditNoteNumber: string | null;
  /** What the school refunded of the item before (D552): the refund is the rest. Absent on older mails. */
  alreadyRefundedCents?: number;
};

type Texts = {
  subject: (orderId: number) => string;
  /** `seat`: the booking held a seat, now free again (a gift card holds none, D486). */
  received: (date: string, seat: boolean) => string;
  item: string;
  paid: string;
  /** What the school refunded of it before (D552). */
  already: string;
  /** The basis `full` after such a refund: the rest of the price, not all of it. */
  rest: string;
  refund: string;
  creditNote: string;
  bases: Record<WithdrawalMailBasis, string>;
  how: string;
  nothing: string;
  questions: string;
};

const WITHDRAWAL_TEXTS: Record<Locale, Texts> = {
  de: {
    subject: (orderId) => `Eingangsbestätigung Ihres Widerrufs (Bestellung Nr. ${orderId})`,
    received: (date, seat) =>
      `wir bestätigen den Eingang Ihres Widerrufs vom ${date}. Der Vertrag über die folgende Buchung ist damit widerrufen${seat ? "; der Platz ist wieder frei" : ""}.`,
    item: "Buchung",
    paid: "Bezahlt",
    already: "Bereits erstattet",
    rest: "Wir erstatten den Betrag, den wir Ihnen noch nicht erstattet hatten.",
    refund: "Erstattung",
    creditNote: "Gutschrift",
    bases: {
      full: "Wir erstatten den vollen Betrag.",
      pro_rata:
        "Da die Leistung auf Ihren ausdrücklichen Wunsch bereits vor Ablauf der Widerrufsfrist begonnen hat, behalten wir den Anteil der bereits erbrachten Termine ein (§ 357a Abs. 2 BGB) und erstatten den Rest.",
      gift_card_balance:
        "Wir erstatten das verbleibende Guthaben des Gutscheins; der Gutschein ist damit ungültig.",
    },
    how: "Die Erstattung erfolgt über den Zahlungsweg, den Sie verwendet haben, binnen 14 Tagen; ein Anteil, der mit einem Gutschein bezahlt wurde, wird dem Gutschein wieder gutgeschrieben. Die Gutschrift ist als PDF angehängt.",
    nothing: "Es ist kein Betrag zu erstatten.",
    questions: "Bei Fragen antworten Sie einfach auf diese E-Mail.",
  },
  ru: {
    subject: (orderId) => `Подтверждение получения отказа от договора (заказ № ${orderId})`,
    received: (date, seat) =>
      // The Russian date ends in "г.", so it stands where no full stop follows it.
      `Подтверждаем, что ${date} мы получили ваш отказ от договора. Договор по следующему бронированию расторгнут${seat ? ", место снова свободно" : ""}.`,
    item: "Бронирование",
    paid: "Оплачено",
    already: "Уже возвращено",
    rest: "Мы возвращаем оставшуюся сумму, которую ещё не вернули вам раньше.",
    refund: "Возврат",
    creditNote: "Кредит-нота",
    bases: {
      full: "Мы возвращаем всю сумму.",
      pro_rata:
        "Поскольку по вашей явной просьбе услуга началась до окончания срока отказа, мы удерживаем долю уже проведённых занятий (§ 357a абз. 2 ГГУ) и возвращаем остаток.",
      gift_card_balance: "Мы возвращаем оставшийся баланс сертификата; сертификат больше недействителен.",
    },
    how: "Возврат производится тем же способом оплаты в течение 14 дней; часть, оплаченная сертификатом, возвращается на сертификат. Кредит-нота приложена в PDF.",
    nothing: "Сумма к возврату отсутствует.",
    questions: "Если у вас есть вопросы, просто ответьте на это письмо.",
  },
};

/** A free cancellation under the offer's refund policy (D142): no withdrawal, no § 357a, the price comes back. */
const CANCELLATION_TEXTS: Record<Locale, Texts> = {
  de: {
    ...WITHDRAWAL_TEXTS.de,
    subject: (orderId) => `Bestätigung Ihrer Stornierung (Bestellung Nr. ${orderId})`,
    received: (date) =>
      `wir bestätigen Ihre Stornierung vom ${date}. Die folgende Buchung ist storniert; der Platz ist wieder frei.`,
    bases: {
      ...WITHDRAWAL_TEXTS.de.bases,
      full: "Sie haben innerhalb der kostenlosen Stornierungsfrist storniert; wir erstatten den vollen Betrag.",
    },
    how: "Der Betrag wird über den Zahlungsweg erstattet, den Sie verwendet haben; ein Anteil, der mit einem Gutschein bezahlt wurde, wird dem Gutschein wieder gutgeschrieben. Die Gutschrift ist als PDF angehängt.",
  },
  ru: {
    ...WITHDRAWAL_TEXTS.ru,
    subject: (orderId) => `Подтверждение отмены (заказ № ${orderId})`,
    received: (date) => `Подтверждаем, что ${date} вы отменили следующее бронирование. Место снова свободно.`,
    bases: {
      ...WITHDRAWAL_TEXTS.ru.bases,
      full: "Вы отменили бронирование в срок бесплатной отмены, поэтому мы возвращаем всю сумму.",
    },
    how: "Деньги будут возвращены тем же способом оплаты; часть, оплаченная сертификатом, возвращается на сертификат. Кредит-нота приложена в PDF.",
  },
};

/**
 * Sent at once when a parent withdraws (§ 356a BGB wants the receipt confirmed without delay), or cancels a
 * workshop or event under its refund policy (the same path, worded as a cancellation with refund, D179).
 */
export const withdrawalConfirmationTemplate: MailTemplate<WithdrawalConfirmationData> = (data, locale) => {
  const t = (data.kind === "cancellation" ? CANCELLATION_TEXTS : WITHDRAWAL_TEXTS)[locale];
  const hello = greeting(data.firstName, locale);
  const subject = t.subject(data.orderId);
  const already = data.alreadyRefundedCents ?? 0;
  const rows = [
    { label: t.item, value: data.item },
    { label: t.paid, value: formatMoney(data.paidCents, locale) },
    ...(already > 0 ? [{ label: t.already, value: formatMoney(already, locale) }] : []),
    { label: t.refund, value: formatMoney(data.refundCents, locale) },
    ...giftCardReturnRows(data, locale, true),
    ...(data.creditNoteNumber ? [{ label: t.creditNote, value: data.creditNoteNumber }] : []),
  ];
  const received = t.received(formatDate(data.receivedOn, locale), data.basis !== "gift_card_balance");
  const basis = data.basis === "full" && already > 0 ? t.rest : t.bases[data.basis];
  const money = data.refundCents > 0 ? [basis, t.how] : [t.nothing];
  return {
    subject,
    heading: subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(received)}${detailsTable(rows)}${money.map((line) => paragraph(line))}${paragraph(t.questions)}`,
    bodyText: [
      hello,
      "",
      received,
      "",
      detailsText(rows),
      "",
      ...money.flatMap((line) => [line, ""]),
      t.questions,
    ].join("\n"),
  };
};
