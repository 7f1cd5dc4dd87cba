import { LOCALES, type Locale } from "@atelier/contract";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../i18n/use-locale.ts";

/**
 * Each language in its own words and with its own `lang`, so a screen reader says "Deutsch" and "Русский"
 * in the right voice rather than spelling "D E" / "R U" (issue 24).
 */
const LANGUAGE_NAMES: Record<Locale, string> = { de: "Deutsch", ru: "Русский" };

/** DE / RU: each link keeps the page and its query and sets `?locale=` (the root route applies it). */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const current = useLocale();
  return (
    <ul aria-label={t("languageSwitch")} className={`flex items-center gap-1 ${className}`}>
      {LOCALES.map((locale) => (
        <li key={locale}>
          <Link
            to="."
            search={(prev) => ({ ...prev, locale })}
            hrefLang={locale}
            lang={locale}
            aria-label={LANGUAGE_NAMES[locale]}
            title={locale === "de" ? t("languageGerman") : t("languageRussian")}
            aria-current={locale === current ? "true" : undefined}
            className={`inline-flex min-w-10 items-center justify-center rounded-full px-2.5 py-1.5 text-sm font-bold ${
              locale === current ? "bg-slate-900 text-white" : "text-slate-800 hover:bg-slate-100"
            }`}
          >
            {locale.toUpperCase()}
          </Link>
        </li>
      ))}
    </ul>
  );
}
