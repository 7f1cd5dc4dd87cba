import type { Locale } from "@atelier/contract";
import { html, multiline } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";
import { textLines } from "./user-text.ts";

/** Staff write to the family of a visit request (D272), in the request's language frame. */
export type VisitRequestMessageData = {
  requestId: number;
  firstName: string;
  /** The offer's name in the mail's locale. */
  productName: string;
  /** Staff's one-line subject. */
  subject: string;
  /** Staff's text; its lines are kept (a multi-line field of `cleanMailData`). */
  message: string;
};

const TEXTS: Record<Locale, { about: string; number: string; offer: string; reply: string }> = {
  de: {
    about: "Es geht um Ihre Anfrage:",
    number: "Anfrage-Nr.",
    offer: "Angebot",
    reply: "Sie können einfach auf diese E-Mail antworten.",
  },
  ru: {
    about: "Это письмо по вашей заявке:",
    number: "Номер заявки",
    offer: "Предложение",
    reply: "Вы можете просто ответить на это письмо.",
  },
};

/** To the request's first adult: the greeting, staff's words, which request, how to answer. */
export const visitRequestMessageTemplate: MailTemplate<VisitRequestMessageData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const rows = [
    { label: t.number, value: String(data.requestId) },
    { label: t.offer, value: data.productName },
  ];
  const lines = textLines(data.message).join("\n");
  return {
    subject: data.subject,
    heading: data.subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(multiline(lines))}${paragraph(t.about)}${detailsTable(rows)}${paragraph(t.reply)}`,
    bodyText: [hello, "", lines, "", t.about, detailsText(rows), "", t.reply].join("\n"),
  };
};
