import type { Locale } from "@atelier/contract";
import { html } from "./html.ts";
import { actionButton, actionText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** To the new address of an account (D577): the link that moves the account to it. */
export type EmailChangeData = { firstName: string; email: string; link: string; hours: number };

const TEXTS: Record<
  Locale,
  { subject: string; intro: (email: string, hours: number) => string; action: string; ignore: string }
> = {
  de: {
    subject: "Neue E-Mail-Adresse bestätigen",
    intro: (email, hours) =>
      `für Ihr Konto bei Atelier wurde die neue Adresse ${email} angegeben. Bitte öffnen Sie den folgenden Link und melden Sie sich dabei an, noch mit Ihrer bisherigen Adresse; erst dann melden Sie sich mit der neuen Adresse an und erhalten unsere E-Mails hier. Der Link gilt ${hours} Stunden.`,
    action: "Neue Adresse bestätigen",
    ignore:
      "Wenn Sie das nicht veranlasst haben, können Sie diese E-Mail ignorieren; das Konto behält seine bisherige Adresse.",
  },
  ru: {
    subject: "Подтвердите новый адрес электронной почты",
    intro: (email, hours) =>
      `Для вашей учётной записи в «Ателье» запрошена смена адреса на ${email}. Откройте ссылку ниже и войдите, пока ещё с прежним адресом: только после этого вы будете входить с новым адресом и получать наши письма сюда. Ссылка действительна ${hours} ч.`,
    action: "Подтвердить новый адрес",
    ignore:
      "Если вы этого не запрашивали, просто проигнорируйте письмо: у учётной записи останется прежний адрес.",
  },
};

export const emailChangeTemplate: MailTemplate<EmailChangeData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const intro = t.intro(data.email, data.hours);
  return {
    subject: t.subject,
    heading: t.subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(intro)}${actionButton(data.link, t.action, locale)}${paragraph(t.ignore)}`,
    bodyText: [hello, "", intro, "", actionText(data.link, t.action), "", t.ignore].join("\n"),
  };
};
