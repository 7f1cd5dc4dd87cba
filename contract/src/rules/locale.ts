import { z } from "zod";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales.ts";

export { DEFAULT_LOCALE, INTL_LOCALES, isLocale, LOCALES, type Locale } from "./locales.ts";

export const LocaleSchema = z.enum(LOCALES);

/** A text that exists in every locale of the shop. */
export const LocalizedTextSchema = z.object({ de: z.string(), ru: z.string() });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** What a request's `locale` may say: the shop's locales, and `en`, which the school's existing client sends. */
export const REQUEST_LOCALES = [...LOCALES, "en"] as const;

/**
 * A request's `locale`: de or ru. The school's existing client also sends `en` (api-shapes Part 2); the
 * shop holds no English texts, so it is served in German, the default, as the Wagtail adapter does (D93).
 */
export const RequestLocaleSchema = z
  .enum(REQUEST_LOCALES)
  .transform((value): Locale => (value === "en" ? DEFAULT_LOCALE : value));

/** Every request accepts `locale`; texts in replies come in that locale. */
export const LocaleQuerySchema = z.object({ locale: RequestLocaleSchema.optional() });
