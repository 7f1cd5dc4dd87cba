import type { Locale } from "@atelier/contract";
import { formatMoney } from "./format.ts";
import { html } from "./html.ts";
import { greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

export type OrderConfirmationItem = { name: string; visitorName: string; priceCents: number };

export type OrderConfirmationData = {
  firstName: string;
  orderId: number | string;
  items: readonly OrderConfirmationItem[];
  totalCents: number;
};

type Texts = {
  subject: (orderId: string) => string;
  intro: string;
  item: string;
  visitor: string;
  price: string;
  total: string;
  questions: string;
};

const TEXTS: Record<Locale, Texts> = {
  de: {
    subject: (orderId) => `Ihre Bestellung Nr. ${orderId} bei Atelier`,
    intro: "vielen Dank für Ihre Bestellung! Hier ist Ihre Übersicht:",
    item: "Angebot",
    visitor: "Teilnehmer/in",
    price: "Preis",
    total: "Gesamt",
    questions: "Bei Fragen antworten Sie einfach auf diese E-Mail.",
  },
  ru: {
    subject: (orderId) => `Ваш заказ № ${orderId} в Atelier`,
    intro: "Спасибо за заказ! Ниже — его состав:",
    item: "Предложение",
    visitor: "Участник",
    price: "Цена",
    total: "Итого",
    questions: "Если у вас есть вопросы, просто ответьте на это письмо.",
  },
};

const CELL = "padding:8px 8px 8px 0;border-bottom:1px solid #e6e2da;vertical-align:top;";
const HEAD =
  "padding:8px 8px 8px 0;border-bottom:2px solid #1f3a5f;text-align:left;font-size:13px;color:#555555;";

export const orderConfirmationTemplate: MailTemplate<OrderConfirmationData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const total = formatMoney(data.totalCents, locale);
  const subject = t.subject(String(data.orderId));

  const table = html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:0 0 24px;border-collapse:collapse;">
<tr><th style="${HEAD}">${t.item}</th><th style="${HEAD}">${t.visitor}</th><th style="${HEAD}text-align:right;">${t.price}</th></tr>
${data.items.map(
  (item) =>
    html`<tr><td style="${CELL}">${item.name}</td><td style="${CELL}">${item.visitorName}</td><td style="${CELL}text-align:right;white-space:nowrap;">${formatMoney(item.priceCents, locale)}</td></tr>`,
)}
<tr><td colspan="2" style="padding:12px 8px 0 0;font-weight:bold;">${t.total}</td><td style="padding:12px 0 0;font-weight:bold;text-align:right;white-space:nowrap;">${total}</td></tr>
</table>`;

  const lines = data.items.map(
    (item) => `- ${item.name} (${item.visitorName}): ${formatMoney(item.priceCents, locale)}`,
  );

  return {
    subject,
    heading: subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro)}${table}${paragraph(t.questions)}`,
    bodyText: [hello, "", t.intro, "", ...lines, "", `${t.total}: ${total}`, "", t.questions].join("\n"),
  };
};
