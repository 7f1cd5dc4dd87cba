import { INTL_LOCALES, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { DateField, type DateFieldProps, useLocaleState } from "react-admin";
import { adminLocaleOf } from "../i18n/i18n-provider.ts";

/** Day and time as the school reads them: in Berlin time, whatever the staff member's computer is set to. */
const DAY = { timeZone: SCHOOL_TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" } as const;
const DAY_AND_TIME = { ...DAY, hour: "2-digit", minute: "2-digit" } as const;

/**
 * A date as the staff member's chosen language writes it, in Berlin time (D287): react-admin's DateField
 * alone follows the browser's language and time zone.
 */
export function LocalDateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return (
    <DateField
      locales={INTL_LOCALES[adminLocaleOf(locale)]}
      options={props.showTime ? DAY_AND_TIME : DAY}
      {...props}
    />
  );
}
