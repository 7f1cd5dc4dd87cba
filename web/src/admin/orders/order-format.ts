import { type AdminOrder, euroText, INTL_LOCALES, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";

/** An order's money and moments as staff read them: euros in their language, Berlin time (issue 21). */
export const euro = (cents: number) => euroText(cents, currentAdminLocale());

/** "07.12.2026, 10:36" in both languages, as every other screen of the back office writes a moment (D287). */
export const when = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat(INTL_LOCALES[currentAdminLocale()], {
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZone: SCHOOL_TIME_ZONE,
      }).format(new Date(iso))
    : "–";
export type Item = AdminOrder["items"][number];
