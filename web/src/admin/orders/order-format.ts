import { type AdminOrder, euroText, INTL_LOCALES, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";

/** An order's money and moments as staff read them: euros in their language, Berlin time (issue 21). */
export const euro = (cents: number) => euroText(cents, currentAdminLocale());

export const when = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat(INTL_LOCALES[currentAdminLocale()], {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: SCHOOL_TIME_ZONE,
      }).format(new Date(iso))
    : "–";
export type Item = AdminOrder["items"][number];
