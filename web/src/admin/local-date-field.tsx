import { INTL_LOCALES } from "@atelier/contract";
import { DateField, type DateFieldProps, useLocaleState } from "react-admin";
import { adminLocaleOf } from "./i18n.ts";

/** A date as the staff member's chosen language writes it: react-admin's DateField alone follows the browser's. */
export function LocalDateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <DateField locales={INTL_LOCALES[adminLocaleOf(locale)]} {...props} />;
}
