import type { Locale } from "@atelier/contract";
import { berlinDeadlineText } from "@atelier/contract";
import { formatDate, formatLessonTime } from "./format.ts";
import { html } from "./html.ts";
import { actionButton, actionText, detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** A seat offered from a waiting list (D78): the link books it for the child while the offer runs. */
export type WaitingListOfferData = {
  parentFirstName: string;
  childName: string;
  /** The offer's and the option's names in the mail's locale. */
  productName: string;
  optionName: string;
  /** A course slot (weekday 0 = Monday, or a date) or an academy week. */
  slot: { weekday: number | null; date: string | null; start: string; end: string } | null;
  week: { startsOn: string; endsOn: string } | null;
  /** ISO instant the offer runs out. */
  expiresAt: string;
  /** WEB_URL/waiting-list/offer/{token} */
  link: string;
};

const WEEKDAYS: Record<Locale, string[]> = {
  de: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
  ru: ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"],
};

const TEXTS = {
  de: {
    subject: (product: string) => `Ein Platz ist frei: ${product}`,
    intro: (child: string) =>
      `auf der Warteliste ist ${child} jetzt an der Reihe: Ein Platz ist frei geworden und für Sie reserviert.`,
    until: (when: string) =>
      `Das Angebot gilt bis zum ${when} Uhr (Berliner Zeit). Danach geht der Platz an den Nächsten auf der Warteliste.`,
    button: "Platz buchen",
    labels: { offer: "Angebot", option: "Option", child: "Kind", when: "Termin", week: "Woche" },
    ignore: "Wenn Sie den Platz nicht mehr brauchen, müssen Sie nichts tun.",
  },
  ru: {
    subject: (product: string) => `Освободилось место: ${product}`,
    // No name in the sentence: Russian would decline it ("очередь Софьи"), and we cannot decline names
    // reliably; the child stands in the table below, in the nominative.
    intro: () => "Подошла ваша очередь в листе ожидания: освободилось место, и мы придержали его для вас.",
    until: (when: string) =>
      `Предложение действует до ${when} (по берлинскому времени). После этого место перейдёт следующему в листе ожидания.`,
    button: "Забронировать место",
    labels: { offer: "Предложение", option: "Вариант", child: "Ребёнок", when: "Время", week: "Неделя" },
    ignore: "Если место вам больше не нужно, ничего делать не надо.",
  },
} as const;

export const waitingListOfferTemplate: MailTemplate<WaitingListOfferData> = (data, locale) => {
  const t = TEXTS[locale];
  const rows: { label: string; value: string }[] = [
    { label: t.labels.offer, value: data.productName },
    { label: t.labels.option, value: data.optionName },
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
  const hello = greeting(data.parentFirstName, locale);
  const until = t.until(berlinDeadlineText(data.expiresAt, locale));
  return {
    subject: t.subject(data.productName),
    heading: t.subject(data.productName),
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro(data.childName))}${detailsTable(rows)}${paragraph(until)}${actionButton(data.link, t.button, locale)}${paragraph(t.ignore)}`,
    bodyText: [
      hello,
      "",
      t.intro(data.childName),
      "",
      detailsText(rows),
      "",
      until,
      "",
      actionText(data.link, t.button),
      "",
      t.ignore,
    ].join("\n"),
  };
};
