import { INTL_LOCALES, type Locale } from "./locales.ts";

const regionNames = new Map<Locale, Intl.DisplayNames>();

/**
 * A country's name in the shop's language from its ISO 3166-1 alpha-2 code ("DE" → "Deutschland",
 * "Германия"); the code itself when the runtime has no name for it or the code is malformed. The names
 * are made once per language: making them costs about as much as a database statement (D457).
 */
export function countryName(iso: string, locale: Locale): string {
  const code = iso.toUpperCase();
  try {
    let names = regionNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([INTL_LOCALES[locale]], { type: "region", fallback: "code" });
      regionNames.set(locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    // `of` throws a RangeError for a string that is no region code at all.
    return code;
  }
}
