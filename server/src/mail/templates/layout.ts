import type { Locale } from "@atelier/contract";
import { html, safeHref } from "./html.ts";
import type { MailContent, RenderedMail } from "./types.ts";
import { oneLineText } from "./user-text.ts";

export const SCHOOL_NAME = "Atelier – Kunst- und Sprachschule Berlin";
export const SCHOOL_ADDRESS = "Kastanienallee 12, 10435 Berlin";

/** The school's name in the mail's language (a Russian mail had a German header, issue 11). */
const SCHOOL_NAMES: Record<Locale, string> = {
  de: SCHOOL_NAME,
  ru: "«Ателье» – школа искусств и языков в Берлине",
};

/** The address line; the street stays as on the door and on the map, the label is in the mail's language. */
const ADDRESS_LINES: Record<Locale, string> = {
  de: SCHOOL_ADDRESS,
  ru: `Адрес: ${SCHOOL_ADDRESS}`,
};

const FOOTER_NOTE: Record<Locale, string> = {
  de: "Diese E-Mail wurde automatisch von unserem Online-Shop versendet.",
  ru: "Это письмо отправлено автоматически нашим интернет-магазином.",
};

/** The one layout of every mail: school header, the template's content, footer with address and shop link. */
export function renderLayout(content: MailContent, locale: Locale, publicUrl: string): RenderedMail {
  const shopUrl = new URL(safeHref(publicUrl));
  // Subjects are headers: a line break from interpolated data must not leak into them.
  const subject = oneLineText(content.subject).replace(/\s+/g, " ").trim();
  const shopLabel = shopUrl.host;
  const schoolName = SCHOOL_NAMES[locale];
  const address = ADDRESS_LINES[locale];

  const body = html`<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${subject}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f1ec;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f1ec;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e6e2da;font-size:18px;font-weight:bold;color:#1f3a5f;">${schoolName}</td></tr>
<tr><td style="padding:32px;font-size:15px;line-height:1.6;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${content.heading}</h1>
${content.bodyHtml}
</td></tr>
<tr><td style="padding:24px 32px;border-top:1px solid #e6e2da;font-size:12px;line-height:1.5;color:#666666;">
${schoolName}<br>
${address}<br>
<a href="${shopUrl.href}" style="color:#1f3a5f;">${shopLabel}</a><br>
${FOOTER_NOTE[locale]}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const text = [
    schoolName,
    "",
    content.heading,
    "",
    content.bodyText.trim(),
    "",
    "-- ",
    schoolName,
    address,
    shopUrl.href,
    FOOTER_NOTE[locale],
    "",
  ].join("\n");

  return { subject, html: body.value, text };
}
