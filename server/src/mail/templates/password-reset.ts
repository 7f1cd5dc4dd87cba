import type { Locale } from "@atelier/contract";
import { html } from "./html.ts";
import { actionButton, actionText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

export type PasswordResetData = { firstName: string; link: string };

const TEXTS: Record<Locale, { subject: string; intro: string; action: string; ignore: string }> = {
  de: {
    subject: "Passwort zurücksetzen",
    intro:
      "wir haben eine Anfrage zum Zurücksetzen Ihres Passworts erhalten. Über den folgenden Link können Sie ein neues Passwort festlegen.",
    action: "Neues Passwort festlegen",
    ignore:
      "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.",
  },
  ru: {
    subject: "Восстановление пароля",
    intro: "Мы получили запрос на сброс пароля. Чтобы задать новый пароль, перейдите по ссылке ниже.",
    action: "Задать новый пароль",
    ignore:
      "Если вы не запрашивали сброс пароля, просто проигнорируйте это письмо — ваш пароль останется прежним.",
  },
};

export const passwordResetTemplate: MailTemplate<PasswordResetData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  return {
    subject: t.subject,
    heading: t.subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro)}${actionButton(data.link, t.action, locale)}${paragraph(t.ignore)}`,
    bodyText: [hello, "", t.intro, "", actionText(data.link, t.action), "", t.ignore].join("\n"),
  };
};
