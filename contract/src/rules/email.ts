import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "./constants.ts";

// A basic address pattern (spec §5): something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const EmailSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(EMAIL_MAX_LENGTH, { error: "too_long" })
  .regex(EMAIL_PATTERN, { error: "invalid_email" });
