import type { Locale } from "@atelier/contract";
import { html } from "./html.ts";
import { greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** To the old address once an account moved to a new one (D577): so a change nobody asked for is noticed. */
export type EmailChangedData = { firstName: string; email: string };

const TEXTS: Record<Locale, { subject: string; intro: (email: string) => string; warn: string }> = {
  de: {
    subject: "Ihre E-Mail-Adresse wurde geändert",
    intro: (email) =>
      `Ihr Konto bei Atelier verwendet ab jetzt die Adresse ${email}. Sie melden sich mit ihr an, und unsere E-Mails gehen an sie; an diese Adresse schreiben wir nicht mehr.`,
    warn: "Wenn Sie das nicht waren, wenden Sie sich bitte sofort an uns, per Telefon oder als Antwort auf diese E-Mail.",
  },
  ru: {
    subject: "Адрес электронной почты изменён",
    intro: (email) =>
      `Ваша учётная запись в «Ателье» теперь использует адрес ${email}. Входите с ним; наши письма приходят туда, а на этот адрес мы больше не пишем.`,
    warn: "Если это были не вы, пожалуйста, сразу свяжитесь с нами по телефону или ответьте на это письмо.",
  },
};

export const emailChangedTemplate: MailTemplate<EmailChangedData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const intro = t.intro(data.email);
  return {
    subject: t.subject,
    heading: t.subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(intro)}${paragraph(t.warn)}`,
    bodyText: [hello, "", intro, "", t.warn].join("\n"),
  };
};
