import type { Locale } from "@atelier/contract";
import { html, type SafeHtml, safeHref } from "./html.ts";

/** Building blocks the templates share, so every mail looks the same. Styles are inline: mail clients drop <style>. */

export function paragraph(text: string | SafeHtml): SafeHtml {
  return html`<p style="margin:0 0 16px;">${text}</p>`;
}

export function greeting(firstName: string, locale: Locale): string {
  const name = firstName.trim();
  if (locale === "ru") return name ? `Здравствуйте, ${name}!` : "Здравствуйте!";
  return name ? `Hallo ${name},` : "Hallo,";
}

const LINK_HINT: Record<Locale, string> = {
  de: "Falls der Button nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:",
  ru: "Если кнопка не работает, скопируйте эту ссылку в адресную строку браузера:",
};

/** A call-to-action button plus the bare link, for clients that do not show buttons. */
export function actionButton(link: string, label: string, locale: Locale): SafeHtml {
  const href = safeHref(link);
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr><td style="border-radius:6px;background-color:#1f3a5f;"><a href="${href}" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${label}</a></td></tr></table>
<p style="margin:0 0 16px;font-size:13px;color:#555555;">${LINK_HINT[locale]}<br><a href="${href}" style="color:#1f3a5f;word-break:break-all;">${href}</a></p>`;
}

export function actionText(link: string, label: string): string {
  return `${label}:\n${safeHref(link)}`;
}

/** Label/value rows, e.g. the fields of a contact request; empty values are left out. */
export type DetailRow = { label: string; value: string | SafeHtml };

export function detailsTable(rows: readonly DetailRow[]): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:0 0 16px;border-collapse:collapse;">${rows.map(
    (row) =>
      html`<tr><td style="padding:6px 12px 6px 0;vertical-align:top;color:#555555;white-space:nowrap;">${row.label}</td><td style="padding:6px 0;vertical-align:top;">${row.value}</td></tr>`,
  )}</table>`;
}

export function detailsText(rows: readonly { label: string; value: string }[]): string {
  return rows.map((row) => `${row.label}: ${row.value}`).join("\n");
}
