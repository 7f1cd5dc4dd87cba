import type { Locale } from "@atelier/contract";
import { html } from "./html.ts";
import { actionButton, actionText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

export type VerifyEmailData = { firstName: string; link: string };

const TEXTS: Record<Locale, { subject: string; intro: string; action: string; ignore: string }> = {
  de: {
    subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    intro:
      "vielen Dank für Ihre Registrierung bei Atelier. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link.",
    action: "E-Mail-Adresse bestätigen",
    ignore: "Wenn Sie sich nicht bei uns registriert haben, können Sie diese E-Mail ignorieren.",
  },
  ru: {
    subject: "Подтвердите адрес электронной почты",
    intro:
      "Спасибо за регистрацию в «Ателье». Пожалуйста, подтвердите адрес электронной почты, перейдя по ссылке ниже.",
    action: "Подтвердить адрес",
    ignore: "Если вы не регистрировались у нас, просто проигнорируйте это письмо.",
  },
};

export const verifyEmailTemplate: MailTemplate<VerifyEmailData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  return {
    subject: t.subject,
    heading: t.subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro)}${actionButton(data.link, t.action, locale)}${paragraph(t.ignore)}`,
    bodyText: [hello, "", t.intro, "", actionText(data.link, t.action), "", t.ignore].join("\n"),
  };
};
