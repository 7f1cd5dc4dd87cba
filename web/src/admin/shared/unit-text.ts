import { INTL_LOCALES, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { useLocaleState, useTranslate } from "react-admin";
import { adminLocaleOf } from "../i18n/i18n-provider.ts";

/** A slot (weekly or dated) or an academy week, as the API sends it. */
export type UnitForText = {
  weekday?: number | null;
  date?: string | null;
  start?: string;
  end?: string;
  starts_on?: string;
  ends_on?: string;
};

/**
 * "Dienstag, 16:00–17:30 (wöchentlich)", "17.03.2027, 11:00–14:00" or "06.07.2027 – 10.07.2027", in the
 * staff member's language: one rule for every screen that names a slot or a week (the order, its move,
 * the waiting list, a booking by phone; D507).
 */
export function useUnitText() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const day = (iso: string) =>
    new Intl.DateTimeFormat(INTL_LOCALES[adminLocaleOf(locale)], {
      dateStyle: "medium",
      timeZone: SCHOOL_TIME_ZONE,
    }).format(new Date(`${iso}T12:00:00Z`));
  return (unit: UnitForText) => {
    if (unit.starts_on && unit.ends_on) return `${day(unit.starts_on)} – ${day(unit.ends_on)}`;
    const times = `${unit.start?.slice(0, 5) ?? ""}–${unit.end?.slice(0, 5) ?? ""}`;
    if (unit.date) return `${day(unit.date)}, ${times}`;
    return `${translate(`admin.weekdays.${unit.weekday ?? 0}`)}, ${times} (${translate("admin.orders.weekly")})`;
  };
}
