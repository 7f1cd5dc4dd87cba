import { z } from "zod";
import { LOCALES } from "./locales.ts";

export { DEFAULT_LOCALE, INTL_LOCALES, isLocale, LOCALES, type Locale } from "./locales.ts";

export const LocaleSchema = z.enum(LOCALES);

/** A text that exists in every locale of the shop. */
export const LocalizedTextSchema = z.object({ de: z.string(), ru: z.string() });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** Every request accepts `locale`; texts in replies come in that locale. */
export const LocaleQuerySchema = z.object({ locale: LocaleSchema.optional() });
