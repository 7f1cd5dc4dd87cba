import type { Locale } from "@atelier/contract";
import { formatDate, formatMoney } from "./format.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

export type GiftCardMailCard = { code: string; amountCents: number; balanceCents: number; expiresOn: string };

export type GiftCardData = {
  firstName: string;
  orderId: number | string;
  cards: readonly GiftCardMailCard[];
};

type Texts = {
  subject: (orderId: string) => string;
  intro: string;
  code: string;
  value: string;
  balance: string;
  valid: string;
  redeem: string;
  print: string;
};

const TEXTS: Record<Locale, Texts> = {
  de: {
    subject: (orderId) => `Ihr Geschenkgutschein von Atelier (Bestellung Nr. ${orderId})`,
    intro: "vielen Dank! Hier ist Ihr Geschenkgutschein:",
    code: "Gutscheincode",
    value: "Wert",
    balance: "Guthaben",
    valid: "Gültig bis",
    redeem:
      "Eingelöst wird der Gutschein im Warenkorb im Feld „Gutscheincode“; das Guthaben zahlt einen Teil oder die ganze Buchung, ein Rest bleibt für später.",
    print: "Im Anhang finden Sie den Gutschein als PDF zum Ausdrucken und Verschenken.",
  },
  ru: {
    subject: (orderId) => `Ваш подарочный сертификат Atelier (заказ № ${orderId})`,
    intro: "Спасибо! Вот ваш подарочный сертификат:",
    code: "Код сертификата",
    value: "Номинал",
    balance: "Остаток",
    valid: "Действует до",
    redeem:
      "Сертификат используется в корзине в поле «Промокод»: остаток оплачивает часть или всю запись, неиспользованная сумма сохраняется.",
    print: "Во вложении — сертификат в PDF, чтобы распечатать и подарить.",
  },
};

/** The gift cards an order bought: code, value, balance and validity, the printable PDF attached. */
export const giftCardTemplate: MailTemplate<GiftCardData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const subject = t.subject(String(data.orderId));
  const rows = (card: GiftCardMailCard) => [
    { label: t.code, value: card.code },
    { label: t.value, value: formatMoney(card.amountCents, locale) },
    { label: t.balance, value: formatMoney(card.balanceCents, locale) },
    { label: t.valid, value: formatDate(card.expiresOn, locale) },
  ];
  return {
    subject,
    heading: subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro)}${data.cards.map((card) => detailsTable(rows(card)))}${paragraph(t.redeem)}${paragraph(t.print)}`,
    bodyText: [
      hello,
      "",
      t.intro,
      "",
      ...data.cards.flatMap((card) => [detailsText(rows(card)), ""]),
      t.redeem,
      "",
      t.print,
    ].join("\n"),
  };
};
