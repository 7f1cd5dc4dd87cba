import type { Locale } from "@atelier/contract";
import { formatDate, formatMoney } from "./format.ts";
import { html } from "./html.ts";
import { actionButton, actionText, detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/**
 * A course contract's months after the first (D72, D292, D550): the link to pay the next month by hand a
 * week before it is due (or at once when the automatic charge failed), and the notice that a contract ended
 * because nobody paid it.
 */

/** The contract as both mails name it. */
type Contract = {
  parentFirstName: string;
  contractNumber: string;
  productName: string;
  childName: string | null;
};

export type RenewalDueData = Contract & {
  monthlyCents: number;
  /** The first day of the month to pay (`YYYY-MM-DD`, Berlin). */
  firstDay: string;
  /** The last day it can be paid before the contract ends (`YYYY-MM-DD`, Berlin). */
  payBy: string;
  /** The automatic charge failed (autopay suspended): the month is paid by hand meanwhile. */
  chargeFailed: boolean;
  /** PUBLIC_URL/api/v2/orders/subscriptions/renewal/pay/?token=…: a capability, only in this mail. */
  link: string;
};

export type MonthPaidData = Contract & {
  /** The order the contract was booked in: the school finds the mail by its number (D556). */
  orderId: number;
  /** The month paid: first and last day (`YYYY-MM-DD`, Berlin). */
  from: string;
  to: string;
  amountCents: number;
  /** The month's own invoice, attached as PDF. */
  invoiceNumber: string;
};

export type ContractEndedData = Contract & {
  /** The last paid day (`YYYY-MM-DD`, Berlin). */
  lastDay: string;
};

const TEXTS = {
  de: {
    dueSubject: (product: string) => `${product}: bitte den nächsten Monat bezahlen`,
    due: (product: string, child: string, first: string) =>
      `der nächste Monat von „${product}“${child} beginnt am ${first}. Bitte bezahlen Sie ihn über den Link unten, online wie bei der Buchung.`,
    failed: (product: string, child: string, first: string) =>
      `die automatische Zahlung für den Monat ab dem ${first} von „${product}“${child} hat nicht geklappt. Bitte bezahlen Sie den Monat über den Link unten, online wie bei der Buchung.`,
    forChild: (child: string) => ` für ${child}`,
    payBy: (day: string) =>
      `Ist der Monat bis zum ${day} nicht bezahlt, endet der Vertrag, und der Platz wird für andere Kinder frei. Möchten Sie nicht weitermachen, müssen Sie nichts tun.`,
    autopay:
      "Wenn Sie nicht jeden Monat selbst bezahlen möchten, schalten Sie im Profil die automatische Zahlung ein.",
    button: "Nächsten Monat bezahlen",
    paidSubject: (product: string, order: number) =>
      `${product}: Zahlung erhalten, Ihre Rechnung für den Monat (Bestellung Nr. ${order})`,
    paid: (product: string, child: string, from: string, to: string) =>
      `vielen Dank! Wir haben Ihre Zahlung für den Monat vom ${from} bis ${to} von „${product}“${child} erhalten. Die Rechnung für diesen Monat finden Sie im Anhang.`,
    endedSubject: (product: string) => `Ihr Vertrag für ${product} ist beendet`,
    ended: (product: string, child: string, last: string) =>
      `der Monat nach dem ${last} von „${product}“${child} wurde nicht bezahlt. Darum endet der Vertrag mit dem bezahlten Monat, und der Platz ist wieder frei.`,
    again:
      "Möchten Sie wieder teilnehmen, buchen Sie den Kurs einfach neu im Shop, solange Plätze frei sind, oder antworten Sie auf diese E-Mail.",
    labels: {
      number: "Vertragsnummer",
      product: "Kurs",
      child: "Kind",
      amount: "Monatsbeitrag",
      due: "Zu bezahlen bis",
      lastDay: "Letzter bezahlter Tag",
      period: "Bezahlter Monat",
      paidAmount: "Bezahlt",
      invoice: "Rechnung",
    },
  },
  ru: {
    dueSubject: (product: string) => `Курс «${product}»: следующий месяц ожидает оплаты`,
    due: (product: string, child: string, first: string) =>
      `Следующий месяц курса «${product}»${child} начинается ${first}. Пожалуйста, оплатите его по ссылке ниже — онлайн, как при бронировании.`,
    failed: (product: string, child: string, first: string) =>
      `Автоматический платёж за месяц с ${first} по курсу «${product}»${child} не прошёл. Пожалуйста, оплатите месяц по ссылке ниже — онлайн, как при бронировании.`,
    forChild: (child: string) => ` (${child})`,
    payBy: (day: string) =>
      `Если месяц не будет оплачен до ${day} включительно, договор закончится, и место освободится для других детей. Если вы не хотите продолжать, ничего делать не нужно.`,
    autopay: "Если вы не хотите каждый месяц платить вручную, включите в профиле автоматическую оплату.",
    button: "Оплатить следующий месяц",
    paidSubject: (product: string, order: number) =>
      `Курс «${product}»: оплата получена, счёт за месяц (заказ № ${order})`,
    paid: (product: string, child: string, from: string, to: string) =>
      `Спасибо! Мы получили оплату по курсу «${product}»${child} за период с ${from} по ${to}. Счёт за этот месяц — во вложении.`,
    endedSubject: (product: string) => `Курс «${product}»: договор завершён`,
    ended: (product: string, child: string, last: string) =>
      `Месяц после ${last} по курсу «${product}»${child} не был оплачен. Поэтому договор закончился вместе с оплаченным месяцем, и место снова свободно.`,
    again:
      "Если вы хотите продолжить занятия, просто забронируйте курс заново в магазине, пока есть места, или ответьте на это письмо.",
    labels: {
      number: "Номер договора",
      product: "Курс",
      child: "Ребёнок",
      amount: "Ежемесячная плата",
      due: "Оплатить до (включительно)",
      lastDay: "Последний оплаченный день",
      period: "Оплаченный месяц",
      paidAmount: "Оплачено",
      invoice: "Счёт",
    },
  },
} as const;

function contractRows(data: Contract, locale: Locale) {
  const t = TEXTS[locale];
  return [
    { label: t.labels.number, value: data.contractNumber },
    { label: t.labels.product, value: data.productName },
    ...(data.childName ? [{ label: t.labels.child, value: data.childName }] : []),
  ];
}

export const renewalDueTemplate: MailTemplate<RenewalDueData> = (data, locale) => {
  const t = TEXTS[locale];
  const child = data.childName ? t.forChild(data.childName) : "";
  const first = formatDate(data.firstDay, locale);
  const intro = (data.chargeFailed ? t.failed : t.due)(data.productName, child, first);
  const hello = `${greeting(data.parentFirstName, locale)} ${intro}`;
  const rows = [
    ...contractRows(data, locale),
    { label: t.labels.amount, value: formatMoney(data.monthlyCents, locale) },
    // The last day it can be paid, not the month's first: paid then, the contract has already ended.
    { label: t.labels.due, value: formatDate(data.payBy, locale) },
  ];
  const payBy = t.payBy(formatDate(data.payBy, locale));
  const subject = t.dueSubject(data.productName);
  return {
    subject,
    heading: subject,
    bodyHtml: html`${paragraph(hello)}${detailsTable(rows)}${actionButton(data.link, t.button, locale)}${paragraph(payBy)}${paragraph(t.autopay)}`,
    bodyText: [
      hello,
      "",
      detailsText(rows),
      "",
      actionText(data.link, t.button),
      "",
      payBy,
      "",
      t.autopay,
    ].join("\n"),
  };
};

export const contractEndedTemplate: MailTemplate<ContractEndedData> = (data, locale) => {
  const t = TEXTS[locale];
  const child = data.childName ? t.forChild(data.childName) : "";
  const last = formatDate(data.lastDay, locale);
  const hello = `${greeting(data.parentFirstName, locale)} ${t.ended(data.productName, child, last)}`;
  const rows = [...contractRows(data, locale), { label: t.labels.lastDay, value: last }];
  const subject = t.endedSubject(data.productName);
  return {
    subject,
    heading: subject,
    bodyHtml: html`${paragraph(hello)}${detailsTable(rows)}${paragraph(t.again)}`,
    bodyText: [hello, "", detailsText(rows), "", t.again].join("\n"),
  };
};

export const monthPaidTemplate: MailTemplate<MonthPaidData> = (data, locale) => {
  const t = TEXTS[locale];
  const child = data.childName ? t.forChild(data.childName) : "";
  const [from, to] = [formatDate(data.from, locale), formatDate(data.to, locale)];
  const hello = `${greeting(data.parentFirstName, locale)} ${t.paid(data.productName, child, from, to)}`;
  const rows = [
    ...contractRows(data, locale),
    { label: t.labels.period, value: `${from} – ${to}` },
    { label: t.labels.paidAmount, value: formatMoney(data.amountCents, locale) },
    { label: t.labels.invoice, value: data.invoiceNumber },
  ];
  const subject = t.paidSubject(data.productName, data.orderId);
  return {
    subject,
    heading: subject,
    bodyHtml: html`${paragraph(hello)}${detailsTable(rows)}`,
    bodyText: [hello, "", detailsText(rows)].join("\n"),
  };
};
