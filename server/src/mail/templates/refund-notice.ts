import type { Locale } from "@atelier/contract";
import { formatMoney } from "./format.ts";
import { html } from "./html.ts";
import { greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/**
 * Why a payment is sent back: a late capture whose seats (D51) or promocode use (D90) went to others
 * meanwhile, or whose gift card part went back onto the card when the reservation ran out (D56), or a
 * capture that did not match the order (D90).
 */
export type RefundReason = "seats_gone" | "promocode_used_up" | "gift_card_released" | "capture_mismatch";

export type RefundNoticeData = {
  firstName: string;
  orderId: number | string;
  amountCents: number;
  reason: RefundReason;
  /** What the order held, e.g. "Töpfern – Ticket (Mila)". */
  items: readonly string[];
  /**
   * The gateway refused the refund (D578): it could not go back the way the family paid, and the school pays
   * it another way. Absent: the refund is on its way.
   */
  refundFailed?: boolean;
};

type Texts = {
  subject: (orderId: string) => string;
  reasons: Record<RefundReason, string>;
  items: string;
  refund: (amount: string) => string;
  refundFailed: (amount: string) => string;
  sorry: string;
  questions: string;
};

const TEXTS: Record<Locale, Texts> = {
  de: {
    subject: (orderId) => `Ihre Bestellung Nr. ${orderId}: Zahlung wird erstattet`,
    reasons: {
      seats_gone:
        "Ihre Zahlung ist erst nach Ablauf der Reservierung bei uns eingegangen. In der Zwischenzeit wurden die Plätze leider anderweitig vergeben, daher konnten wir die Buchung nicht abschließen.",
      promocode_used_up:
        "Ihre Zahlung ist erst nach Ablauf der Reservierung bei uns eingegangen. In der Zwischenzeit wurde Ihr Gutscheincode vollständig eingelöst, daher konnten wir die Buchung zu diesem Preis nicht abschließen.",
      gift_card_released:
        "Ihre Zahlung ist erst nach Ablauf der Reservierung bei uns eingegangen. Mit dem Ablauf wurde der Anteil, den Ihr Geschenkgutschein zahlen sollte, wieder auf den Gutschein gebucht, daher konnten wir die Buchung nicht abschließen. Ihr Gutschein behält seinen Wert und zahlt bei einer neuen Bestellung wieder mit.",
      capture_mismatch:
        "Der bei uns eingegangene Betrag stimmte nicht mit Ihrer Bestellung überein, daher konnten wir die Buchung nicht abschließen.",
    },
    items: "Betroffen ist:",
    refund: (amount) =>
      `Wir erstatten Ihnen den vollen Betrag von ${amount} auf dem Weg, auf dem Sie bezahlt haben. Je nach Zahlungsart kann es einige Tage dauern, bis die Gutschrift sichtbar ist.`,
    refundFailed: (amount) =>
      `Den Betrag von ${amount} konnten wir leider nicht auf dem Weg erstatten, auf dem Sie bezahlt haben. Das Geld steht Ihnen selbstverständlich zu: Wir melden uns bei Ihnen, um es auf anderem Weg zu erstatten. Schneller geht es, wenn Sie auf diese E-Mail antworten und uns Kontoinhaber und IBAN für eine Überweisung nennen.`,
    sorry: "Wir bitten um Entschuldigung. Gern können Sie einen anderen Termin buchen.",
    questions: "Bei Fragen antworten Sie einfach auf diese E-Mail.",
  },
  ru: {
    subject: (orderId) => `Ваш заказ № ${orderId}: оплата будет возвращена`,
    reasons: {
      seats_gone:
        "Ваш платёж поступил к нам уже после окончания срока резервирования. За это время места, к сожалению, заняли, поэтому мы не смогли завершить бронирование.",
      promocode_used_up:
        "Ваш платёж поступил к нам уже после окончания срока резервирования. За это время ваш промокод был полностью исчерпан, поэтому мы не смогли завершить бронирование по этой цене.",
      gift_card_released:
        "Ваш платёж поступил к нам уже после окончания срока резервирования. Когда бронь истекла, часть суммы, которую должен был оплатить ваш подарочный сертификат, вернулась на сертификат, поэтому мы не смогли завершить бронирование. Сертификат сохраняет свою стоимость и снова оплатит часть нового заказа.",
      capture_mismatch:
        "Поступившая к нам сумма не совпала с суммой вашего заказа, поэтому мы не смогли завершить бронирование.",
    },
    items: "Это касается:",
    refund: (amount) =>
      `Мы вернём вам всю сумму — ${amount} — тем же способом, которым вы платили. В зависимости от способа оплаты зачисление может занять несколько дней.`,
    refundFailed: (amount) =>
      `К сожалению, вернуть ${amount} тем способом, которым вы платили, не получилось. Разумеется, эти деньги ваши: мы свяжемся с вами, чтобы вернуть их другим способом. Быстрее всего будет, если вы ответите на это письмо и укажете владельца счёта и IBAN для банковского перевода.`,
    sorry: "Приносим извинения. Вы можете выбрать и забронировать другое время.",
    questions: "Если у вас есть вопросы, просто ответьте на это письмо.",
  },
};

/** A payment the shop could not keep (D51, D90): the money goes back in full. */
export const refundNoticeTemplate: MailTemplate<RefundNoticeData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const subject = t.subject(String(data.orderId));
  const amount = formatMoney(data.amountCents, locale);
  const refund = (data.refundFailed ? t.refundFailed : t.refund)(amount);
  // The refused variant asks for a reply with the IBAN already: the usual closing line would ask twice.
  const closing = data.refundFailed ? [] : [t.questions];
  const list = data.items.length
    ? html`${paragraph(t.items)}<ul style="margin:0 0 16px;padding-left:20px;">${data.items.map(
        (item) => html`<li>${item}</li>`,
      )}</ul>`
    : "";
  return {
    subject,
    heading: subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(t.reasons[data.reason])}${list}${paragraph(refund)}${paragraph(t.sorry)}${closing.map((line) => paragraph(line))}`,
    bodyText: [
      hello,
      "",
      t.reasons[data.reason],
      "",
      ...(data.items.length ? [t.items, ...data.items.map((item) => `- ${item}`), ""] : []),
      refund,
      "",
      t.sorry,
      ...closing.flatMap((line) => ["", line]),
    ].join("\n"),
  };
};
