import { z } from "zod";

/**
 * Field shapes every back-office schema shares (D97, D99), defined once: a text in both languages as
 * staff write it, the same as the server answers it, and the version an edit was read with.
 */

/** A text in both languages of the shop; German required where `required`, Russian may follow later. */
export const bothLanguages = (max: number, required = false) =>
  z.object({
    de: required
      ? z.string().trim().min(1, { error: "required" }).max(max, { error: "too_long" })
      : z.string().trim().max(max, { error: "too_long" }),
    ru: z.string().trim().max(max, { error: "too_long" }),
  });

/** A stored text in both languages, as a reply carries it. */
export const LocalizedTextSchema = z.object({ de: z.string(), ru: z.string() });

/** The version a record was read with; a save names it, and a stale one is a 409 (D99). */
export const VersionSchema = z.string().max(64);
