import { DEFAULT_LOCALE, isLocale, type Locale } from "@atelier/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { NAMESPACES, resources } from "./resources.ts";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["de"];
  }
}

export const i18n = i18next.createInstance();

export function initI18n(locale: Locale) {
  void i18n.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ["de", "ru"],
    ns: NAMESPACES,
    defaultNS: "common",
    // Resources are bundled, so initialisation is synchronous and the first render has its texts.
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

// The server renders pages of both locales at once (D86): there the request's locale comes from its own
// async context, since the one i18n instance is switched only for the synchronous render itself.
let localeSource: (() => Locale | undefined) | undefined;

/** Server rendering only: where {@link currentLocale} reads the locale of the request being rendered. */
export function setLocaleSource(source: () => Locale | undefined) {
  localeSource = source;
}

/** The page locale (spec §7: page locale, else default). */
export function currentLocale(): Locale {
  const fromRequest = localeSource?.();
  if (fromRequest) return fromRequest;
  const language = i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}
