import { type Locale, PROFILE_TAB_TITLES, type WithdrawalContact, withdrawalTerms } from "@atelier/contract";
import { formatDate, formatMoney } from "./format.ts";
import { html, type SafeHtml } from "./html.ts";
import { actionButton, actionText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** The trader the withdrawal terms name (the imprint's, as the seeded terms page says it). */
const WITHDRAWAL_CONTACT: WithdrawalContact = {
  name: "Atelier Kunst- und Sprachschule gGmbH",
  street: "Kastanienallee 12",
  city: "10435 Berlin",
  phone: "+49 30 1234567",
  email: "info@atelier-berlin.example",
};

export type OrderConfirmationItem = {
  name: string;
  /** The child booked; null for a gift card. */
  visitorName: string | null;
  /** Weekdays and times, dates or academy weeks, in the mail's locale. */
  when: string;
  place: string | null;
  /** Paid now for this item, after discounts. */
  priceCents: number;
  /** A subscription's monthly amount after this month (0 for one-off items). */
  monthlyCents: number;
  /** A subscription's contract number (D91), what the § 312k page asks for; null for other items. */
  contractNumber: string | null;
  /**
   * A subscription's next monthly payment (D292): the day it is due (the day after the paid month, ISO)
   * and its amount; absent or null for other items.
   */
  nextPayment?: { dueOn: string; cents: number } | null;
  /**
   * The item's check-in QR code, attached inline, and its code in letters for the door's manual field when
   * the QR code cannot be read (D109); null when nobody checks in (a gift card).
   */
  qr: { cid: string; filename: string; code: string } | null;
};

export type OrderConfirmationData = {
  firstName: string;
  orderId: number | string;
  /** The number of the invoice attached as PDF. */
  invoiceNumber: string;
  items: readonly OrderConfirmationItem[];
  /** Paid now (the invoice's total less a gift card's part). */
  totalCents: number;
  /** Paid from a gift card's balance. */
  giftCardCents: number;
  /** Due monthly for the subscriptions of the order. */
  monthlyCents: number;
  /** The bookings in the profile (`WEB_URL/profile?tab=sales&locale=…`). */
  profileUrl: string;
  /** Only gift cards were bought: no booking, no seats, no QR code (D283). Absent: false. */
  giftCardsOnly?: boolean;
};

type Texts = {
  subject: (orderId: string) => string;
  intro: string;
  orderNumber: string;
  invoiceNumber: string;
  participant: string;
  when: string;
  place: string;
  price: string;
  monthly: string;
  contractNumber: string;
  nextPayment: string;
  nextPaymentValue: (amount: string, date: string) => string;
  /** How the months after the first are paid (D292). */
  monthlyHowTo: string;
  qrAlt: string;
  qrHint: string;
  qrHintText: (filename: string) => string;
  checkinCode: string;
  totalPaid: string;
  giftCard: string;
  totalMonthly: string;
  nextHeading: string;
  next: string[];
  profileAction: string;
  invoice: (number: string) => string;
  questions: string;
  /** A purchase of gift cards alone, worded as one (D283). */
  gift: { subject: (orderId: string) => string; intro: string; next: string[] };
};

const TEXTS: Record<Locale, Texts> = {
  de: {
    subject: (orderId) => `Ihre Buchung Nr. ${orderId} bei Atelier ist bestätigt`,
    intro:
      "vielen Dank für Ihre Buchung! Ihre Zahlung ist eingegangen, die Plätze sind fest für Sie reserviert.",
    orderNumber: "Bestellnummer",
    invoiceNumber: "Rechnungsnummer",
    participant: "Kind",
    when: "Termin",
    place: "Ort",
    price: "Preis",
    monthly: "danach monatlich",
    contractNumber: "Vertragsnummer",
    nextPayment: "Nächste Zahlung",
    nextPaymentValue: (amount, date) => `${amount}, fällig am ${date}`,
    monthlyHowTo:
      "So geht es mit dem Monatsbeitrag weiter: Der erste Monat ist bezahlt. Eine Woche bevor der nächste fällig wird, schicken wir Ihnen eine E-Mail mit einem Zahlungslink; Sie bezahlen dann wie heute online, per PayPal oder Karte. Wenn Sie nicht jeden Monat selbst zahlen möchten, schalten Sie im Profil die automatische Zahlung ein – dann wird der Beitrag jeweils am Fälligkeitstag abgebucht.",
    qrAlt: "QR-Code zum Einchecken",
    qrHint:
      "Zeigen Sie diesen QR-Code zu jedem Termin am Eingang vor, dann checken wir Ihr Kind schnell ein.",
    qrHintText: (filename) =>
      `Den QR-Code zum Einchecken finden Sie im Anhang (${filename}); bitte zu jedem Termin vorzeigen.`,
    checkinCode: "Check-in-Code",
    totalPaid: "Jetzt bezahlt",
    giftCard: "Mit Gutschein bezahlt",
    totalMonthly: "Monatlicher Beitrag der Abos",
    nextHeading: "Wie geht es weiter?",
    next: [
      "Bringen Sie den QR-Code zum ersten Termin mit, ausgedruckt oder auf dem Handy.",
      `Alle Buchungen finden Sie jederzeit in Ihrem Profil im Reiter „${PROFILE_TAB_TITLES.sales.de}“.`,
    ],
    profileAction: "Meine Buchungen ansehen",
    invoice: (number) => `Ihre Rechnung ${number} finden Sie als PDF im Anhang.`,
    questions: "Bei Fragen antworten Sie einfach auf diese E-Mail.",
    gift: {
      subject: (orderId) => `Ihr Geschenkgutschein von Atelier: Bestellung Nr. ${orderId} ist bezahlt`,
      intro:
        "vielen Dank für Ihren Einkauf! Ihre Zahlung ist eingegangen, der Geschenkgutschein ist ausgestellt.",
      next: [
        "Den Gutschein mit seinem Code erhalten Sie in einer eigenen E-Mail als PDF.",
        "Der Kauf eines Gutscheins enthält keine Umsatzsteuer; sie fällt erst an, wenn er für eine Leistung eingelöst wird.",
        `Den Gutschein und seinen Restbetrag finden Sie jederzeit in Ihrem Profil im Reiter „${PROFILE_TAB_TITLES.sales.de}“.`,
      ],
    },
  },
  ru: {
    subject: (orderId) => `Ваше бронирование № ${orderId} в «Ателье» подтверждено`,
    intro: "Спасибо за бронирование! Оплата получена, места закреплены за вами.",
    orderNumber: "Номер заказа",
    invoiceNumber: "Номер счёта",
    participant: "Ребёнок",
    when: "Время",
    place: "Место",
    price: "Цена",
    monthly: "далее ежемесячно",
    contractNumber: "Номер договора",
    nextPayment: "Следующий платёж",
    nextPaymentValue: (amount, date) => `${amount}, до ${date}`,
    monthlyHowTo:
      "Как дальше оплачивается абонемент: первый месяц уже оплачен. За неделю до следующего платежа мы пришлём вам письмо со ссылкой на оплату — оплатить можно так же, как сегодня, онлайн через PayPal или картой. Если не хотите платить каждый месяц вручную, включите в профиле автоматическую оплату: тогда взнос будет списываться в день платежа.",
    qrAlt: "QR-код для отметки прихода",
    qrHint: "Показывайте этот QR-код на входе перед каждым занятием — так мы быстро отметим вашего ребёнка.",
    qrHintText: (filename) =>
      `QR-код для отметки прихода — во вложении (${filename}); показывайте его перед каждым занятием.`,
    checkinCode: "Код для отметки прихода",
    totalPaid: "Оплачено сейчас",
    giftCard: "Оплачено подарочным сертификатом",
    totalMonthly: "Ежемесячный платёж по абонементам",
    nextHeading: "Что дальше?",
    next: [
      "Возьмите QR-код на первое занятие — распечатанным или в телефоне.",
      `Все бронирования всегда доступны в вашем профиле на вкладке «${PROFILE_TAB_TITLES.sales.ru}».`,
    ],
    profileAction: "Мои бронирования",
    invoice: (number) => `Счёт ${number} приложен к письму в формате PDF.`,
    questions: "Если у вас есть вопросы, просто ответьте на это письмо.",
    gift: {
      subject: (orderId) => `Ваш подарочный сертификат «Ателье»: заказ № ${orderId} оплачен`,
      intro: "Спасибо за покупку! Оплата получена, подарочный сертификат оформлен.",
      next: [
        "Сертификат с кодом придёт отдельным письмом в формате PDF.",
        "При покупке сертификата НДС не взимается: налог возникает, только когда сертификатом оплачивают услугу.",
        `Сертификат и его остаток всегда видны в вашем профиле на вкладке «${PROFILE_TAB_TITLES.sales.ru}».`,
      ],
    },
  },
};

const BLOCK = "margin:0 0 16px;padding:16px;border:1px solid #e6e2da;border-radius:6px;";
const LABEL = "padding:2px 12px 2px 0;vertical-align:top;color:#555555;white-space:nowrap;font-size:14px;";
const VALUE = "padding:2px 0;vertical-align:top;font-size:14px;";

/** "79,00 €, fällig am 28.12.2026" for a subscription's next month; undefined for other items. */
function nextPaymentOf(item: OrderConfirmationItem, t: Texts, locale: Locale): string | undefined {
  if (!item.nextPayment) return undefined;
  return t.nextPaymentValue(
    formatMoney(item.nextPayment.cents, locale),
    formatDate(item.nextPayment.dueOn, locale),
  );
}

function itemBlock(item: OrderConfirmationItem, t: Texts, locale: Locale): SafeHtml {
  const rows: [string, string][] = [];
  if (item.visitorName) rows.push([t.participant, item.visitorName]);
  if (item.when) rows.push([t.when, item.when]);
  if (item.place) rows.push([t.place, item.place]);
  rows.push([t.price, formatMoney(item.priceCents, locale)]);
  if (item.monthlyCents > 0) rows.push([t.monthly, formatMoney(item.monthlyCents, locale)]);
  if (item.contractNumber) rows.push([t.contractNumber, item.contractNumber]);
  const next = nextPaymentOf(item, t, locale);
  if (next) rows.push([t.nextPayment, next]);
  const qr = item.qr
    ? html`<p style="margin:12px 0 0;"><img src="cid:${item.qr.cid}" alt="${t.qrAlt}" width="160" height="160" style="display:block;width:160px;height:160px;"></p>
<p style="margin:4px 0 0;font-size:13px;color:#555555;">${t.qrHint}</p>
<p style="margin:4px 0 0;font-size:13px;color:#555555;">${t.checkinCode}: <span style="font-family:monospace;">${item.qr.code}</span></p>`
    : "";
  return html`<div style="${BLOCK}">
<p style="margin:0 0 8px;font-weight:bold;">${item.name}</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">${rows.map(
    ([label, value]) => html`<tr><td style="${LABEL}">${label}</td><td style="${VALUE}">${value}</td></tr>`,
  )}</table>
${qr}
</div>`;
}

function itemText(item: OrderConfirmationItem, index: number, t: Texts, locale: Locale): string {
  const rows = [`${index}. ${item.name}`];
  if (item.visitorName) rows.push(`   ${t.participant}: ${item.visitorName}`);
  if (item.when) rows.push(`   ${t.when}: ${item.when}`);
  if (item.place) rows.push(`   ${t.place}: ${item.place}`);
  rows.push(`   ${t.price}: ${formatMoney(item.priceCents, locale)}`);
  if (item.monthlyCents > 0) rows.push(`   ${t.monthly}: ${formatMoney(item.monthlyCents, locale)}`);
  if (item.contractNumber) rows.push(`   ${t.contractNumber}: ${item.contractNumber}`);
  const next = nextPaymentOf(item, t, locale);
  if (next) rows.push(`   ${t.nextPayment}: ${next}`);
  if (item.qr) rows.push(`   ${t.qrHintText(item.qr.filename)}`, `   ${t.checkinCode}: ${item.qr.code}`);
  return rows.join("\n");
}

/** Sent once the payment is recorded: what was booked, the check-in codes, the invoice attached. */
export const orderConfirmationTemplate: MailTemplate<OrderConfirmationData> = (data, locale) => {
  const base = TEXTS[locale];
  // Gift cards bought alone read as a purchase, not as a booking of seats (D283).
  const t: Texts = data.giftCardsOnly
    ? { ...base, subject: base.gift.subject, intro: base.gift.intro, next: base.gift.next }
    : base;
  const hello = greeting(data.firstName, locale);
  // The withdrawal terms and the model form on a durable medium (§ 312f (2) BGB, Art. 246a EGBGB; D251).
  const withdrawal = withdrawalTerms(locale, {
    ...WITHDRAWAL_CONTACT,
    ...(locale === "ru" ? { name: "gGmbH «Atelier» – школа искусств и языков в Берлине" } : {}),
  });
  const subject = t.subject(String(data.orderId));
  // A subscription's months after the first: how they are paid (§ 312f (2) BGB wants the terms of payment).
  const next = data.items.some((item) => item.nextPayment) ? [t.monthlyHowTo, ...t.next] : t.next;
  const numbers: [string, string][] = [
    [t.orderNumber, String(data.orderId)],
    [t.invoiceNumber, data.invoiceNumber],
  ];
  const totals: { label: string; value: string; strong?: boolean }[] = [];
  if (data.giftCardCents > 0)
    totals.push({ label: t.giftCard, value: formatMoney(data.giftCardCents, locale) });
  totals.push({ label: t.totalPaid, value: formatMoney(data.totalCents, locale), strong: true });
  if (data.monthlyCents > 0)
    totals.push({ label: t.totalMonthly, value: formatMoney(data.monthlyCents, locale) });

  const bodyHtml = html`${paragraph(hello)}${paragraph(t.intro)}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-collapse:collapse;">${numbers.map(
    ([label, value]) => html`<tr><td style="${LABEL}">${label}</td><td style="${VALUE}">${value}</td></tr>`,
  )}</table>
${data.items.map((item) => itemBlock(item, t, locale))}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:0 0 24px;border-collapse:collapse;">${totals.map(
    ({ label, value, strong }) =>
      html`<tr><td style="padding:4px 8px 4px 0;${strong ? "font-weight:bold;" : ""}">${label}</td><td style="padding:4px 0;text-align:right;white-space:nowrap;${strong ? "font-weight:bold;" : ""}">${value}</td></tr>`,
  )}</table>
<h2 style="margin:0 0 8px;font-size:17px;">${t.nextHeading}</h2>
<ul style="margin:0 0 16px;padding-left:20px;">${next.map((line) => html`<li style="margin:0 0 4px;">${line}</li>`)}</ul>
${actionButton(data.profileUrl, t.profileAction, locale)}${paragraph(t.invoice(data.invoiceNumber))}${paragraph(t.questions)}
${withdrawal.map((block) => html`<h3 style="margin:16px 0 4px;font-size:15px;">${block.title}</h3>${paragraph(block.text)}`)}`;

  const bodyText = [
    hello,
    "",
    t.intro,
    "",
    ...numbers.map(([label, value]) => `${label}: ${value}`),
    "",
    ...data.items.map((item, index) => `${itemText(item, index + 1, t, locale)}\n`),
    ...totals.map(({ label, value }) => `${label}: ${value}`),
    "",
    t.nextHeading,
    ...next.map((line) => `- ${line}`),
    "",
    actionText(data.profileUrl, t.profileAction),
    "",
    t.invoice(data.invoiceNumber),
    "",
    t.questions,
    ...withdrawal.flatMap((block) => ["", block.title, block.text]),
  ].join("\n");

  return { subject, heading: subject, bodyHtml, bodyText };
};
