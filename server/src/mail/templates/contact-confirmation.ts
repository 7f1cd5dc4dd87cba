import type { Locale } from "@atelier/contract";
import {
  type ContactRequestData,
  contactDetailRows,
  contactKindLabel,
  contactSenderWords,
} from "./contact-request.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** The sender's copy of a contact request: the same data the school receives. */
export type ContactConfirmationData = ContactRequestData;

const TEXTS: Record<
  Locale,
  { subject: (kind: string) => string; heading: string; intro: string; next: string; notYou: string }
> = {
  de: {
    subject: (kind) => `Ihre Anfrage bei Atelier: ${kind}`,
    heading: "Vielen Dank für Ihre Anfrage",
    intro: "wir haben Ihre Anfrage erhalten. Das haben Sie uns geschickt:",
    next: "Wir melden uns innerhalb von zwei Werktagen bei Ihnen.",
    notYou: "Sie haben diese Anfrage nicht gesendet? Dann können Sie diese E-Mail einfach ignorieren.",
  },
  ru: {
    subject: (kind) => `Ваш запрос в «Ателье»: ${kind}`,
    heading: "Спасибо за ваш запрос",
    intro: "Мы получили ваш запрос. Вот что вы нам отправили:",
    next: "Мы свяжемся с вами в течение двух рабочих дней.",
    notYou: "Вы не отправляли этот запрос? Тогда просто не обращайте внимания на это письмо.",
  },
};

/**
 * Confirmation to the parent who sent a contact form, in the language of the request, listing what was
 * sent (decision D63).
 */
export const contactConfirmationTemplate: MailTemplate<ContactConfirmationData> = (data, locale) => {
  const t = TEXTS[locale];
  const rows = contactDetailRows(data, locale);
  const words = contactSenderWords(data, locale);
  const hello = greeting(data.firstName, locale);
  return {
    subject: t.subject(contactKindLabel(data.kind, locale)),
    heading: t.heading,
    // German letters go on in lower case after "Hallo Anna,"; the Russian greeting ends with "!".
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro)}${detailsTable(rows)}${words.html}${paragraph(t.next)}${paragraph(t.notYou)}`,
    bodyText: [
      hello,
      "",
      t.intro,
      "",
      detailsText(rows),
      ...(words.text ? ["", words.text] : []),
      "",
      t.next,
      "",
      t.notYou,
    ].join("\n"),
  };
};
