import { type Locale, PROFILE_TAB_TITLES, type VisitRequestKind } from "@atelier/contract";
import { formatLessonTime, formatWeekdayDate } from "./format.ts";
import { html } from "./html.ts";
import { actionButton, actionText, detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** Staff confirmed the day of a trial or off-site visit (D137). */
export type VisitRequestConfirmedData = {
  kind: Exclude<VisitRequestKind, "waiting">;
  requestId: number;
  firstName: string;
  /** The offer's name in the mail's locale. */
  productName: string;
  /** `YYYY-MM-DD`, the confirmed day. */
  date: string;
  /** The lesson's time, `HH:MM`; end null when only a start was named (D270). */
  start: string | null;
  end: string | null;
  /** The house with its address ("Haus Mitte, Kastanienallee 12, 10435 Berlin"); null when none. */
  house: string | null;
  children: string[];
  /** The profile's history tab, where a signed-in parent sees the request; null for a guest. */
  profileUrl: string | null;
};

const TEXTS: Record<
  Locale,
  {
    subject: Record<VisitRequestConfirmedData["kind"], string>;
    intro: Record<VisitRequestConfirmedData["kind"], string>;
    labels: { number: string; offer: string; date: string; time: string; house: string; children: string };
    profile: string;
    button: string;
    questions: string;
  }
> = {
  de: {
    subject: {
      trial: "Ihre Probestunde ist bestätigt",
      out: "Ihr Besuch außer Haus ist bestätigt",
    },
    intro: {
      trial: "gute Nachrichten: Wir haben den Termin für die Probestunde bestätigt. Wir freuen uns auf Sie!",
      out: "gute Nachrichten: Wir haben den Termin für den Besuch außer Haus bestätigt.",
    },
    labels: {
      number: "Anfrage-Nr.",
      offer: "Angebot",
      date: "Termin",
      time: "Uhrzeit",
      house: "Ort",
      children: "Kinder",
    },
    profile: `Den Stand Ihrer Anfrage sehen Sie jederzeit in Ihrem Profil unter „${PROFILE_TAB_TITLES.sales.de}“.`,
    button: "Zum Profil",
    questions: "Passt der Termin doch nicht? Antworten Sie einfach auf diese E-Mail.",
  },
  ru: {
    subject: {
      trial: "Пробное занятие подтверждено",
      out: "Выездное занятие подтверждено",
    },
    intro: {
      trial: "Хорошие новости: мы подтвердили дату пробного занятия. Ждём вас!",
      out: "Хорошие новости: мы подтвердили дату выездного занятия.",
    },
    labels: {
      number: "Номер заявки",
      offer: "Предложение",
      date: "Дата",
      time: "Время",
      house: "Адрес",
      children: "Дети",
    },
    profile: `Статус заявки всегда можно посмотреть в профиле, на вкладке «${PROFILE_TAB_TITLES.sales.ru}».`,
    button: "Открыть профиль",
    questions: "Если дата всё-таки не подходит, просто ответьте на это письмо.",
  },
};

/** To the request's first adult, in the language the request was sent in. */
export const visitRequestConfirmedTemplate: MailTemplate<VisitRequestConfirmedData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const rows = [
    { label: t.labels.number, value: String(data.requestId) },
    { label: t.labels.offer, value: data.productName },
    { label: t.labels.date, value: formatWeekdayDate(data.date, locale) },
    ...(data.start ? [{ label: t.labels.time, value: formatLessonTime(data.start, data.end, locale) }] : []),
    ...(data.house ? [{ label: t.labels.house, value: data.house }] : []),
    ...(data.children.length ? [{ label: t.labels.children, value: data.children.join(", ") }] : []),
  ];
  const profileHtml = data.profileUrl
    ? html`${paragraph(t.profile)}${actionButton(data.profileUrl, t.button, locale)}`
    : html``;
  const profileText = data.profileUrl ? ["", t.profile, actionText(data.profileUrl, t.button)] : [];
  return {
    subject: t.subject[data.kind],
    heading: t.subject[data.kind],
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro[data.kind])}${detailsTable(rows)}${profileHtml}${paragraph(t.questions)}`,
    bodyText: [hello, "", t.intro[data.kind], "", detailsText(rows), ...profileText, "", t.questions].join(
      "\n",
    ),
  };
};
