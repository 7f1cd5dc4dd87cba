import type { Locale } from "@atelier/contract";
import type { SafeHtml } from "./html.ts";

/** What a template produces; the shared layout turns it into the finished mail. */
export type MailContent = {
  subject: string;
  heading: string;
  bodyHtml: SafeHtml;
  bodyText: string;
};

export type MailTemplate<Data> = (data: Data, locale: Locale) => MailContent;

export type RenderedMail = { subject: string; html: string; text: string };
