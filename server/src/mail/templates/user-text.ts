import { CONTROL_CHARACTER, type Locale } from "@atelier/contract";
import { html, multiline, type SafeHtml } from "./html.ts";

/**
 * What people typed reaches a mail in one of two shapes (D206). A one-line value (a name, a phone number, an
 * address) never brings a line of its own: the contract refuses control characters in those fields, and a
 * value stored before that rule, or handed in by other code, is made one line here all the same. A
 * multi-line text (a contact message, a comment, a gift card's message) keeps its lines, but only inside a
 * block that says whose words they are, so it can never read as the school's own lines.
 */

/** Data fields that hold a person's multi-line text; every other string of a mail's data is one line. */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(["comment", "message"]);

const ANY_CONTROL = new RegExp(CONTROL_CHARACTER.source, "g");
const LINE_BREAK = /\r\n|\r|\n|\u0085|\u2028|\u2029/;

/** One line: every control character (line breaks too) becomes a space. */
export function oneLineText(value: string): string {
  return value.replace(ANY_CONTROL, " ");
}

/** The lines of a multi-line text, each without control characters (a tab becomes a space). */
export function textLines(value: string): string[] {
  return value.split(LINE_BREAK).map(oneLineText);
}

/**
 * A mail's data as templates may use it: strings made one line, except those of `MULTI_LINE_FIELDS`, whose
 * lines are kept (each one line). Dates, numbers and the like pass unchanged.
 */
export function cleanMailData<T>(value: T, key?: string): T {
  if (typeof value === "string")
    return (
      key !== undefined && MULTI_LINE_FIELDS.has(key) ? textLines(value).join("\n") : oneLineText(value)
    ) as T;
  if (Array.isArray(value)) return value.map((entry) => cleanMailData(entry)) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value).map(([field, entry]) => [field, cleanMailData(entry, field)]),
    ) as T;
  return value;
}

const FROM: Record<Locale, (label: string, author: string) => string> = {
  de: (label, author) => (author ? `${label} von ${author}:` : `${label}:`),
  // Russian declines a name after «от», which a name typed into a form cannot be: the author in brackets.
  ru: (label, author) => (author ? `${label} (${author}):` : `${label}:`),
};

/** A person's own words in the plain-text body: "Nachricht von Eve Muster:", then each line after "> ". */
export function senderWordsText(text: string, label: string, author: string, locale: Locale): string {
  return [
    FROM[locale](label, oneLineText(author).trim()),
    ...textLines(text).map((line) => `> ${line}`),
  ].join("\n");
}

/** The same in the HTML body: the label, then the words in a marked quote block. */
export function senderWordsHtml(text: string, label: string, author: string, locale: Locale): SafeHtml {
  return html`<p style="margin:0 0 4px;color:#555555;">${FROM[locale](label, oneLineText(author).trim())}</p><blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #c9c2b4;background-color:#f7f5f0;color:#333333;font-style:italic;">${multiline(textLines(text).join("\n"))}</blockquote>`;
}
