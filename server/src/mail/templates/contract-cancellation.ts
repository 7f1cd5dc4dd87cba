import { INTL_LOCALES, type Locale } from "@atelier/contract";
import { html } from "./html.ts";
import { type DetailRow, detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/**
 * The confirmation of a cancellation (§ 312k(4) BGB, D73): what was declared, with the date and time it
 * was received, and when the contract ends, or that the school looks into it when the data named no
 * contract we could find.
 */
export type ContractCancellationData = {
  name: string;
  /** ISO timestamp of receipt. */
  receivedAt: string;
  contractRef: string;
  /** "Kunst für Kinder 5–7 (Mila)"; null when no contract matched. */
  contractName: string | null;
  kind: "ordinary" | "extraordinary";
  reason: string;
  /** "next_possible" or the date asked for (ISO). */
  requestedEnd: string;
  /** ISO timestamp when the contract ends; null when the school still has to find or check it. */
  endsAt: string | null;
  email: string;
};

/** Date and time as the parent reads them in Berlin, e.g. "24. November 2026 um 18:03". */
export function berlinDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Berlin",
  }).format(new Date(iso));
}

const berlinDay = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: "long", timeZone: "Europe/Berlin" }).format(
    new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso),
  );

const TEXTS = {
  de: {
    subject: "Bestätigung Ihrer Kündigung",
    received: (at: string) => `wir haben Ihre Kündigung am ${at} erhalten.`,
    labels: {
      contract: "Vertrag",
      ref: "Vertrags- / Bestellnummer",
      kind: "Art der Kündigung",
      reason: "Grund",
      requested: "Gewünschtes Ende",
      endsAt: "Vertragsende",
      email: "Bestätigung an",
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
    received: (at: string) => `мы получили ваше заявление о расторжении ${at}.`,
    labels: {
      contract: "Договор",
      ref: "Номер договора / заказа",
      kind: "Вид расторжения",
      reason: "Причина",
      requested: "Желаемая дата окончания",
      endsAt: "Окончание договора",
      email: "Подтверждение отправлено на",
    },
    kinds: { ordinary: "обычное расторжение", extraordinary: "внеочередное расторжение" },
    nextPossible: "в ближайший возможный срок",
    ends: (at: string) =>
      `Ваш договор заканчивается ${at}, в конце оплаченного месяца. До этого ребёнок может продолжать занятия; после списаний больше не будет.`,
    review: "Мы проверим ваше заявление и в течение двух рабочих дней сообщим дату окончания договора.",
    extraordinary:
      "Внеочередное расторжение мы рассматриваем отдельно и сообщим вам о более раннем окончании и возврате денег.",
    questions: "Если у вас есть вопросы, просто ответьте на это письмо.",
  },
} as const;

export const contractCancellationTemplate: MailTemplate<ContractCancellationData> = (data, locale) => {
  const t = TEXTS[locale];
  const hello = greeting(data.name, locale);
  const received = t.received(berlinDateTime(data.receivedAt, locale));
  const rows: { label: string; value: string }[] = [
    ...(data.contractName ? [{ label: t.labels.contract, value: data.contractName }] : []),
    { label: t.labels.ref, value: data.contractRef },
    { label: t.labels.kind, value: t.kinds[data.kind] },
    ...(data.reason ? [{ label: t.labels.reason, value: data.reason }] : []),
    {
      label: t.labels.requested,
      value: data.requestedEnd === "next_possible" ? t.nextPossible : berlinDay(data.requestedEnd, locale),
    },
    ...(data.endsAt ? [{ label: t.labels.endsAt, value: berlinDay(data.endsAt, locale) }] : []),
    { label: t.labels.email, value: data.email },
  ];
  const outcome = data.endsAt ? t.ends(berlinDay(data.endsAt, locale)) : t.review;
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
