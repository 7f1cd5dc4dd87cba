import { formatPhone, type Locale, type VisitRequestKind } from "@atelier/contract";
import { formatDate, formatLessonTime } from "./format.ts";
import { html } from "./html.ts";
import { type DetailRow, detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** A visit request (trial visit, off-site visit, waiting list) as its mails show it. */
export type VisitRequestMailData = {
  kind: VisitRequestKind;
  requestId: number;
  /** The offer's name in the mail's locale. */
  productName: string;
  /** `YYYY-MM-DD`, or null (a waiting list without a wished date). */
  date: string | null;
  /** The trial's chosen group's time (`HH:MM`, D329), or absent when the family named no group. */
  lesson?: { start: string; end: string } | null | undefined;
  children: { firstName: string; lastName: string; birthDate: string | null }[];
  adults: { firstName: string; lastName: string; email: string; phone: string; relation: string }[];
  /** The account the request was sent from, when signed in. */
  userId?: number | null | undefined;
};

type Texts = {
  kinds: Record<VisitRequestKind, string>;
  confirmSubject: Record<VisitRequestKind, string>;
  confirmIntro: Record<VisitRequestKind, string>;
  next: string;
  notifyIntro: string;
  labels: Record<
    "kind" | "number" | "offer" | "date" | "children" | "adults" | "account" | "guest" | "born",
    string
  >;
};

const TEXTS: Record<Locale, Texts> = {
  de: {
    kinds: { trial: "Probestunde", out: "Besuch außer Haus", waiting: "Warteliste" },
    confirmSubject: {
      trial: "Ihre Anfrage für eine Probestunde",
      out: "Ihre Anfrage für einen Besuch außer Haus",
      waiting: "Ihr Eintrag auf der Warteliste",
    },
    confirmIntro: {
      trial: "vielen Dank für Ihre Anfrage für eine Probestunde. Wir haben folgende Angaben erhalten:",
      out: "vielen Dank für Ihre Anfrage für einen Besuch außer Haus. Wir haben folgende Angaben erhalten:",
      waiting: "vielen Dank, wir haben Sie auf die Warteliste gesetzt. Wir haben folgende Angaben erhalten:",
    },
    next: "Wir melden uns in den nächsten Tagen bei Ihnen, um alles Weitere abzustimmen.",
    notifyIntro: "Über die Website ist eine neue Besuchsanfrage eingegangen.",
    labels: {
      kind: "Art der Anfrage",
      number: "Anfrage-Nr.",
      offer: "Angebot",
      date: "Wunschtermin",
      children: "Kinder",
      adults: "Erwachsene",
      account: "Kundenkonto",
      guest: "ohne Anmeldung",
      born: "geb.",
    },
  },
  ru: {
    kinds: { trial: "Пробное занятие", out: "Выездное занятие", waiting: "Лист ожидания" },
    confirmSubject: {
      trial: "Ваша заявка на пробное занятие",
      out: "Ваша заявка на выездное занятие",
      waiting: "Вы в листе ожидания",
    },
    confirmIntro: {
      trial: "Спасибо за заявку на пробное занятие. Мы получили следующие данные:",
      out: "Спасибо за заявку на выездное занятие. Мы получили следующие данные:",
      waiting: "Спасибо, мы внесли вас в лист ожидания. Мы получили следующие данные:",
    },
    next: "В ближайшие дни мы свяжемся с вами, чтобы обсудить детали.",
    notifyIntro: "Через сайт поступила новая заявка на посещение.",
    labels: {
      kind: "Тип заявки",
      number: "Номер заявки",
      offer: "Предложение",
      date: "Желаемая дата",
      children: "Дети",
      adults: "Взрослые",
      account: "Учётная запись",
      guest: "без входа",
      born: "род.",
    },
  },
};

/** The wished day, with the chosen group's time when the family chose one (D329). */
const wishedDay = (data: VisitRequestMailData, locale: Locale) =>
  data.date && data.lesson
    ? `${formatDate(data.date, locale)}, ${formatLessonTime(data.lesson.start, data.lesson.end, locale)}`
    : formatDate(data.date ?? "", locale);

function rows(data: VisitRequestMailData, locale: Locale, forSchool: boolean) {
  const t = TEXTS[locale];
  const children = data.children
    .map((child) => {
      const name = `${child.firstName} ${child.lastName}`.trim();
      return child.birthDate ? `${name} (${t.labels.born} ${formatDate(child.birthDate, locale)})` : name;
    })
    .join("\n");
  const adults = data.adults
    .map((adult) => {
      const name = `${adult.firstName} ${adult.lastName}`.trim();
      const relation = adult.relation ? ` (${adult.relation})` : "";
      return `${name}${relation}, ${adult.email}, ${formatPhone(adult.phone)}`;
    })
    .join("\n");
  const list: { label: string; value: string | undefined }[] = [
    { label: t.labels.kind, value: t.kinds[data.kind] },
    { label: t.labels.number, value: String(data.requestId) },
    { label: t.labels.offer, value: data.productName },
    { label: t.labels.date, value: data.date ? wishedDay(data, locale) : undefined },
    // A guest of the existing client may name no child (D222): the row is left out, not shown empty.
    { label: t.labels.children, value: children || undefined },
    { label: t.labels.adults, value: adults },
    {
      label: t.labels.account,
      value: forSchool ? (data.userId ? `#${data.userId}` : t.labels.guest) : undefined,
    },
  ];
  return list.filter((row): row is { label: string; value: string } => row.value !== undefined);
}

const htmlRows = (filled: { label: string; value: string }[]): DetailRow[] =>
  filled.map((row) => ({
    label: row.label,
    // One person per line.
    value: html`${row.value.split("\n").map((line, i) => (i === 0 ? line : html`<br>${line}`))}`,
  }));

/** To the first adult of the request, in the request's locale. */
export const visitRequestConfirmationTemplate: MailTemplate<VisitRequestMailData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.adults[0]?.firstName ?? "", locale);
  const filled = rows(data, locale, false);
  return {
    subject: t.confirmSubject[data.kind],
    heading: t.confirmSubject[data.kind],
    bodyHtml: html`${paragraph(hello)}${paragraph(t.confirmIntro[data.kind])}${detailsTable(htmlRows(filled))}${paragraph(t.next)}`,
    bodyText: [hello, "", t.confirmIntro[data.kind], "", detailsText(filled), "", t.next].join("\n"),
  };
};

/** To the school (SCHOOL_EMAIL); the school works in German, as for contact forms. */
export const visitRequestNotificationTemplate: MailTemplate<VisitRequestMailData> = (data, locale) => {
  const t = TEXTS[locale];
  const first = data.adults[0];
  const who = first ? `${first.firstName} ${first.lastName}`.trim() : "";
  const filled = rows(data, locale, true);
  return {
    subject: `${t.kinds[data.kind]}: ${data.productName} – ${who}`,
    heading: t.kinds[data.kind],
    bodyHtml: html`${paragraph(t.notifyIntro)}${detailsTable(htmlRows(filled))}`,
    bodyText: [t.notifyIntro, "", detailsText(filled)].join("\n"),
  };
};
