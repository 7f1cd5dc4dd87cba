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
