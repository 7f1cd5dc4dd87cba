import type { Locale } from "@atelier/contract";
import { formatDate, formatLessonTime } from "./format.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** A child put on a full unit's waiting list (D144): where they stand and what happens next. */
export type WaitingListJoinedData = {
  parentFirstName: string;
  childName: string;
  productName: string;
  optionName: string;
  /** A course slot (weekday 0 = Monday, or a date) or an academy week. */
  slot: { weekday: number | null; date: string | null; start: string; end: string } | null;
  week: { startsOn: string; endsOn: string } | null;
  /** 1 = first in line. */
  position: number;
  /** How long an offered seat is held (WAITING_OFFER_HOURS). */
  offerHours: number;
};

const WEEKDAYS: Record<Locale, string[]> = {
  de: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
  ru: ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"],
};

const ruHours = (n: number) => {
  const tens = n % 100;
  const ones = n % 10;
  if (tens >= 11 && tens <= 14) return `${n} часов`;
  if (ones === 1) return `${n} час`;
  if (ones >= 2 && ones <= 4) return `${n} часа`;
  return `${n} часов`;
};

/**
 * What ends an offer before its hours (D613, D624): a dated session's or a week's start; a course's weekly
 * time has none.
 */
type Limit = "session" | "week" | null;

const TEXTS = {
  de: {
    subject: (product: string) => `Auf der Warteliste: ${product}`,
    intro: "Sie stehen auf der Warteliste. Wir haben den Eintrag so gespeichert:",
    next: (hours: number, limit: Limit) =>
      `Sobald ein Platz frei wird und Sie an der Reihe sind, schreiben wir Ihnen. Der Platz ist dann ${hours} Stunden für Sie reserviert${
        limit === "session"
          ? ", höchstens aber bis zum Beginn des Termins"
          : limit === "week"
            ? ", höchstens aber bis zum Beginn der Woche"
            : ""
      }; danach geht er an den Nächsten auf der Liste.`,
    nothing: "Bis dahin müssen Sie nichts tun, und es wird nichts berechnet.",
    labels: {
      offer: "Angebot",
      option: "Option",
      child: "Kind",
      when: "Termin",
      week: "Woche",
      position: "Platz auf der Warteliste",
    },
  },
  ru: {
    subject: (product: string) => `Лист ожидания: ${product}`,
    intro: "Вы в листе ожидания. Мы сохранили запись:",
    next: (hours: number, limit: Limit) =>
      `Как только освободится место и подойдёт ваша очередь, мы вам напишем. Место будет закреплено за вами ${ruHours(hours)}${
        limit === "session"
          ? ", но не дольше, чем до начала занятия"
          : limit === "week"
            ? ", но не дольше, чем до начала недели"
            : ""
      }. После этого оно перейдёт следующему в списке.`,
    nothing: "До тех пор ничего делать не нужно, и оплата не списывается.",
    labels: {
      offer: "Предложение",
      option: "Вариант",
      child: "Ребёнок",
      when: "Время",
      week: "Неделя",
      position: "Место в листе ожидания",
    },
  },
} as const;

export const waitingListJoinedTemplate: MailTemplate<WaitingListJoinedData> = (data, locale) => {
  const t = TEXTS[locale];
  const rows: { label: string; value: string }[] = [
    { label: t.labels.offer, value: data.productName },
    { label: t.labels.option, value: data.optionName },
    // The child stands in the table, in the nominative: Russian would decline a name in a sentence.
    { label: t.labels.child, value: data.childName },
  ];
  if (data.slot) {
    const day =
      data.slot.date !== null
        ? formatDate(data.slot.date, locale)
        : (WEEKDAYS[locale][data.slot.weekday ?? 0] ?? "");
    rows.push({
      label: t.labels.when,
      value: `${day}, ${formatLessonTime(data.slot.start, data.slot.end, locale)}`,
    });
  }
  if (data.week)
    rows.push({
      label: t.labels.week,
      value: `${formatDate(data.week.startsOn, locale)} – ${formatDate(data.week.endsOn, locale)}`,
    });
  rows.push({ label: t.labels.position, value: String(data.position) });
  const hello = greeting(data.parentFirstName, locale);
  const limit: Limit = data.week ? "week" : data.slot?.date ? "session" : null;
  const next = t.next(data.offerHours, limit);
  return {
    subject: t.subject(data.productName),
    heading: t.subject(data.productName),
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro)}${detailsTable(rows)}${paragraph(next)}${paragraph(t.nothing)}`,
    bodyText: [hello, "", t.intro, "", detailsText(rows), "", next, "", t.nothing].join("\n"),
  };
};
