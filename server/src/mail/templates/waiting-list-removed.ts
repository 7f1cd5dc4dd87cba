import { type MovedUnit, unitText } from "./booking-moved.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** Staff took a child off a waiting list (D163). */
export type WaitingListRemovedData = {
  parentFirstName: string;
  childName: string;
  productName: string;
  unit: MovedUnit;
};

const TEXTS = {
  de: {
    subject: (product: string) => `Warteliste: ${product}`,
    intro: (child: string) =>
      `wir haben ${child} von der Warteliste für das folgende Angebot genommen. Sie müssen nichts weiter tun.`,
    labels: { offer: "Angebot", child: "Kind", when: "Termin" },
    questions: "Wenn das ein Versehen ist oder Sie Fragen haben, antworten Sie einfach auf diese E-Mail.",
  },
  ru: {
    subject: (product: string) => `Лист ожидания: ${product}`,
    intro: () =>
      "Мы убрали запись вашего ребёнка из листа ожидания на это предложение. Больше ничего делать не нужно.",
    labels: { offer: "Предложение", child: "Ребёнок", when: "Время" },
    questions: "Если это ошибка или у вас есть вопросы, просто ответьте на это письмо.",
  },
} as const;

export const waitingListRemovedTemplate: MailTemplate<WaitingListRemovedData> = (data, locale) => {
  const t = TEXTS[locale];
  const rows = [
    { label: t.labels.offer, value: data.productName },
    { label: t.labels.child, value: data.childName },
    { label: t.labels.when, value: unitText(data.unit, locale) },
  ];
  const hello = greeting(data.parentFirstName, locale);
  return {
    subject: t.subject(data.productName),
    heading: t.subject(data.productName),
    bodyHtml: html`${paragraph(hello)}${paragraph(t.intro(data.childName))}${detailsTable(rows)}${paragraph(t.questions)}`,
    bodyText: [hello, "", t.intro(data.childName), "", detailsText(rows), "", t.questions].join("\n"),
  };
};
