import { z } from "zod";

// A basic address pattern (spec §5): something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const EmailSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(254, { error: "too_long" })
  .regex(EMAIL_PATTERN, { error: "invalid_email" });
