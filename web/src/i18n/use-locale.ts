import { DEFAULT_LOCALE, isLocale, type Locale } from "@atelier/contract";
import { useTranslation } from "react-i18next";

/** The current page locale; components re-render when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
