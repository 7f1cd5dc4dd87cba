/**
 * HTML building for mail templates. Every interpolated value goes through `html`, which escapes it
 * unless it is already `SafeHtml`; so a name such as `<script>` can never become markup.
 */

/** Markup that is safe to embed as is; only the helpers in this file create it. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for element content and for quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function toHtml(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(toHtml).join("");
  return escapeHtml(String(value));
}

/** Tagged template: literal parts are markup, every `${value}` is escaped. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) {
    out += toHtml(values[i]) + (strings[i + 1] ?? "");
  }
  return new SafeHtml(out);
}

/** User text with line breaks (a contact message), escaped line by line. */
export function multiline(text: string): SafeHtml {
  return new SafeHtml(
    text
      .split(/\r\n|\r|\n/)
      .map(escapeHtml)
      .join("<br>"),
  );
}

/**
 * Links in mails are built by the server from PUBLIC_URL; anything but http(s) is a bug, and a
 * `javascript:` link must never reach a recipient, so it fails loudly instead of rendering.
 */
export function safeHref(url: string): string {
  const protocol = new URL(url).protocol;
  if (protocol !== "https:" && protocol !== "http:") {
    throw new Error(`mail link must be http(s), got ${protocol}`);
  }
  return url;
}
