import type { Locale } from "@atelier/contract";
import { formatDate } from "./format.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** Staff declined a birthday-party request (D181): none of the wished days can be offered. */
export type PartyDeclinedData = {
  requestId: number;
  firstName: string;
  /** The party page's and the package's names in the mail's locale. */
  productName: string;
  optionName: string;
  /** `YYYY-MM-DD`, the days the parent asked for. */
  dates: string[];
};

const TEXTS: Record<
  Locale,
  {
    subject: string;
    intro: string;
    labels: { number: string; offer: string; dates: string };
    next: string;
  }
> = {
  de: {
    subject: "Ihre Anfrage für einen Kindergeburtstag",
    intro:
      "vielen Dank für Ihre Anfrage. Leider können wir den Kindergeburtstag an keinem der gewünschten Tage ausrichten.",
    labels: { number: "Anfrage-Nr.", offer: "Angebot", dates: "Gewünschte Tage" },
    next: "Gern finden wir einen anderen Termin: Antworten Sie einfach auf diese E-Mail oder stellen Sie eine neue Anfrage mit anderen Tagen.",
  },
  ru: {
    subject: "Ваша заявка на детский день рождения",
    intro: "Спасибо за заявку. К сожалению, мы не можем провести праздник ни в один из выбранных дней.",
    labels: { number: "Номер заявки", offer: "Предложение", dates: "Желаемые дни" },
    next: "Мы с удовольствием подберём другую дату: просто ответьте на это письмо или отправьте новую заявку с другими днями.",
  },
};

/** To the parent who asked, in the language the request was sent in. */
export const partyDeclinedTemplate: MailTemplate<PartyDeclinedData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const rows = [
    { label: t.labels.number, value: String(data.requestId) },
    { label: t.labels.offer, value: `${data.productName} – ${data.optionName}` },
    { label: t.labels.dates, value: data.dates.map((day) => formatDate(day, locale)).join(", ") },
  ];
  return {
    subject: t.subject,
    heading: t.subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro)}${detailsTable(rows)}${paragraph(t.next)}`,
    bodyText: [hello, "", t.intro, "", detailsText(rows), "", t.next].join("\n"),
  };
};
