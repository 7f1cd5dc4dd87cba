import { z } from "zod";
import { NAME_MAX_LENGTH } from "./constants.ts";
import { isOneLine, ONE_LINE } from "./one-line.ts";

/** First and last name: 1 to 64 characters after trimming (spec §5), one line (D206). */
export const NameSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(NAME_MAX_LENGTH, { error: "too_long" })
  .refine(isOneLine, ONE_LINE);
