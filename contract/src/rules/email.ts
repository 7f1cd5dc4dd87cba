import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "./constants.ts";
import { isOneLine, ONE_LINE } from "./one-line.ts";

// A basic address pattern (spec §5): something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * The one form an address is stored and compared in: trimmed, Unicode NFC, lower case by the
 * locale-independent Unicode mapping ("İ" becomes "i̇" everywhere, whatever the server's or database's
 * locale). Sign-up, sign-in, reset, resend and SSO all pass addresses through this.
 */
export function normalizeEmail(value: string): string {
  return value.trim().normalize("NFC").toLowerCase();
}

export const EmailSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(EMAIL_MAX_LENGTH, { error: "too_long" })
  .refine(isOneLine, ONE_LINE)
  .regex(EMAIL_PATTERN, { error: "invalid_email" })
  .overwrite(normalizeEmail);
