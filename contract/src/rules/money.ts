import { CURRENCY } from "./constants.ts";
import { INTL_LOCALES, type Locale } from "./locales.ts";

/** The most whole euros a typed amount may have: far above any price, far below unsafe integers. */
const MAX_EURO_DIGITS = 9;

/** Spaces a Russian (or a pasted) amount groups thousands with: space, no-break and narrow no-break space. */
const GROUP_SPACES = /[\s\u00a0\u202f]/g;

/** Whole euros whose thousands may be grouped by `separator` ("1.089", "1 089"), as digits; or undefined. */
function wholeEuros(text: string, separator: string | undefined): string | undefined {
  if (text === "") return "0";
  if (separator === undefined) return /^\d+$/.test(text) ? text : undefined;
  const groups = text.split(separator);
  const [first, ...rest] = groups;
  if (first === undefined || !/^\d{1,3}$/.test(first) || rest.some((group) => !/^\d{3}$/.test(group)))
    return undefined;
  return groups.join("");
}

/**
 * A euro amount as the office types it, in integer cents (D231); `undefined` for anything that is not an
 * amount. German first, as the school reads it: "89", "89,00", "89,5", "1.089,50", "1.089" and "89,-" are
 * 89 €, 89 €, 89,50 €, 1.089,50 €, 1.089 € and 89 €. An English "89.00", "89.5" or "1,089.50" means what it
 * means to an English reader too, because a dot followed by one or two digits can only be cents. A Russian
 * "1 089,50" groups with spaces. A "€" or "EUR" around it is allowed. Refused: a minus, letters, more than
 * two cents digits ("89,505"), a group that is not three digits ("1.08,50"), and "1,089", which a German
 * reads as one euro and a bit and an English reader as a thousand: the field asks instead of guessing.
 */
export function parseEuroCents(input: string): number | undefined {
  const text = input
    .trim()
    .replace(/^€\s*|\s*€$|\s*EUR$/gi, "")
    .replace(/,[-–]$/, "")
    .replace(GROUP_SPACES, " ");
  if (/[^\d., ]/.test(text) || !/\d/.test(text)) return undefined;

  // The decimal separator is the last "," or "." followed by one or two digits at the end.
  const decimal = /^(.*)([.,])(\d{1,2})$/.exec(text);
  const whole = decimal ? decimal[1] : text;
  const cents = decimal ? (decimal[3] ?? "").padEnd(2, "0") : "00";
  if (whole === undefined) return undefined;
  const separators = new Set(whole.replace(/\d/g, ""));
  if (separators.size > 1) return undefined;
  const separator = [...separators][0];
  // A group separator differs from the decimal one: "1.089.50" and "1,089,50" are not amounts.
  if (decimal && separator === decimal[2]) return undefined;
  // Without a decimal part, a lone "," before three digits is ambiguous ("1,089"): refused.
  if (!decimal && separator === ",") return undefined;
  const euros = wholeEuros(whole, separator);
  if (euros === undefined || euros.replace(/^0+(?=\d)/, "").length > MAX_EURO_DIGITS) return undefined;
  return Number(euros) * 100 + Number(cents);
}

const inputFormats = new Map<Locale, Intl.NumberFormat>();

/** Cents as the money field shows them for editing, in the staff member's language: "1.089,50", "1 089,50". */
export function euroInputText(cents: number, locale: Locale): string {
  let format = inputFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[locale], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    inputFormats.set(locale, format);
  }
  return format.format(cents / 100);
}

const amountFormats = new Map<Locale, Intl.NumberFormat>();

/** Cents as an amount in the staff member's language, always with cents: "1.089,50 €", "1 089,50 €". */
export function euroText(cents: number, locale: Locale): string {
  let format = amountFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[locale], { style: "currency", currency: CURRENCY });
    amountFormats.set(locale, format);
  }
  return format.format(cents / 100);
}

/**
 * A new price that differs from the old one by more than `factor` either way (D231): "89,00" read as 8.900 €
 * would be one. A price from nothing, or to nothing, is no such change.
 */
export function isDrasticPriceChange(
  before: number | null | undefined,
  after: number | null | undefined,
  factor = 5,
) {
  if (!before || !after || before <= 0 || after <= 0) return false;
  return after > before * factor || before > after * factor;
}
