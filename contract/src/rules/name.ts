import { z } from "zod";
import { NAME_MAX_LENGTH } from "./constants.ts";

/** First and last name: 1 to 64 characters after trimming (spec §5). */
export const NameSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(NAME_MAX_LENGTH, { error: "too_long" });
