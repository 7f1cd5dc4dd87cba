import type { TFunction } from "i18next";

const KNOWN = new Set([
  "required",
  "invalid",
  "too_long",
  "invalid_email",
  "invalid_phone",
  "password_min_length",
  "password_too_long",
  "password_uppercase",
  "password_lowercase",
  "password_digit",
  "password_special",
  "password_mismatch",
]);

/** The text of a contract error code (zod messages are codes, contract/src/errors.ts). */
export function fieldErrorText(t: TFunction<"auth">, code: string | undefined): string | undefined {
  if (!code) return undefined;
  return t(`fieldErrors.${KNOWN.has(code) ? code : "invalid"}` as "fieldErrors.invalid");
}
