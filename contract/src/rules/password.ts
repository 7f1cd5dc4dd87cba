import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants.ts";

export type PasswordRule = "min_length" | "uppercase" | "lowercase" | "digit" | "special";

const RULE_TESTS: Record<PasswordRule, (value: string) => boolean> = {
  min_length: (v) => v.length >= PASSWORD_MIN_LENGTH,
  uppercase: (v) => /\p{Lu}/u.test(v),
  lowercase: (v) => /\p{Ll}/u.test(v),
  digit: (v) => /\d/.test(v),
  special: (v) => /[^\p{L}\p{N}\s]/u.test(v),
};

/** The sign-up checklist (spec §5): every rule the password does not meet yet, in display order. */
export function unmetPasswordRules(value: string): PasswordRule[] {
  return (Object.keys(RULE_TESTS) as PasswordRule[]).filter((rule) => !RULE_TESTS[rule](value));
}

/** Sign-up password: 8 to 64 characters with upper, lower, digit and special character. */
export const SignUpPasswordSchema = z
  .string({ error: "required" })
  .max(PASSWORD_MAX_LENGTH, { error: "password_too_long" })
  .superRefine((value, ctx) => {
    for (const rule of unmetPasswordRules(value))
      ctx.addIssue({ code: "custom", message: `password_${rule}` });
  });

/**
 * The password of a sign-in attempt (D232): any text up to the longest password there can be. The rules
 * are for choosing a password; a wrong one at sign-in is wrong credentials, never "one capital letter".
 */
export const SignInAttemptPasswordSchema = z
  .string({ error: "required" })
  .min(1, { error: "required" })
  .max(PASSWORD_MAX_LENGTH, { error: "password_too_long" });

/** Reset and change passwords: 8+ with upper, lower and digit (spec §5). */
export const SignInPasswordSchema = z
  .string({ error: "required" })
  .min(PASSWORD_MIN_LENGTH, { error: "password_min_length" })
  .max(PASSWORD_MAX_LENGTH, { error: "password_too_long" })
  .refine(RULE_TESTS.uppercase, { error: "password_uppercase" })
  .refine(RULE_TESTS.lowercase, { error: "password_lowercase" })
  .refine(RULE_TESTS.digit, { error: "password_digit" });
