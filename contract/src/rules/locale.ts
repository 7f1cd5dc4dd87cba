import { z } from "zod";

export const LOCALES = ["de", "ru"] as const;
export const DEFAULT_LOCALE = "de";
export const LocaleSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof LocaleSchema>;

/** A text that exists in every locale of the shop. */
export const LocalizedTextSchema = z.object({ de: z.string(), ru: z.string() });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

export function isLocale(value: unknown): value is Locale {
  return value === "de" || value === "ru";
}

/** Every request accepts `locale`; texts in replies come in that locale. */
export const LocaleQuerySchema = z.object({ locale: LocaleSchema.optional() });
