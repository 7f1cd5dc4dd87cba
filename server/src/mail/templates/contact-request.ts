import { formatPhone, type Locale } from "@atelier/contract";
import { formatDate } from "./format.ts";
import { html, type SafeHtml } from "./html.ts";
import { detailsTable, detailsText, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";
import { senderWordsHtml, senderWordsText } from "./user-text.ts";

export type ContactRequestKind = "appointment" | "callback" | "partnership";

/** A contact form (spec §7: appointment, callback, partnership) as the school receives it. */
export type ContactRequestData = {
  kind: ContactRequestKind;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  comment?: string | null | undefined;
  message?: string | null | undefined;
  position?: string | null | undefined;
  /** `YYYY-MM-DD` */
  appointmentDate?: string | null | undefined;
};

type Texts = {
  kinds: Record<ContactRequestKind, string>;
  intro: string;
  labels: Record<
    | "kind"
    | "firstName"
    | "lastName"
    | "email"
    | "phone"
    | "appointmentDate"
    | "position"
    | "comment"
    | "message",
    string
  >;
};

const TEXTS: Record<Locale, Texts> = {
  de: {
    kinds: { appointment: "Terminanfrage", callback: "Rückrufbitte", partnership: "Partnerschaftsanfrage" },
    intro: "Über das Kontaktformular der Website ist eine neue Anfrage eingegangen.",
    labels: {
      kind: "Art der Anfrage",
      firstName: "Vorname",
      lastName: "Nachname",
      email: "E-Mail",
      phone: "Telefon",
      appointmentDate: "Wunschtermin",
      position: "Position",
      comment: "Kommentar",
      message: "Nachricht",
    },
  },
  ru: {
    kinds: {
      appointment: "Запись на встречу",
      callback: "Заказ обратного звонка",
      partnership: "Предложение о сотрудничестве",
    },
    intro: "Через контактную форму сайта поступил новый запрос.",
    labels: {
      kind: "Тип запроса",
      firstName: "Имя",
      lastName: "Фамилия",
      email: "E-mail",
      phone: "Телефон",
      appointmentDate: "Желаемая дата",
      position: "Должность",
      comment: "Комментарий",
      message: "Сообщение",
    },
  },
};

/** The kind of a request in a locale's words ("Terminanfrage"). */
export function contactKindLabel(kind: ContactRequestKind, locale: Locale): string {
  return TEXTS[locale].kinds[kind];
}

/**
 * The fields of a request as label/value rows in a locale, only those filled in. Shared by the school's
 * notification and the sender's confirmation, so both list exactly what was sent.
 */
export function contactDetailRows(
  data: ContactRequestData,
  locale: Locale,
): { label: string; value: string }[] {
  const t = TEXTS[locale];
  // Optional fields differ per form; only the ones the visitor filled in are shown.
  const optional = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);
  const rows: { label: string; value: string | undefined }[] = [
    { label: t.labels.kind, value: t.kinds[data.kind] },
    { label: t.labels.firstName, value: data.firstName },
    { label: t.labels.lastName, value: data.lastName },
    { label: t.labels.email, value: data.email },
    { label: t.labels.phone, value: formatPhone(data.phone) },
    {
      label: t.labels.appointmentDate,
      value: data.appointmentDate ? formatDate(data.appointmentDate, locale) : undefined,
    },
    { label: t.labels.position, value: optional(data.position) },
  ];
  return rows.filter((row): row is { label: string; value: string } => row.value !== undefined);
}

/**
 * The sender's comment or message, quoted as their words under "Nachricht von Eve Muster:" (D206): in the
 * school's copy and in the confirmation to the address given, it can never read as lines of the school.
 */
export function contactSenderWords(
  data: ContactRequestData,
  locale: Locale,
): { html: SafeHtml; text: string } {
  const t = TEXTS[locale];
  const author = `${data.firstName} ${data.lastName}`.trim();
  const words = [
    { label: t.labels.comment, text: data.comment?.trim() },
    { label: t.labels.message, text: data.message?.trim() },
  ].filter((entry): entry is { label: string; text: string } => Boolean(entry.text));
  return {
    html: html`${words.map((entry) => senderWordsHtml(entry.text, entry.label, author, locale))}`,
    text: words.map((entry) => senderWordsText(entry.text, entry.label, author, locale)).join("\n\n"),
  };
}

export const contactRequestTemplate: MailTemplate<ContactRequestData> = (data, locale) => {
  const t = TEXTS[locale];
  const kind = t.kinds[data.kind];
  const fullName = `${data.firstName} ${data.lastName}`.trim();
  const filled = contactDetailRows(data, locale);
  const words = contactSenderWords(data, locale);

  return {
    subject: `${kind}: ${fullName}`,
    heading: kind,
    bodyHtml: html`${paragraph(t.intro)}${detailsTable(filled)}${words.html}`,
    bodyText: [t.intro, "", detailsText(filled), ...(words.text ? ["", words.text] : [])].join("\n"),
  };
};
