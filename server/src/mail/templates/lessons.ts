import type { Locale } from "@atelier/contract";
import { formatLessonTime, formatWeekdayDate } from "./format.ts";
import { html, type SafeHtml } from "./html.ts";
import { actionButton, actionText, detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** The school cancelled one lesson (issue 35, D369): reason and what the child gets instead. */
export type LessonCancelledData = {
  parentFirstName: string;
  childName: string;
  productName: string;
  date: string;
  start: string;
  end: string;
  reason: string;
  /** "credit": a makeup credit valid until `creditExpiresOn`; "lengthen": the paid period lengthens. */
  outcome: "credit" | "lengthen";
  creditExpiresOn: string | null;
  /** A makeup the child had booked on that date: its credit is free again. */
  wasMakeup: boolean;
  accountUrl: string;
};

/** The evening before a first lesson or a makeup (D370). */
export type LessonReminderData = {
  parentFirstName: string;
  childName: string;
  productName: string;
  kind: "first_lesson" | "trial" | "makeup";
  date: string;
  start: string;
  end: string;
  house: string;
  address: string;
  mapUrl: string | null;
  whatToBring: string;
  /** The signed link to report "won't come"; null for a trial visit or a makeup. */
  absenceUrl: string | null;
};

const CANCELLED = {
  de: {
    subject: (product: string, day: string) => `Unterricht fällt aus: ${product} am ${day}`,
    intro: (child: string) => `leider fällt der folgende Termin von ${child} aus.`,
    labels: { offer: "Kurs", child: "Kind", when: "Termin", reason: "Grund" },
    credit: (until: string) =>
      `Ihr Kind erhält dafür ein Nachholguthaben für eine Stunde in einer anderen Gruppe desselben Kurses, gültig bis ${until}. Sie buchen es in Ihrem Konto.`,
    lengthen: "Ihr bezahlter Zeitraum verlängert sich um diesen Termin, wie bei Ferien und Schließtagen.",
    makeup: "Das Nachholguthaben, mit dem Sie diesen Termin gebucht hatten, ist wieder frei.",
    account: "Zum Konto",
    sorry: "Wir bitten um Entschuldigung.",
  },
  ru: {
    subject: (product: string, day: string) => `Занятие отменено: ${product}, ${day}`,
    intro: () => "К сожалению, следующее занятие вашего ребёнка не состоится.",
    labels: { offer: "Курс", child: "Ребёнок", when: "Занятие", reason: "Причина" },
    credit: (until: string) =>
      `Взамен ваш ребёнок получает право на отработку одного занятия в другой группе того же курса, действующее до ${until}. Записаться можно в личном кабинете.`,
    lengthen: "Оплаченный период продлевается на это занятие, как при каникулах и закрытии школы.",
    makeup: "Право на отработку, которым вы воспользовались для записи на это занятие, снова действует.",
    account: "В личный кабинет",
    sorry: "Приносим извинения.",
  },
} as const;

export const lessonCancelledTemplate: MailTemplate<LessonCancelledData> = (data, locale) => {
  const t = CANCELLED[locale];
  const day = formatWeekdayDate(data.date, locale);
  const rows = [
    { label: t.labels.offer, value: data.productName },
    { label: t.labels.child, value: data.childName },
    { label: t.labels.when, value: `${day}, ${formatLessonTime(data.start, data.end, locale)}` },
    { label: t.labels.reason, value: data.reason },
  ];
  const outcome = data.wasMakeup
    ? t.makeup
    : data.outcome === "credit" && data.creditExpiresOn
      ? t.credit(formatWeekdayDate(data.creditExpiresOn, locale))
      : t.lengthen;
  const hello = greeting(data.parentFirstName, locale);
  return {
    subject: t.subject(data.productName, day),
    heading: t.subject(data.productName, day),
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro(data.childName))}${detailsTable(rows)}${paragraph(outcome)}${actionButton(data.accountUrl, t.account, locale)}${paragraph(t.sorry)}`,
    bodyText: [
      hello,
      "",
      t.intro(data.childName),
      "",
      detailsText(rows),
      "",
      outcome,
      "",
      actionText(data.accountUrl, t.account),
      "",
      t.sorry,
    ].join("\n"),
  };
};

const REMINDER = {
  de: {
    subject: (kind: LessonReminderData["kind"], product: string) =>
      kind === "makeup"
        ? `Morgen: Nachholstunde ${product}`
        : kind === "trial"
          ? `Morgen: Probestunde ${product}`
          : `Morgen geht es los: ${product}`,
    intro: (kind: LessonReminderData["kind"], child: string) =>
      kind === "makeup"
        ? `morgen hat ${child} die gebuchte Nachholstunde. Hier alles Wichtige:`
        : kind === "trial"
          ? `morgen ist die Probestunde von ${child}. Wir freuen uns auf Sie! Hier alles Wichtige:`
          : `morgen ist die erste Stunde von ${child}. Wir freuen uns! Hier alles Wichtige:`,
    labels: { offer: "Angebot", child: "Kind", when: "Wann", where: "Wo", bring: "Bitte mitbringen" },
    map: "Karte öffnen",
    absence: "Kann Ihr Kind nicht kommen? Melden Sie es hier ab:",
    absenceButton: "Abwesenheit melden",
  },
  ru: {
    subject: (kind: LessonReminderData["kind"], product: string) =>
      kind === "makeup"
        ? `Завтра: отработка, ${product}`
        : kind === "trial"
          ? `Завтра: пробное занятие, ${product}`
          : `Завтра начинаем: ${product}`,
    intro: (kind: LessonReminderData["kind"]) =>
      kind === "makeup"
        ? "Завтра у вашего ребёнка отработка, на которую вы записались. Всё самое важное:"
        : kind === "trial"
          ? "Завтра пробное занятие. Мы ждём вас! Всё самое важное:"
          : "Завтра первое занятие вашего ребёнка. Мы ждём вас! Всё самое важное:",
    labels: { offer: "Занятие", child: "Ребёнок", when: "Когда", where: "Где", bring: "Что взять с собой" },
    map: "Открыть карту",
    absence: "Ребёнок не сможет прийти? Сообщите об этом здесь:",
    absenceButton: "Сообщить об отсутствии",
  },
} as const;

export const lessonReminderTemplate: MailTemplate<LessonReminderData> = (data, locale: Locale) => {
  const t = REMINDER[locale];
  const day = formatWeekdayDate(data.date, locale);
  const when = data.start ? `${day}, ${formatLessonTime(data.start, data.end, locale)}` : day;
  const where = [data.house, data.address].filter(Boolean).join(", ");
  const rows = [
    { label: t.labels.offer, value: data.productName },
    { label: t.labels.child, value: data.childName },
    { label: t.labels.when, value: when },
    ...(where ? [{ label: t.labels.where, value: where }] : []),
    ...(data.whatToBring ? [{ label: t.labels.bring, value: data.whatToBring }] : []),
  ];
  const hello = greeting(data.parentFirstName, locale);
  const map: SafeHtml = data.mapUrl ? actionButton(data.mapUrl, t.map, locale) : html``;
  const absence: SafeHtml = data.absenceUrl
    ? html`${paragraph(t.absence)}${actionButton(data.absenceUrl, t.absenceButton, locale)}`
    : html``;
  return {
    subject: t.subject(data.kind, data.productName),
    heading: t.subject(data.kind, data.productName),
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro(data.kind, data.childName))}${detailsTable(rows)}${map}${absence}`,
    bodyText: [
      hello,
      "",
      t.intro(data.kind, data.childName),
      "",
      detailsText(rows),
      ...(data.mapUrl ? ["", actionText(data.mapUrl, t.map)] : []),
      ...(data.absenceUrl ? ["", t.absence, data.absenceUrl] : []),
    ].join("\n"),
  };
};
