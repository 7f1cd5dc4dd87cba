import { z } from "zod";
import { PHONE_MAX_LENGTH, TEXT_MAX_LENGTH } from "./constants.ts";
import { isOneLine, ONE_LINE } from "./one-line.ts";

// Spec §5: "+1" US, "+49" German, "+44" UK, otherwise a general international pattern (E.164).
const US_PATTERN = /^\+1[2-9]\d{2}[2-9]\d{6}$/;
const DE_PATTERN = /^\+49[1-9]\d{5,13}$/;
const UK_PATTERN = /^\+44[1-9]\d{8,9}$/;
const INTERNATIONAL_PATTERN = /^\+[1-9]\d{6,14}$/;

/**
 * Dial codes of countries whose national numbers start with a trunk 0 that the international form leaves
 * out: "030 1234567" in Berlin is "+49 30 1234567", never "+49 030 …" (D486). Italy, for one, keeps its 0.
 */
const TRUNK_ZERO_DIAL_CODES = ["380", "49", "43", "41", "44", "33", "31", "32", "90"];

/**
 * What the phone input keeps of what is typed: one leading plus, then digits, at most 25 characters; and a
 * number written the way people write it at home made international (D486):
 * - with a country chosen (`dialCode`, e.g. "49") whose numbers drop a trunk 0 abroad, a national number
 *   ("030 1234567") takes its code: "+49301234567" (Italy's or Hungary's "06 …" is left to the parent);
 * - "0049 30 …" is "+49 30 …";
 * - the trunk 0 typed after a country's code that drops it ("+49 030 …") is left out.
 */
export function sanitizePhoneInput(raw: string, dialCode?: string): string {
  const typed = raw.trim();
  // Typed in front of the country's code the field starts with (the caret put before "+49" by a tap): the
  // code goes first, or "0176…" before "+49" became "+4949176…", a number nobody has (D615).
  const plus = typed.indexOf("+");
  if (plus > 0 && dialCode !== undefined && typed.slice(plus + 1).replace(/\D/g, "") === dialCode)
    return sanitizePhoneInput(`+${dialCode}${typed.slice(0, plus)}`, dialCode);
  let digits = typed.replace(/\D/g, "");
  // The input runs this on every key, and keeps a "+": no country's code starts with 0, so "+0…" is a
  // number being typed the national way, and "+00…" the international prefix.
  if (digits.startsWith("00")) digits = digits.slice(2);
  else if (
    digits.startsWith("0") &&
    digits.length > 1 &&
    dialCode !== undefined &&
    TRUNK_ZERO_DIAL_CODES.includes(dialCode)
  )
    digits = dialCode + digits.slice(1);
  const trunk = TRUNK_ZERO_DIAL_CODES.find((code) => digits.startsWith(`${code}0`));
  if (trunk) digits = trunk + digits.slice(trunk.length + 1);
  return `+${digits}`.slice(0, PHONE_MAX_LENGTH);
}

/**
 * The number without the separators an input mask or a person types ("+49 (151) 1234-5678",
 * "+49.151.12345678"): spaces, dashes, brackets and dots. Anything else stays and fails the pattern.
 */
export function normalizePhone(raw: string): string {
  return raw.replace(/[\s\-\u2010-\u2015().]/g, "");
}

/**
 * A number staff type the way a family says it, in the school's country ("0176 1234567", "030/1234567",
 * "0049 30 1234567"), made international as the parents' inputs make it (`sanitizePhoneInput` with +49).
 * Anything else (a number with its plus, letters, a typo) is left as typed, for the schema to judge.
 */
export function internationalPhone(typed: string, dialCode = "49"): string {
  const bare = normalizePhone(typed.trim()).replaceAll("/", "");
  return /^0\d{5,}$/.test(bare) ? sanitizePhoneInput(bare, dialCode) : typed;
}

export function isValidPhone(phone: string): boolean {
  if (phone.startsWith("+1")) return US_PATTERN.test(phone);
  if (phone.startsWith("+49")) return DE_PATTERN.test(phone);
  if (phone.startsWith("+44")) return UK_PATTERN.test(phone);
  return INTERNATIONAL_PATTERN.test(phone);
}

/** A phone number as typed or formatted; the parsed value is the bare number (`+4915112345678`). */
export const PhoneSchema = z
  .string({ error: "required" })
  .trim()
  .max(TEXT_MAX_LENGTH, { error: "too_long" })
  .refine(isOneLine, ONE_LINE)
  .overwrite(normalizePhone)
  .max(PHONE_MAX_LENGTH, { error: "too_long" })
  .refine((value) => value.startsWith("+"), { error: "invalid_phone" })
  .refine(isValidPhone, { error: "invalid_phone" });

/** Country codes of one and two digits (ITU E.164); every other code has three. They are prefix-free. */
const SHORT_DIAL_CODES = new Set(
  "1 7 20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98".split(
    " ",
  ),
);

/** German area codes of two digits (Berlin, Hamburg, Frankfurt, Munich): the others are not known here. */
const GERMAN_TWO_DIGIT_AREAS = ["30", "40", "69", "89"];

/**
 * A phone number as people read it (DIN 5008): the country's code, then the mobile prefix or area code
 * where it is certain (German mobiles 15x–17x, Berlin's 30 …), then the rest in one block:
 * "+49 176 1234567", "+49 30 1234567", "+7 9161234567". Stored numbers stay as the schema keeps them
 * (`+491761234567`, bare, D11); only the screen groups. Anything that is not a number is shown as it is.
 */
export function formatPhone(phone: string): string {
  const bare = normalizePhone(phone.trim());
  if (!/^\+\d{7,15}$/.test(bare)) return phone.trim();
  const digits = bare.slice(1);
  const codeLength = SHORT_DIAL_CODES.has(digits.slice(0, 1))
    ? 1
    : SHORT_DIAL_CODES.has(digits.slice(0, 2))
      ? 2
      : 3;
  const code = digits.slice(0, codeLength);
  const national = digits.slice(codeLength);
  if (code === "49") {
    const prefix = /^1[5-7]\d/.test(national)
      ? national.slice(0, 3)
      : GERMAN_TWO_DIGIT_AREAS.find((area) => national.startsWith(area));
    if (prefix) return `+49 ${prefix} ${national.slice(prefix.length)}`;
  }
  return `+${code} ${national}`;
}

/**
 * The `tel:` address of a number as stored or typed: its digits with the international plus, so a phone or
 * softphone dials it from anywhere. A German number written the national way ("0176 1234567",
 * "030/1234567", as staff or an older form may have kept it) takes +49 for its trunk 0; "0049 …" is "+49 …".
 * A "(0)" after the country code ("+49 (0)30 …") is the trunk 0 not dialled from abroad: left out. A number
 * with none of these prefixes (a Russian "8 916 …" kept as typed) is dialled as written, without a plus:
 * a plus would make it another country's number.
 */
export function phoneHref(phone: string): string {
  const written = phone.trim();
  const plus = written.startsWith("+");
  const digits = (plus || written.startsWith("00") ? written.replace(/\(0\)/g, "") : written).replace(
    /\D/g,
    "",
  );
  if (plus) return `tel:+${digits}`;
  if (digits.startsWith("00")) return `tel:+${digits.slice(2)}`;
  if (digits.startsWith("0")) return `tel:+49${digits.slice(1)}`;
  return `tel:${digits}`;
}
