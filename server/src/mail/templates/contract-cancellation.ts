import { INTL_LOCALES, type Locale, lastPaidDay, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { html } from "./html.ts";
import { type DetailRow, detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/**
 * The confirmation of a cancellation (§ 312k(4) BGB, D73, D91): what was declared, with the date and time
 * it was received, and when the contract ends, or that the school looks into it when the data named no
 * contract we could find. It goes to the contract's own address (the account's), or only to the school;
 * what the requester typed is shown only as a quotation, never as the mail's own words.
 */
export type ContractCancellationData = {
  /** The account holder's first name from the account; "" when no contract matched (the school's copy). */
  firstName: string;
  /** ISO timestamp of receipt. */
  receivedAt: string;
  /** The contract's number from our records; null when no contract matched. */
  contractNumber: string | null;
  /** "Kunst für Kinder 5–7 (Mila)"; null when no contract matched. */
  contractName: string | null;
  kind: "ordinary" | "extraordinary";
  /** "next_possible" or the date asked for (ISO; validated, not free text). */
  requestedEnd: string;
  /** ISO timestamp when the contract ends; null when the school still has to find or check it. */
  endsAt: string | null;
  /** What the form said, as typed. */
  declared: { name: string; email: string; contract: string; reason: string };
};

/** Date and time as the parent reads them in Berlin, e.g. "24. November 2026 um 18:03". */
export function berlinDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: SCHOOL_TIME_ZONE,
  }).format(new Date(iso));
}

const berlinDay = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: "long", timeZone: SCHOOL_TIME_ZONE }).format(
    new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso),
  );

const TEXTS = {
  de: {
    subject: "Bestätigung Ihrer Kündigung",
    received: (at: string) => `wir haben Ihre Kündigung am ${at} erhalten.`,
    labels: {
      contract: "Vertrag",
      number: "Vertragsnummer",
      declaredNumber: "Angegebene Vertragsnummer",
      kind: "Art der Kündigung",
      name: "Angegebener Name",
      email: "Angegebene E-Mail-Adresse",
      reason: "Angegebener Grund",
      requested: "Gewünschtes Ende",
      endsAt: "Vertragsende",
    },
    kinds: { ordinary: "ordentliche Kündigung", extraordinary: "außerordentliche Kündigung" },
    nextPossible: "zum nächstmöglichen Zeitpunkt",
    ends: (at: string) =>
      `Ihr Vertrag endet am ${at}, mit dem Ende des bezahlten Monats. Bis dahin kann Ihr Kind weiter teilnehmen; danach wird nichts mehr abgebucht.`,
    review:
      "Wir prüfen Ihre Kündigung und melden uns innerhalb von zwei Werktagen mit dem Vertragsende bei Ihnen.",
    extraordinary:
      "Eine außerordentliche Kündigung prüfen wir gesondert; ein früheres Ende und eine Erstattung teilen wir Ihnen mit.",
    questions: "Bei Fragen antworten Sie einfach auf diese E-Mail.",
  },
  ru: {
    subject: "Подтверждение расторжения договора",
    received: (at: string) => `Мы получили ваше заявление о расторжении ${at}.`,
    labels: {
      contract: "Договор",
      number: "Номер договора",
      declaredNumber: "Указанный номер договора",
      kind: "Вид расторжения",
      name: "Указанное имя",
      email: "Указанный электронный адрес",
      reason: "Указанная причина",
      requested: "Желаемая дата окончания",
      endsAt: "Окончание договора",
    },
    kinds: {
      ordinary: "расторжение в обычном порядке",
      extraordinary: "расторжение по уважительной причине (без соблюдения срока)",
    },
    nextPossible: "в ближайший возможный срок",
    ends: (at: string) =>
      `Ваш договор заканчивается ${at}, в конце оплаченного месяца. До этого ребёнок может продолжать занятия; после этого деньги больше списываться не будут.`,
    review: "Мы проверим ваше заявление и в течение двух рабочих дней сообщим дату окончания договора.",
    extraordinary:
      "Расторжение по уважительной причине мы рассматриваем отдельно и сообщим вам о более раннем окончании и возврате денег.",
    questions: "Если у вас есть вопросы, просто ответьте на это письмо.",
  },
} as const;

/**
 * Typed text as a quotation on one line: in the language's quotation marks, its line breaks and runs of
 * spaces made one space, so it cannot pass for a paragraph of ours in the text body (the HTML escapes it
 * through `html`).
 */
function quoted(text: string, locale: Locale): string {
  const line = text.replace(/\s+/g, " ").trim();
  return locale === "ru" ? `«${line}»` : `„${line}“`;
}

export const contractCancellationTemplate: MailTemplate<ContractCancellationData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.firstName, locale);
  const received = t.received(berlinDateTime(data.receivedAt, locale));
  const typed = data.declared;
  const rows: { label: string; value: string }[] = [
    ...(data.contractName ? [{ label: t.labels.contract, value: data.contractName }] : []),
    data.contractNumber
      ? { label: t.labels.number, value: data.contractNumber }
      : { label: t.labels.declaredNumber, value: quoted(typed.contract, locale) },
    { label: t.labels.kind, value: t.kinds[data.kind] },
    { label: t.labels.name, value: quoted(typed.name, locale) },
    { label: t.labels.email, value: quoted(typed.email, locale) },
    ...(typed.reason.trim() ? [{ label: t.labels.reason, value: quoted(typed.reason, locale) }] : []),
    {
      label: t.labels.requested,
      value: data.requestedEnd === "next_possible" ? t.nextPossible : berlinDay(data.requestedEnd, locale),
    },
    // The last day it runs (D121): the stored end is the midnight after it.
    ...(data.endsAt ? [{ label: t.labels.endsAt, value: berlinDay(lastPaidDay(data.endsAt), locale) }] : []),
  ];
  const outcome = data.endsAt ? t.ends(berlinDay(lastPaidDay(data.endsAt), locale)) : t.review;
  const extra = data.kind === "extraordinary" ? [t.extraordinary] : [];
  return {
    subject: t.subject,
    heading: t.subject,
    bodyHtml: html`${paragraph(`${hello} ${received}`)}${detailsTable(rows as DetailRow[])}${paragraph(outcome)}${extra.map((line) => paragraph(line))}${paragraph(t.questions)}`,
    bodyText: [`${hello} ${received}`, "", detailsText(rows), "", outcome, ...extra, "", t.questions].join(
      "\n",
    ),
  };
};
