import type { Locale } from "@atelier/contract";
import { formatDate, formatLessonTime } from "./format.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** A slot (weekday 0 = Monday, or a date) or an academy week, as a mail names it. */
export type MovedUnit =
  | { kind: "slot"; weekday: number | null; date: string | null; start: string; end: string }
  | { kind: "week"; startsOn: string; endsOn: string };

/** Staff moved a child to another slot or week (D161). */
export type BookingMovedData = {
  firstName: string;
  orderId: number;
  productName: string;
  childName: string;
  from: MovedUnit;
  to: MovedUnit;
};

const WEEKDAYS: Record<Locale, string[]> = {
  de: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
  ru: ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"],
};

const TEXTS = {
  de: {
    subject: (orderId: number) => `Neuer Termin für Ihre Buchung (Bestellung Nr. ${orderId})`,
    intro: (child: string) =>
      `wir haben ${child} umgebucht. Ab sofort gilt der neue Termin; Ihr Kalender (.ics) und Ihr Profil zeigen ihn bereits.`,
    labels: { offer: "Angebot", child: "Kind", from: "Bisher", to: "Neu" },
    weekly: "wöchentlich",
    questions: "Bei Fragen antworten Sie einfach auf diese E-Mail.",
  },
  ru: {
    subject: (orderId: number) => `Запись перенесена (заказ № ${orderId})`,
    // No name in the sentence (it would be declined); the child stands in the table, in the nominative.
    intro: () =>
      "Мы перенесли запись вашего ребёнка. Теперь действует новое время; оно уже видно в вашем профиле и в календаре (.ics).",
    labels: { offer: "Предложение", child: "Ребёнок", from: "Было", to: "Стало" },
    weekly: "еженедельно",
    questions: "Если у вас есть вопросы, просто ответьте на это письмо.",
  },
} as const;

/** "Dienstag, 16:00–17:30 Uhr (wöchentlich)", "17.03.2027, 11:00–14:00 Uhr" or "06.07.2027 – 10.07.2027". */
export function unitText(unit: MovedUnit, locale: Locale): string {
  if (unit.kind === "week")
    return `${formatDate(unit.startsOn, locale)} – ${formatDate(unit.endsOn, locale)}`;
  const times = formatLessonTime(unit.start, unit.end, locale);
  if (unit.date !== null) return `${formatDate(unit.date, locale)}, ${times}`;
  return `${WEEKDAYS[locale][unit.weekday ?? 0] ?? ""}, ${times} (${TEXTS[locale].weekly})`;
}

export const bookingMovedTemplate: MailTemplate<BookingMovedData> = (data, locale) => {
  const t = TEXTS[locale];
  const rows = [
    { label: t.labels.offer, value: data.productName },
    { label: t.labels.child, value: data.childName },
    { label: t.labels.from, value: unitText(data.from, locale) },
    { label: t.labels.to, value: unitText(data.to, locale) },
  ];
  const hello = greeting(data.firstName, locale);
  return {
    subject: t.subject(data.orderId),
    heading: t.subject(data.orderId),
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro(data.childName))}${detailsTable(rows)}${paragraph(t.questions)}`,
    bodyText: [hello, "", t.intro(data.childName), "", detailsText(rows), "", t.questions].join("\n"),
  };
};
