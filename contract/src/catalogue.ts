import { z } from "zod";
import { LessonRulesSchema } from "./lessons.ts";
import { weekdayOf } from "./rules/billing-period.ts";
import { ageInYears } from "./rules/birth-date.ts";
import { NUMBER_INPUT_MAX, NUMBER_INPUT_MIN } from "./rules/constants.ts";
import { type Locale, LocaleQuerySchema } from "./rules/locale.ts";

/**
 * Catalogue and content API (`/api/v2/products/`, `/api/v2/instructors/`, `/api/v2/pages/{key}/`).
 *
 * Money: every price comes twice, as the Django REST decimal string in EUR the school's existing client
 * reads (`base_price: "79.00"`, `price: "220.00"`) and as integer cents (`base_price_cents: 7900`).
 * Our web uses the cents fields only. Texts come in the request's `locale`.
 */

export const PRODUCT_TYPES = [
  "Course",
  "Academy",
  "Workshop",
  "Event",
  "BirthdayParty",
  "GiftCard",
  "SchoolOffer",
  "SpecialOffer",
] as const;
export const ProductTypeSchema = z.enum(PRODUCT_TYPES, { error: "invalid_choice" });
export type ProductType = z.infer<typeof ProductTypeSchema>;

export const AGE_GROUPS = ["5-7", "8-11", "10+", "12+", "14+"] as const;
export const AgeGroupSchema = z.enum(AGE_GROUPS, { error: "invalid_choice" });
export type AgeGroup = z.infer<typeof AgeGroupSchema>;

/** Ages (in years) an age group covers: `max` null means "and older". */
export const AGE_GROUP_RANGES: Record<AgeGroup, { min: number; max: number | null }> = {
  "5-7": { min: 5, max: 7 },
  "8-11": { min: 8, max: 11 },
  "10+": { min: 10, max: null },
  "12+": { min: 12, max: null },
  "14+": { min: 14, max: null },
};

/** An age group as people write it: "8–11", "12+". */
export const ageGroupLabel = (group: AgeGroup) => group.replace("-", "\u2013");

/**
 * The one age rule (spec §5): a child's age in full years on `onDate` (the first day booked; today for
 * weekly courses) fits the offer's age group. Null when it fits, else the age to name in the refusal.
 */
export function ageOutsideGroup(birthDate: string, group: AgeGroup, onDate: string): { age: number } | null {
  const age = ageInYears(birthDate, onDate);
  if (!Number.isFinite(age)) return null;
  const { min, max } = AGE_GROUP_RANGES[group];
  return age < min || (max !== null && age > max) ? { age } : null;
}

/** Which day a booking's age is judged on, as the refusal names it: an academy week, a dated session, today. */
export const AGE_REFUSAL_CODES = ["child_age_week", "child_age_date", "child_age_today"] as const;
export type AgeRefusalCode = (typeof AGE_REFUSAL_CODES)[number];

/**
 * The day the age rule judges a booking on (issue 32 item 4, D295): the start of its first academy week,
 * else its first dated session, else today (a weekly course). The booking form, the cart and the server's
 * add all take the day from here, so the form's warning and the add's refusal never disagree.
 */
export function bookingAgeDay(
  booked: { weekStarts: readonly string[]; slotDates: readonly (string | null)[] },
  today: string,
): { day: string; code: AgeRefusalCode } {
  const firstWeek = [...booked.weekStarts].sort()[0];
  if (firstWeek) return { day: firstWeek, code: "child_age_week" };
  const firstDate = booked.slotDates.flatMap((date) => (date ? [date] : [])).sort()[0];
  if (firstDate) return { day: firstDate, code: "child_age_date" };
  return { day: today, code: "child_age_today" };
}

/**
 * The age rule of one booking (D295): null when the child fits the offer's age group on the booking's day
 * ({@link bookingAgeDay}), else the refusal's code, the child's age then and that day.
 */
export function bookingAgeRefusal(
  birthDate: string,
  group: AgeGroup,
  booked: { weekStarts: readonly string[]; slotDates: readonly (string | null)[] },
  today: string,
): { code: AgeRefusalCode; age: number; day: string } | null {
  const { day, code } = bookingAgeDay(booked, today);
  const outside = ageOutsideGroup(birthDate, group, day);
  return outside ? { code, age: outside.age, day } : null;
}

/** The age groups whose range contains a child's age in years. */
export function ageGroupsForAge(age: number): AgeGroup[] {
  return AGE_GROUPS.filter((group) => {
    const { min, max } = AGE_GROUP_RANGES[group];
    return age >= min && (max === null || age <= max);
  });
}

export const INSTRUCTION_LANGUAGES = ["ru", "en", "de", "bi", "ru-en", "de-en", "de-ru"] as const;
export const InstructionLanguageSchema = z.enum(INSTRUCTION_LANGUAGES, { error: "invalid_choice" });
export type InstructionLanguage = z.infer<typeof InstructionLanguageSchema>;

/** The languages a parent thinks in, as offered by the storefront's language filter. */
export const PARENT_LANGUAGES = ["de", "ru", "en"] as const satisfies readonly InstructionLanguage[];
export type ParentLanguage = (typeof PARENT_LANGUAGES)[number];

/**
 * The languages spoken in each language of instruction. `bi` is the school's older code for German and
 * Russian together (the seed's only `bi` offer is the German–Russian language holiday), decision D30.
 */
export const SPOKEN_LANGUAGES: Record<InstructionLanguage, readonly ParentLanguage[]> = {
  de: ["de"],
  ru: ["ru"],
  en: ["en"],
  bi: ["de", "ru"],
  "ru-en": ["ru", "en"],
  "de-en": ["de", "en"],
  "de-ru": ["de", "ru"],
};

export const isParentLanguage = (language: string): language is ParentLanguage =>
  (PARENT_LANGUAGES as readonly string[]).includes(language);

/**
 * The languages of instruction a language filter matches (decision D30): a parent's language (de, ru, en)
 * finds every offer where it is spoken, bilingual ones included; a bilingual code (`de-ru`, `bi`, …)
 * matches only itself, as the API always did.
 */
export function instructionLanguagesMatching(language: InstructionLanguage): InstructionLanguage[] {
  if (!isParentLanguage(language)) return [language];
  return INSTRUCTION_LANGUAGES.filter((candidate) => SPOKEN_LANGUAGES[candidate].includes(language));
}

export const SCHEDULE_TYPES = [
  "Course (1 / week)",
  "Course (2 / week)",
  "Course (3 / week)",
  "TERMINKARTEN",
  "Academy (1st half)",
  "Academy (2nd half)",
  "Academy (full day)",
  "Ticket",
  "BirthdayPackage",
  "GiftCard",
  "Offer",
] as const;
export const ScheduleTypeSchema = z.enum(SCHEDULE_TYPES);
export type ScheduleType = z.infer<typeof ScheduleTypeSchema>;

/** What kind of purchase an option is (the `type` of a purchase option), derived from its schedule type. */
export const PURCHASE_OPTION_TYPES = [
  "subscription",
  "meeting_card",
  "academy",
  "ticket",
  "birthday_package",
  "gift_card",
  "offer",
] as const;
export const PurchaseOptionTypeSchema = z.enum(PURCHASE_OPTION_TYPES);
export type PurchaseOptionType = z.infer<typeof PurchaseOptionTypeSchema>;

/** Keys of the content pages served by `GET /api/v2/pages/{key}/`. */
export const CONTENT_PAGE_KEYS = [
  "home",
  "about-us",
  "prices",
  "contacts",
  "legal",
  "privacy",
  "terms",
  "school-offers",
  "special-offers",
] as const;
export const ContentPageKeySchema = z.enum(CONTENT_PAGE_KEYS, { error: "invalid_choice" });
export type ContentPageKey = z.infer<typeof ContentPageKeySchema>;

export const PRODUCT_PAGE_SIZE_DEFAULT = 20;
export const PRODUCT_PAGE_SIZE_MAX = 100;
export const PRODUCT_SEARCH_MAX_LENGTH = 100;

/** A price in EUR as a decimal string with two places, as Django REST writes a DecimalField. */
export const DecimalPriceSchema = z.string().regex(/^\d+\.\d{2}$/);

/** Cents to the Django REST decimal string: 7900 → "79.00". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

// ---------- Shapes ----------

export const CatalogueImageSchema = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type CatalogueImage = z.infer<typeof CatalogueImageSchema>;

export const CategorySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type Category = z.infer<typeof CategorySchema>;
export const CategoryListSchema = z.array(CategorySchema);

/**
 * Weekday names as the school's existing client compares them (api-shapes Part 2 §4): English, capitalized,
 * indexed like our `weekday` (0 = Monday … 6 = Sunday).
 */
export const WEEKDAY_NAMES = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];
export const WeekdayNameSchema = z.enum(WEEKDAY_NAMES);
export const weekdayNameOf = (weekday: number | null): WeekdayName | null =>
  weekday === null ? null : (WEEKDAY_NAMES[weekday] ?? null);
/**
 * The English weekday of a slot as the existing client reads it: a weekly time's day, or the day of a dated
 * session's date (a workshop on 2027-04-10 is a "Saturday"; the client lower-cases every slot's weekday,
 * issue 31 item 2). Our own API keeps `weekday` numeric and null for a dated session.
 */
export const slotWeekdayName = (slot: { weekday: number | null; date: string | null }): WeekdayName | null =>
  slot.weekday !== null
    ? weekdayNameOf(slot.weekday)
    : slot.date !== null && /^\d{4}-\d{2}-\d{2}$/.test(slot.date)
      ? weekdayNameOf(weekdayOf(slot.date))
      : null;
export const weekdayIndexOf = (name: WeekdayName | null): number | null =>
  name === null ? null : WEEKDAY_NAMES.indexOf(name);

/** A weekly time (`weekday` 0 = Monday … 6) or a dated session (`date`); `space` = seats left. */
export const ScheduleSlotSchema = z.object({
  id: z.number().int(),
  weekday: z.number().int().min(0).max(6).nullable(),
  date: z.string().nullable(),
  /** "HH:MM" */
  start: z.string(),
  /** "HH:MM" */
  end: z.string(),
  seats: z.number().int(),
  space: z.number().int(),
  /** The instructor's id. */
  instructor: z.number().int().nullable(),
  instructor_name: z.string().nullable(),
});
export type ScheduleSlot = z.infer<typeof ScheduleSlotSchema>;

export const PurchaseOptionSchema = z.object({
  id: z.number().int(),
  type: PurchaseOptionTypeSchema,
  schedule_type: ScheduleTypeSchema,
  name: z.string(),
  base_price: DecimalPriceSchema,
  base_price_cents: z.number().int(),
  number_of_meetings: z.number().int().nullable(),
  meetings_per_week: z.number().int().nullable(),
  /** A birthday package's most children, null when it sets none (added; the existing client ignores it). */
  max_children: z.number().int().nullable(),
  is_recurring: z.boolean(),
});
export type PurchaseOption = z.infer<typeof PurchaseOptionSchema>;

export const MeetingCardSchema = z.object({
  number_of_meetings: z.number().int(),
  price: DecimalPriceSchema,
  price_cents: z.number().int(),
});
export type MeetingCard = z.infer<typeof MeetingCardSchema>;

export const SubscriptionPriceSchema = z.object({
  number_of_meetings_per_week: z.number().int(),
  price: DecimalPriceSchema,
  price_cents: z.number().int(),
});
export type SubscriptionPrice = z.infer<typeof SubscriptionPriceSchema>;

/** An instructor as a product card shows them. */
export const InstructorSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  photo: z.string(),
});
export type InstructorSummary = z.infer<typeof InstructorSummarySchema>;

export const InstructorSchema = InstructorSummarySchema.extend({
  job: z.string(),
  subject: z.string(),
  bio: z.string(),
});
export type Instructor = z.infer<typeof InstructorSchema>;
export const InstructorListSchema = z.array(InstructorSchema);

/**
 * One of the school's houses (D151) as the shop shows it: on cards, in the list filter (`GET
 * /api/v2/locations/`), and before paying. `address` is the one line "Kastanienallee 12, 10435 Berlin".
 */
export const HouseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  street: z.string(),
  post_code: z.string(),
  city: z.string(),
  address: z.string(),
  map_url: z.string().nullable(),
});
export type House = z.infer<typeof HouseSchema>;
/** A house in the school's list (`GET /api/v2/locations/`): also its phone, for the contact block (D177). */
export const ListedHouseSchema = HouseSchema.extend({ phone: z.string().nullable() });
export type ListedHouse = z.infer<typeof ListedHouseSchema>;
export const HouseListSchema = z.array(ListedHouseSchema);

/** A product in the list (`GET /api/v2/products/`): the card fields and the existing client's fields. */
export const ProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** Same value as `product_type` (the existing client reads `type`). */
  type: ProductTypeSchema,
  product_type: ProductTypeSchema,
  name: z.string(),
  summary: z.string(),
  /** Same text as `summary` (the existing client reads `description`); the long text is `body`. */
  description: z.string(),
  language: InstructionLanguageSchema,
  age_group: AgeGroupSchema,
  /** The category's id (Django REST primary key); `category_name`/`category_slug` beside it. */
  category: z.number().int().nullable(),
  category_name: z.string().nullable(),
  category_slug: z.string().nullable(),
  /** The title image's address (the existing client reads `photo`). */
  photo: z.string().nullable(),
  title_image: CatalogueImageSchema.nullable(),
  /** Where exactly, as staff wrote it (a room, a courtyard, a venue): the field the shop always had. */
  location: z.string(),
  /** The house the offer belongs to (D151); null for an offer of no house (a venue elsewhere). */
  house: HouseSchema.nullable(),
  is_featured: z.boolean(),
  /**
   * Workshops and events (D142): a cancellation up to this many days before the booked date is refunded in
   * full (`refundPolicyDeadline`); null = no such promise.
   */
  refund_days_before: z.number().int().min(0).nullable(),
  /** The lowest base price of the purchase options, as a decimal string and in cents; null when there is none. */
  price_from: DecimalPriceSchema.nullable(),
  price_from_cents: z.number().int().nullable(),
  schedule_slots: z.array(ScheduleSlotSchema),
  /** Academies: the first week not yet over and the end of the last one (YYYY-MM-DD); null otherwise. */
  next_week_starts_on: z.string().nullable(),
  last_week_ends_on: z.string().nullable(),
  purchase_options: z.array(PurchaseOptionSchema),
  meeting_card: MeetingCardSchema.nullable(),
  subscriptions: z.array(SubscriptionPriceSchema),
  instructors: z.array(InstructorSummarySchema),
});
export type Product = z.infer<typeof ProductSchema>;

export const AcademySeasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
});
export type AcademySeason = z.infer<typeof AcademySeasonSchema>;

/** A bookable week of an academy; dates as YYYY-MM-DD; `space` = seats left. */
export const AcademyWeekSchema = z.object({
  id: z.number().int(),
  season: AcademySeasonSchema,
  season_name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  seats: z.number().int(),
  space: z.number().int(),
});
export type AcademyWeek = z.infer<typeof AcademyWeekSchema>;

export const QnaSchema = z.object({ question: z.string(), answer: z.string() });
export type Qna = z.infer<typeof QnaSchema>;

/** The product page (`GET /api/v2/products/{id or slug}/`). Texts are plain text with blank-line paragraphs and "- " list lines. */
export const ProductDetailSchema = ProductSchema.extend({
  body: z.string(),
  program: z.string(),
  length: z.string(),
  seo_text: z.string(),
  qna: z.array(QnaSchema),
  student_works: z.array(CatalogueImageSchema),
  background_image: CatalogueImageSchema.nullable(),
  academy_schedule_slots: z.array(AcademyWeekSchema),
  instructors: z.array(InstructorSchema),
  /** Holidays and closures of the page's house from today on (D114): no lesson on these days. */
  closures: z.array(z.object({ starts_on: z.string(), ends_on: z.string(), name: z.string() })),
  /**
   * The page's rules for absences, makeups and lessons the school cancels, and what to bring (issue 35,
   * D391), so the page says them before a parent books. Optional: older clients and replies go without.
   */
  lesson_rules: LessonRulesSchema.optional(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** Django REST pagination: `next`/`previous` are absolute URLs or null. */
export const ProductListSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ProductSchema),
});
export type ProductList = z.infer<typeof ProductListSchema>;

export const InstructorDetailSchema = InstructorSchema.extend({ products: z.array(ProductSchema) });
export type InstructorDetail = z.infer<typeof InstructorDetailSchema>;

export const ContentPageSchema = z.object({
  key: ContentPageKeySchema,
  title: z.string(),
  description: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

// ---------- Requests ----------

const integerString = /^\d{1,4}$/;

/**
 * Filters of `GET /api/v2/products/`. Values stay strings as they come in the URL; the server parses
 * them (`parseProductListQuery`), so a bad value gives `400 {"<field>": ["..."]}`.
 */
export const ProductListQuerySchema = LocaleQuerySchema.extend({
  /** One product type or several, comma-separated: `Course,Workshop`. */
  product_type: z
    .string()
    .refine(
      (value) => value.split(",").every((part) => (PRODUCT_TYPES as readonly string[]).includes(part.trim())),
      { error: "invalid_choice" },
    )
    .optional(),
  /** A child's age in years, matched against the age groups (5-7 covers 5..7, 10+ covers ≥ 10). */
  age: z
    .string()
    .regex(integerString, { error: "invalid", abort: true })
    // The same bounds as the number input (spec §9: 1 to 100).
    .refine((value) => Number(value) >= NUMBER_INPUT_MIN, { error: "too_small" })
    .refine((value) => Number(value) <= NUMBER_INPUT_MAX, { error: "too_big" })
    .optional(),
  age_group: AgeGroupSchema.optional(),
  /** A parent's language (de, ru, en) also finds the bilingual offers it is spoken in; a bilingual code matches exactly (D30). */
  language: InstructionLanguageSchema.optional(),
  /** A category id or slug. */
  category: z.string().min(1, { error: "invalid" }).max(64, { error: "too_long" }).optional(),
  /** A house's id (`GET /api/v2/locations/`, D151): the offers of that house. */
  location: z
    .string()
    .regex(/^\d{1,9}$/, { error: "invalid_choice" })
    .optional(),
  /** 0 = Monday … 6 = Sunday: products with a weekly slot on that day. */
  weekday: z
    .string()
    .regex(/^[0-6]$/, { error: "invalid_choice" })
    .optional(),
  /** Text search in name and summary, in the request's locale, case-insensitive. */
  q: z.string().max(PRODUCT_SEARCH_MAX_LENGTH, { error: "too_long" }).optional(),
  page: z
    .string()
    .regex(/^\d{1,6}$/, { error: "invalid", abort: true })
    .refine((value) => Number(value) >= 1, { error: "too_small" })
    .optional(),
  page_size: z
    .string()
    .regex(integerString, { error: "invalid", abort: true })
    .refine((value) => Number(value) >= 1, { error: "too_small" })
    .refine((value) => Number(value) <= PRODUCT_PAGE_SIZE_MAX, { error: "too_big" })
    .optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** The parsed filters. */
export type ProductFilters = {
  productTypes?: ProductType[];
  age?: number;
  ageGroup?: AgeGroup;
  language?: InstructionLanguage;
  category?: string;
  location?: number;
  weekday?: number;
  q?: string;
  page: number;
  pageSize: number;
};

export function parseProductListQuery(query: ProductListQuery): ProductFilters {
  const filters: ProductFilters = {
    page: query.page ? Number(query.page) : 1,
    pageSize: query.page_size ? Number(query.page_size) : PRODUCT_PAGE_SIZE_DEFAULT,
  };
  if (query.product_type)
    filters.productTypes = [...new Set(query.product_type.split(",").map((p) => p.trim() as ProductType))];
  if (query.age !== undefined) filters.age = Number(query.age);
  if (query.age_group) filters.ageGroup = query.age_group;
  if (query.language) filters.language = query.language;
  if (query.category) filters.category = query.category;
  if (query.location !== undefined) filters.location = Number(query.location);
  if (query.weekday !== undefined) filters.weekday = Number(query.weekday);
  const q = query.q?.trim();
  if (q) filters.q = q;
  return filters;
}

/** `{id}` of a product or instructor: a numeric id or a slug (anything else is simply not found). */
export const IdOrSlugParamsSchema = z.object({ id: z.string() });

/** `{key}` of a content page; an unknown key is not found (404). */
export const ContentPageParamsSchema = z.object({ key: z.string() });

/** Cards per "load more" step of a catalogue list: a multiple of 2 and 3 so the grid rows stay full. */
export const CATALOGUE_PAGE_SIZE = 12;

/**
 * The API path of an unfiltered catalogue list's first page, exactly as the web's API client requests it,
 * so the server can name it in a page's HTML (`<link rel="preload" as="fetch">`) and the request starts
 * with the page instead of after the app has loaded.
 */
export function catalogueFirstPagePath(types: readonly ProductType[], locale: Locale): string {
  const query = new URLSearchParams({
    product_type: types.join(","),
    page: "1",
    page_size: String(CATALOGUE_PAGE_SIZE),
    locale,
  });
  return `/api/v2/products/?${query.toString()}`;
}

/** The API path of a product's detail, exactly as the web's API client requests it (see above). */
export const productDetailPath = (id: string, locale: Locale) =>
  `/api/v2/products/${encodeURIComponent(id)}/?locale=${locale}`;

export const categoriesPath = (locale: Locale) => `/api/v2/products/categories/?locale=${locale}`;
