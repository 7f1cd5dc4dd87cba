import type { Locale } from "@atelier/contract";
import { formatMoney } from "./format.ts";
import { type GiftCardReturn, giftCardPartOf, giftCardReturnRows } from "./gift-card-return.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

export type StaffRefundData = GiftCardReturn & {
  firstName: string;
  orderId: number;
  /** "Malen 5–7 – Kurs (1 / Woche) (Mila Muster)". */
  item: string;
  refundCents: number;
  /** Whether the booking was cancelled with it (its seat is free again). */
  cancelled: boolean;
  /** The booking had ended before (a contract's month refunded after its end, D558): nothing is said of it. */
  ended?: boolean;
  /** The reason staff gave, shown to the parent as written; empty: none given (a refund made at the gateway). */
  reason: string;
  /** The credit note's number, attached as PDF; null when nothing is refunded. */
  creditNoteNumber: string | null;
  /** The money went back in the gateway's dashboard before (D562): said as done, not as coming. */
  alreadyRefunded?: boolean;
  /**
   * A gift card the booking bought, refunded in part: what it is worth now (D640), as its recipient's mail
   * and its PDF say (D629). Absent otherwise and in mails queued before.
   */
  giftCardWorthCents?: number | null;
};

type Texts = {
  subject: (orderId: number, cancelled: boolean, refund: boolean) => string;
  intro: (cancelled: boolean, refund: boolean) => string;
  /** The refund made before in the payment account, booked now (D562). */
  introDone: (cancelled: boolean) => string;
  howDone: string;
  /** A refund for a booking that had ended before. */
  introEnded: string;
  item: string;
  refund: string;
  reason: string;
  creditNote: string;
  how: string;
  howGiftCard: string;
  howBoth: string;
  /** What the bought gift card is worth after the refund (D640). */
  cardWorth: (money: string) => string;
  questions: string;
};

const TEXTS: Record<Locale, Texts> = {
  de: {
    subject: (orderId, cancelled, refund) =>
      refund
        ? `Erstattung zu Ihrer Bestellung Nr. ${orderId}`
        : cancelled
          ? `Stornierung in Ihrer Bestellung Nr. ${orderId}`
          : `Ihre Bestellung Nr. ${orderId}`,
    intro: (cancelled, refund) =>
      cancelled
        ? refund
          ? "wir haben die folgende Buchung storniert und erstatten Ihnen einen Betrag. Der Platz ist damit wieder frei."
          : "wir haben die folgende Buchung storniert. Der Platz ist damit wieder frei."
        : "wir erstatten Ihnen einen Betrag zu der folgenden Buchung. Die Buchung selbst bleibt bestehen.",
    introDone: (cancelled) =>
      cancelled
        ? "wir haben die folgende Buchung storniert und Ihnen einen Betrag erstattet. Der Platz ist damit wieder frei."
        : "wir haben Ihnen einen Betrag zu der folgenden Buchung erstattet. Die Buchung selbst bleibt bestehen.",
    howDone:
      "Der Betrag ist bereits über den Zahlungsweg an Sie zurückgegangen, den Sie verwendet haben. Die Gutschrift dazu ist als PDF angehängt.",
    introEnded: "wir erstatten Ihnen einen Betrag zu der folgenden Buchung.",
    item: "Buchung",
    refund: "Erstattung",
    reason: "Grund",
    creditNote: "Gutschrift",
    how: "Die Erstattung erfolgt über den Zahlungsweg, den Sie verwendet haben. Je nach Zahlungsart kann es einige Tage dauern, bis sie sichtbar ist. Die Gutschrift ist als PDF angehängt.",
    howGiftCard:
      "Sie hatten mit einem Gutschein bezahlt: Der Betrag ist Ihrem Gutschein wieder gutgeschrieben, und Sie können ihn bei Ihrer nächsten Buchung einlösen. Die Gutschrift ist als PDF angehängt.",
    howBoth:
      "Der Anteil, den Sie mit einem Gutschein bezahlt hatten, ist Ihrem Gutschein wieder gutgeschrieben. Der Rest wird über den Zahlungsweg erstattet, den Sie verwendet haben; je nach Zahlungsart kann es einige Tage dauern, bis er sichtbar ist. Die Gutschrift ist als PDF angehängt.",
    cardWorth: (money) => `Der Gutschein ist jetzt noch ${money} wert.`,
    questions: "Bei Fragen antworten Sie einfach auf diese E-Mail.",
  },
  ru: {
    subject: (orderId, cancelled, refund) =>
      refund
        ? `Возврат денег по заказу № ${orderId}`
        : cancelled
          ? `Отмена бронирования в заказе № ${orderId}`
          : `Ваш заказ № ${orderId}`,
    intro: (cancelled, refund) =>
      cancelled
        ? refund
          ? "Мы отменили следующее бронирование и возвращаем вам деньги. Место снова свободно."
          : "Мы отменили следующее бронирование. Место снова свободно."
        : "Мы возвращаем вам часть оплаты за следующее бронирование. Само бронирование остаётся в силе.",
    introDone: (cancelled) =>
      cancelled
        ? "Мы отменили следующее бронирование и вернули вам деньги. Место снова свободно."
        : "Мы вернули вам часть оплаты за следующее бронирование. Само бронирование остаётся в силе.",
    howDone:
      "Деньги уже вернулись к вам тем же способом, которым вы платили. Кредит-нота к этому возврату приложена в PDF.",
    introEnded: "Мы возвращаем вам часть оплаты за следующее бронирование.",
    item: "Бронирование",
    refund: "Возврат",
    reason: "Причина",
    creditNote: "Кредит-нота",
    how: "Деньги вернутся тем же способом, которым вы платили. В зависимости от способа оплаты зачисление может занять несколько дней. Кредит-нота приложена в PDF.",
    howGiftCard:
      "Вы платили подарочным сертификатом: сумма снова зачислена на сертификат, и вы можете использовать её при следующем бронировании. Кредит-нота приложена в PDF.",
    howBoth:
      "Часть, оплаченная подарочным сертификатом, снова зачислена на сертификат. Остальное вернётся тем же способом, которым вы платили; в зависимости от способа оплаты зачисление может занять несколько дней. Кредит-нота приложена в PDF.",
    cardWorth: (money) => `Теперь сертификат действует на сумму ${money}.`,
    questions: "Если у вас есть вопросы, просто ответьте на это письмо.",
  },
};

/** A refund or cancellation staff made from the back office (D127), in the parent's language. */
export const staffRefundTemplate: MailTemplate<StaffRefundData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const refund = data.refundCents > 0;
  const toCard = giftCardPartOf(data);
  const subject = t.subject(data.orderId, data.cancelled, refund);
  const rows = [
    { label: t.item, value: data.item },
    ...(refund ? [{ label: t.refund, value: formatMoney(data.refundCents, locale) }] : []),
    // The whole refund onto the card says so in its text (`howGiftCard`); only a part is a row of its own.
    ...giftCardReturnRows(data, locale, toCard < data.refundCents),
    ...(data.reason ? [{ label: t.reason, value: data.reason }] : []),
    ...(data.creditNoteNumber ? [{ label: t.creditNote, value: data.creditNoteNumber }] : []),
  ];
  const done = data.alreadyRefunded === true && refund;
  const intro = done
    ? t.introDone(data.cancelled)
    : data.ended && !data.cancelled
      ? t.introEnded
      : t.intro(data.cancelled, refund);
  const how = done ? t.howDone : toCard === 0 ? t.how : toCard < data.refundCents ? t.howBoth : t.howGiftCard;
  const worth = data.giftCardWorthCents;
  const money = refund ? [how, ...(worth ? [t.cardWorth(formatMoney(worth, locale))] : [])] : [];
  return {
    subject,
    heading: subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(intro)}${detailsTable(rows)}${money.map((line) => paragraph(line))}${paragraph(t.questions)}`,
    bodyText: [
      hello,
      "",
      intro,
      "",
      detailsText(rows),
      "",
      ...money.flatMap((line) => [line, ""]),
      t.questions,
    ].join("\n"),
  };
};
