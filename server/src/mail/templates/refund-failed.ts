import type { Locale } from "@atelier/contract";
import { formatMoney } from "./format.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/**
 * A refund the family was told of that did not reach them (D578): the card's bank refused it after the
 * payment service took it, or the payment service refused it. The money is the family's still; the school
 * pays it another way.
 */
export type RefundFailedData = {
  firstName: string;
  orderId: number;
  amountCents: number;
  /** The card's bank refused it after Stripe took it (an expired or blocked card); else the gateway refused. */
  atBank: boolean;
  /** What the refund was for, as the parent's mails name a booking: "Töpfern – Ticket (Mila)" (`offerName`). */
  items: readonly string[];
};

type Texts = {
  subject: (orderId: number) => string;
  atBank: (amount: string, orderId: number) => string;
  refused: (amount: string, orderId: number) => string;
  item: string;
  amount: string;
  next: string;
  sorry: string;
};

const TEXTS: Record<Locale, Texts> = {
  de: {
    subject: (orderId) => `Erstattung zu Ihrer Bestellung Nr. ${orderId} nicht angekommen`,
    atBank: (amount, orderId) =>
      `die Erstattung von ${amount} zu Ihrer Bestellung Nr. ${orderId} hat Ihre Bank leider abgelehnt, zum Beispiel weil die Karte inzwischen abgelaufen oder gesperrt ist. Der Betrag ist deshalb an uns zurückgegangen und nicht bei Ihnen angekommen.`,
    refused: (amount, orderId) =>
      `die Erstattung von ${amount} zu Ihrer Bestellung Nr. ${orderId} konnte leider nicht über den Zahlungsweg ausgeführt werden, mit dem Sie bezahlt haben. Der Betrag ist noch bei uns.`,
    item: "Buchung",
    amount: "Betrag",
    next: "Das Geld steht Ihnen selbstverständlich weiterhin zu. Wir melden uns bei Ihnen, um es auf anderem Weg zu erstatten. Schneller geht es, wenn Sie auf diese E-Mail antworten und uns Kontoinhaber und IBAN für eine Überweisung nennen.",
    sorry: "Bitte entschuldigen Sie die Umstände.",
  },
  ru: {
    subject: (orderId) => `Возврат по заказу № ${orderId} не дошёл`,
    atBank: (amount, orderId) =>
      `К сожалению, ваш банк отклонил возврат ${amount} по заказу № ${orderId} — например, потому что срок действия карты истёк или карта заблокирована. Поэтому деньги вернулись к нам, а до вас не дошли.`,
    refused: (amount, orderId) =>
      `К сожалению, вернуть ${amount} по заказу № ${orderId} тем способом, которым вы платили, не получилось. Деньги пока остаются у нас.`,
    item: "Бронирование",
    amount: "Сумма",
    next: "Разумеется, эти деньги по-прежнему ваши. Мы свяжемся с вами, чтобы вернуть их другим способом. Быстрее всего будет, если вы ответите на это письмо и укажете владельца счёта и IBAN для банковского перевода.",
    sorry: "Приносим извинения за неудобства.",
  },
};

export const refundFailedTemplate: MailTemplate<RefundFailedData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const subject = t.subject(data.orderId);
  const amount = formatMoney(data.amountCents, locale);
  const what = (data.atBank ? t.atBank : t.refused)(amount, data.orderId);
  const rows = [
    ...data.items.map((item) => ({ label: t.item, value: item })),
    { label: t.amount, value: amount },
  ];
  return {
    subject,
    heading: subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(what)}${detailsTable(rows)}${paragraph(t.next)}${paragraph(t.sorry)}`,
    bodyText: [hello, "", what, "", detailsText(rows), "", t.next, "", t.sorry].join("\n"),
  };
};
