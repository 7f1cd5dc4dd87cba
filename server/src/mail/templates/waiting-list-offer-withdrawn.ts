import { unitText } from "./booking-moved.ts";
import { html } from "./html.ts";
import { detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";
import type { WaitingListRemovedData } from "./waiting-list-removed.ts";

/**
 * Staff gave the seat offered to this family to another entry (D190): the link of the offer mail no
 * longer works, and the child waits again at its place. The same facts as a removal from the list.
 */
export type WaitingListOfferWithdrawnData = WaitingListRemovedData;

const TEXTS = {
  de: {
    subject: (product: string) => `Warteliste: ${product}`,
    intro: (child: string) =>
      `der Platz, den wir Ihnen für ${child} angeboten hatten, ist leider nicht mehr frei: Die Schule hat ihn einer anderen Familie gegeben. Der Link aus unserer letzten E-Mail gilt deshalb nicht mehr.`,
    still:
      "Ihr Kind bleibt an seiner Stelle auf der Warteliste. Sobald wieder ein Platz frei wird, schreiben wir Ihnen.",
    labels: { offer: "Angebot", child: "Kind", when: "Termin" },
    questions: "Wenn Sie Fragen haben, antworten Sie einfach auf diese E-Mail.",
  },
  ru: {
    subject: (product: string) => `Лист ожидания: ${product}`,
    intro: (child: string) =>
      `К сожалению, место, которое мы предложили для ребёнка (${child}), больше не свободно: школа отдала его другой семье. Поэтому ссылка из нашего прошлого письма больше не действует.`,
    still:
      "Ваш ребёнок остаётся на своём месте в листе ожидания. Как только освободится место, мы вам напишем.",
    labels: { offer: "Предложение", child: "Ребёнок", when: "Время" },
    questions: "Если у вас есть вопросы, просто ответьте на это письмо.",
  },
} as const;

export const waitingListOfferWithdrawnTemplate: MailTemplate<WaitingListOfferWithdrawnData> = (
  data,
  locale,
) => {
  const t = TEXTS[locale];
  const rows = [
    { label: t.labels.offer, value: data.productName },
    { label: t.labels.child, value: data.childName },
    { label: t.labels.when, value: unitText(data.unit, locale) },
  ];
  const hello = greeting(data.parentFirstName, locale);
  const intro = t.intro(data.childName);
  return {
    subject: t.subject(data.productName),
    heading: t.subject(data.productName),
    bodyHtml: html`${paragraph(hello)}${paragraph(intro)}${paragraph(t.still)}${detailsTable(rows)}${paragraph(t.questions)}`,
    bodyText: [hello, "", intro, "", t.still, "", detailsText(rows), "", t.questions].join("\n"),
  };
};
