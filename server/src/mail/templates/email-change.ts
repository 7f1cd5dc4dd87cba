import type { Locale } from "@atelier/contract";
import { html } from "./html.ts";
import { actionButton, actionText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** To the new address of an account (D577): the link that moves the account to it. */
export type EmailChangeData = { firstName: string; email: string; link: string };

const TEXTS: Record<
  Locale,
  { subject: string; intro: (email: string) => string; action: string; ignore: string }
> = {
  de: {
    subject: "Neue E-Mail-Adresse bestätigen",
    intro: (email) =>
      `Ihr Konto bei Atelier soll ab jetzt die Adresse ${email} verwenden. Bitte bestätigen Sie das über den folgenden Link; erst dann melden Sie sich mit dieser Adresse an und erhalten unsere E-Mails hier. Der Link gilt 24 Stunden.`,
    action: "Neue Adresse bestätigen",
    ignore:
      "Wenn Sie das nicht veranlasst haben, können Sie diese E-Mail ignorieren; das Konto behält seine bisherige Adresse.",
  },
  ru: {
    subject: "Подтвердите новый адрес электронной почты",
    intro: (email) =>
      `Ваша учётная запись в «Ателье» должна теперь использовать адрес ${email}. Подтвердите это по ссылке ниже: только после этого вы будете входить с этим адресом и получать наши письма сюда. Ссылка действительна 24 часа.`,
    action: "Подтвердить новый адрес",
    ignore:
      "Если вы этого не запрашивали, просто проигнорируйте письмо: у учётной записи останется прежний адрес.",
  },
};

export const emailChangeTemplate: MailTemplate<EmailChangeData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const intro = t.intro(data.email);
  return {
    subject: t.subject,
    heading: t.subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(intro)}${actionButton(data.link, t.action, locale)}${paragraph(t.ignore)}`,
    bodyText: [hello, "", intro, "", actionText(data.link, t.action), "", t.ignore].join("\n"),
  };
};
