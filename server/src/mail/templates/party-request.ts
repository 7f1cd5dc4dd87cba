import { formatPhone, type Locale } from "@atelier/contract";
import { formatDate } from "./format.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";
import { senderWordsHtml, senderWordsText } from "./user-text.ts";

/** A parent asked for a birthday party (D158): the school's notice. */
export type PartyRequestNoticeData = {
  requestId: number;
  productName: string;
  optionName: string;
  dates: string[];
  childrenCount: number;
  ages: number[];
  comment: string;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
};

const TEXTS = {
  de: {
    subject: (id: number) => `Neue Anfrage für eine Geburtstagsfeier (Nr. ${id})`,
    intro:
      "eine Familie möchte einen Kindergeburtstag bei uns feiern. Bitte bestätigen Sie einen Termin im Backoffice unter „Geburtstagsanfragen“.",
    labels: {
      number: "Anfrage-Nr.",
      offer: "Angebot",
      option: "Paket / Raum",
      dates: "Wunschtermine",
      children: "Anzahl Kinder",
      ages: "Alter",
      comment: "Kommentar",
      parent: "Eltern",
      email: "E-Mail",
      phone: "Telefon",
    },
  },
  ru: {
    subject: (id: number) => `Новая заявка на день рождения (№ ${id})`,
    intro:
      "Семья хочет отпраздновать у нас день рождения. Подтвердите, пожалуйста, дату в бэк-офисе, в разделе «Заявки на день рождения».",
    labels: {
      number: "Номер заявки",
      offer: "Предложение",
      option: "Пакет / зал",
      dates: "Желаемые даты",
      children: "Количество детей",
      ages: "Возраст",
      comment: "Комментарий",
      parent: "Родитель",
      email: "Эл. почта",
      phone: "Телефон",
    },
  },
} as const;

export const partyRequestNoticeTemplate: MailTemplate<PartyRequestNoticeData> = (data, locale: Locale) => {
  const t = TEXTS[locale];
  const rows = [
    { label: t.labels.number, value: String(data.requestId) },
    { label: t.labels.offer, value: data.productName },
    { label: t.labels.option, value: data.optionName },
    { label: t.labels.dates, value: data.dates.map((day) => formatDate(day, locale)).join(", ") },
    { label: t.labels.children, value: String(data.childrenCount) },
    { label: t.labels.ages, value: data.ages.join(", ") },
    { label: t.labels.parent, value: data.parentName },
    { label: t.labels.email, value: data.parentEmail },
    ...(data.parentPhone ? [{ label: t.labels.phone, value: formatPhone(data.parentPhone) }] : []),
  ];
  const greeting = locale === "ru" ? "Здравствуйте!" : "Hallo,";
  return {
    subject: t.subject(data.requestId),
    heading: t.subject(data.requestId),
    // The parent's comment is quoted as their words (D206), never as a line of the school's.
    bodyHtml: html`${paragraph(greeting)}${paragraph(t.intro)}${detailsTable(rows)}${data.comment ? senderWordsHtml(data.comment, t.labels.comment, data.parentName, locale) : ""}`,
    bodyText: [
      greeting,
      "",
      t.intro,
      "",
      detailsText(rows),
      ...(data.comment ? ["", senderWordsText(data.comment, t.labels.comment, data.parentName, locale)] : []),
    ].join("\n"),
  };
};
