import { CURRENCY, INTL_LOCALES, type Locale } from "@atelier/contract";

const formatters = new Map<string, Intl.NumberFormat>();

/** Integer cents as EUR in the page locale: de "1.234,50 €", ru "1 234,50 €" (whole euros without ",00"). */
export function formatEuro(cents: number, locale: Locale): string {
  const whole = cents % 100 === 0;
  const key = `${locale}:${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALES[locale], {
      style: "currency",
      currency: CURRENCY,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}
