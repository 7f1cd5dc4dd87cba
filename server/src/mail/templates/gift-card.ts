import type { Locale } from "@atelier/contract";
import { formatDate, formatMoney } from "./format.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";
import { senderWordsHtml, senderWordsText } from "./user-text.ts";

export type GiftCardMailCard = {
  code: string;
  amountCents: number;
  balanceCents: number;
  expiresOn: string;
  /** Who the card is for and the buyer's message (issue 24); absent for cards bought without them. */
  recipientName?: string | null;
  message?: string;
  /** Where and when the card's own mail goes, when it goes to its recipient. */
  sendTo?: string | null;
  sendOn?: string | null;
};

export type GiftCardData = {
  /** The buyer's first name, or the recipient's name in the recipient's mail. */
  firstName: string;
  orderId: number | string;
  cards: readonly GiftCardMailCard[];
  /** The mail to the card's recipient rather than to its buyer. */
  toRecipient?: boolean;
  buyerName?: string;
};

type Texts = {
  subject: (orderId: string) => string;
  recipientSubject: string;
  intro: string;
  recipientIntro: string;
  from: string;
  for: string;
  message: string;
  code: string;
  value: string;
  balance: string;
  valid: string;
  sending: (email: string, day: string) => string;
  redeem: string;
  print: string;
  recipientPrint: string;
};

const TEXTS: Record<Locale, Texts> = {
  de: {
    subject: (orderId) => `Ihr Geschenkgutschein von Atelier (Bestellung Nr. ${orderId})`,
    recipientSubject: "Ein Geschenkgutschein von Atelier für Sie",
    intro: "vielen Dank! Hier ist Ihr Geschenkgutschein:",
    recipientIntro:
      "Sie haben einen Geschenkgutschein der Kunst- und Sprachschule Atelier in Berlin bekommen.",
    from: "Von",
    for: "Für",
    message: "Nachricht",
    code: "Gutscheincode",
    value: "Wert",
    balance: "Guthaben",
    valid: "Gültig bis",
    sending: (email, day) => `Wir schicken ihn am ${day} an ${email}.`,
    redeem:
      "Eingelöst wird der Gutschein im Warenkorb im Feld „Gutscheincode“; das Guthaben zahlt einen Teil oder die ganze Buchung, ein Rest bleibt für später.",
    print: "Im Anhang finden Sie den Gutschein als PDF zum Ausdrucken und Verschenken.",
    recipientPrint: "Im Anhang finden Sie den Gutschein als PDF.",
  },
  ru: {
    subject: (orderId) => `Ваш подарочный сертификат «Ателье» (заказ № ${orderId})`,
    recipientSubject: "Подарочный сертификат «Ателье» для вас",
    intro: "Спасибо! Вот ваш подарочный сертификат:",
    recipientIntro: "Вам подарили сертификат школы искусств и языков «Ателье» в Берлине.",
    from: "От кого",
    for: "Кому",
    message: "Пожелание",
    code: "Код сертификата",
    value: "Номинал",
    balance: "Остаток",
    valid: "Действует до",
    sending: (email, day) => `Мы отправим его ${day} на адрес ${email}.`,
    redeem:
      "Сертификат используется в корзине в поле «Промокод»: остаток оплачивает часть или всю запись, неиспользованная сумма сохраняется.",
    print: "Во вложении — сертификат в PDF, чтобы распечатать и подарить.",
    recipientPrint: "Во вложении — сертификат в PDF.",
  },
};

/**
 * The gift cards an order bought: code, value, balance and validity, the printable PDF attached. To the
 * buyer (with where and when a card will reach its recipient), or to a card's recipient on its day.
 */
export const giftCardTemplate: MailTemplate<GiftCardData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const subject = data.toRecipient ? t.recipientSubject : t.subject(String(data.orderId));
  const rows = (card: GiftCardMailCard) => [
    ...(data.toRecipient && data.buyerName ? [{ label: t.from, value: data.buyerName }] : []),
    ...(!data.toRecipient && card.recipientName ? [{ label: t.for, value: card.recipientName }] : []),
    { label: t.code, value: card.code },
    { label: t.value, value: formatMoney(card.amountCents, locale) },
    { label: t.balance, value: formatMoney(card.balanceCents, locale) },
    { label: t.valid, value: formatDate(card.expiresOn, locale) },
  ];
  const sending = (card: GiftCardMailCard) =>
    !data.toRecipient && card.sendTo && card.sendOn
      ? [t.sending(card.sendTo, formatDate(card.sendOn, locale))]
      : [];
  const intro = data.toRecipient ? t.recipientIntro : t.intro;
  const author = data.toRecipient ? (data.buyerName ?? "") : "";
  const print = data.toRecipient ? t.recipientPrint : t.print;
  return {
    subject,
    heading: subject,
    // The buyer's message is quoted as the buyer's words (D206), never as lines of the school's.
    bodyHtml: html`${paragraph(hello)}${paragraph(intro)}${data.cards.map((card) => html`${detailsTable(rows(card))}${card.message ? senderWordsHtml(card.message, t.message, author, locale) : ""}${sending(card).map((line) => paragraph(line))}`)}${paragraph(t.redeem)}${paragraph(print)}`,
    bodyText: [
      hello,
      "",
      intro,
      "",
      ...data.cards.flatMap((card) => [
        detailsText(rows(card)),
        ...(card.message ? [senderWordsText(card.message, t.message, author, locale)] : []),
        ...sending(card),
        "",
      ]),
      t.redeem,
      "",
      print,
    ].join("\n"),
  };
};
