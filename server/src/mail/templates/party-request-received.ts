import type { Locale } from "@atelier/contract";
import { formatDate } from "./format.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";
import { senderWordsHtml, senderWordsText } from "./user-text.ts";

/**
 * The parent's own confirmation of a birthday-party request (D293, issue 32 item 7): what was asked and
 * what happens next, in the parent's language. The offer's name stands after a label, never declined.
 */
export type PartyRequestReceivedData = {
  firstName: string;
  requestId: number;
  productName: string;
  optionName: string;
  dates: string[];
  childrenCount: number;
  ages: number[];
  comment: string;
};

const TEXTS = {
  de: {
    subject: (id: number) => `Ihre Anfrage für eine Geburtstagsfeier (Nr. ${id}) ist angekommen`,
    intro: "vielen Dank für Ihre Anfrage! Wir haben sie erhalten; hier noch einmal, was Sie angefragt haben.",
    nextHeading: "Wie geht es weiter?",
    next: [
      "Wir prüfen, welcher Ihrer Wunschtermine frei ist, und melden uns innerhalb von zwei Werktagen per E-Mail.",
      "Passt ein Termin, bekommen Sie von uns einen Link, über den Sie die Feier buchen und bezahlen; erst dann ist sie fest.",
      "Passt keiner, schreiben wir Ihnen, welche Termine wir anbieten können.",
    ],
    questions: "Bei Fragen antworten Sie einfach auf diese E-Mail.",
    labels: {
      number: "Anfrage-Nr.",
      offer: "Angebot",
      option: "Paket / Raum",
      dates: "Wunschtermine",
      children: "Anzahl Kinder",
      ages: "Alter",
      comment: "Ihr Kommentar",
    },
  },
  ru: {
    subject: (id: number) => `Ваша заявка на день рождения (№ ${id}) получена`,
    intro: "Спасибо за заявку! Мы её получили; ниже — то, что вы указали.",
    nextHeading: "Что дальше?",
    next: [
      "Мы проверим, какая из желаемых дат свободна, и ответим по электронной почте в течение двух рабочих дней.",
      "Если дата подходит, мы пришлём ссылку, по которой можно забронировать и оплатить праздник; только после этого он закреплён за вами.",
      "Если ни одна дата не подходит, мы напишем, какие даты можем предложить.",
    ],
    questions: "Если у вас есть вопросы, просто ответьте на это письмо.",
    labels: {
      number: "Номер заявки",
      offer: "Предложение",
      option: "Пакет / зал",
      dates: "Желаемые даты",
      children: "Количество детей",
      ages: "Возраст",
      comment: "Ваш комментарий",
    },
  },
} as const;

export const partyRequestReceivedTemplate: MailTemplate<PartyRequestReceivedData> = (
  data,
  locale: Locale,
) => {
  const t = TEXTS[locale];
  const rows = [
    { label: t.labels.number, value: String(data.requestId) },
    { label: t.labels.offer, value: data.productName },
    { label: t.labels.option, value: data.optionName },
    { label: t.labels.dates, value: data.dates.map((day) => formatDate(day, locale)).join(", ") },
    { label: t.labels.children, value: String(data.childrenCount) },
    ...(data.ages.length > 0 ? [{ label: t.labels.ages, value: data.ages.join(", ") }] : []),
  ];
  const hello = greeting(data.firstName, locale);
  const subject = t.subject(data.requestId);
  return {
    subject,
    heading: subject,
    // The comment is quoted as the parent's words (D206), never as a line of the school's.
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro)}${detailsTable(rows)}${data.comment ? senderWordsHtml(data.comment, t.labels.comment, "", locale) : ""}
<h2 style="margin:0 0 8px;font-size:17px;">${t.nextHeading}</h2>
<ul style="margin:0 0 16px;padding-left:20px;">${t.next.map((line) => html`<li style="margin:0 0 4px;">${line}</li>`)}</ul>
${paragraph(t.questions)}`,
    bodyText: [
      hello,
      "",
      t.intro,
      "",
      detailsText(rows),
      ...(data.comment ? ["", senderWordsText(data.comment, t.labels.comment, "", locale)] : []),
      "",
      t.nextHeading,
      ...t.next.map((line) => `- ${line}`),
      "",
      t.questions,
    ].join("\n"),
  };
};
