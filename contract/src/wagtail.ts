import { z } from "zod";
import {
  AgeGroupSchema,
  DecimalPriceSchema,
  type InstructionLanguage,
  InstructionLanguageSchema,
  ProductTypeSchema,
  ScheduleTypeSchema,
  WeekdayNameSchema,
} from "./catalogue.ts";
import { LocaleSchema } from "./rules/locale.ts";
import { PathIdSchema } from "./rules/path-id.ts";

/**
 * The read-only Wagtail API v2 adapter (`/api/v2/wagtail/…`, D93): the shapes the school's existing
 * (Nuxt) front end reads for its catalogue and content pages (../shared/api-shapes.md Part 2). It is
 * made from our own catalogue and content pages; nothing is stored twice. Our React storefront does not
 * use it.
 */

/** `locale` as the existing client sends it: ru (its default), de, en (served in German). */
export const WAGTAIL_LOCALES = ["ru", "de", "en"] as const;

export const WagtailQuerySchema = z.object({
  locale: z.enum(WAGTAIL_LOCALES, { error: "invalid_choice" }).optional(),
  /** `*` (all fields); the adapter always sends every field it has. */
  fields: z.string().max(200).optional(),
  /** A page's slug: the listing then holds that page alone (digits name an id). */
  slug: z.string().max(200).optional(),
  /** Products: one product type or several, comma-separated (`Workshop,Event`). */
  product_type: z.string().max(200).optional(),
  /** Catalog pages: the product type a catalog lists (`Course`). */
  type: z.string().max(200).optional(),
  /** Legal pages: the page's CMS title as the client asks for it (`Datenschultz`, `AGB`). */
  name: z.string().max(200).optional(),
});
export type WagtailQuery = z.infer<typeof WagtailQuerySchema>;

export const WagtailIdParamsSchema = z.object({ id: PathIdSchema });

/**
 * An image as Wagtail's image serializer writes it; `download_url` is a path on this server (the client
 * puts its API base in front of it).
 */
export const WagtailImageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  meta: z.object({ type: z.literal("wagtailimages.Image"), download_url: z.string() }),
});
export type WagtailImage = z.infer<typeof WagtailImageSchema>;

/** `meta` of a page: its Wagtail model, its detail address (relative) and its slug. */
export const WagtailPageMetaSchema = z.object({
  type: z.string(),
  detail_url: z.string(),
  slug: z.string(),
  locale: LocaleSchema,
});

/** A StreamField block: `{type, value, id}`; the value's shape depends on the type. */
export const WagtailBlockSchema = z.object({ type: z.string(), value: z.unknown(), id: z.string() });
export type WagtailBlock = z.infer<typeof WagtailBlockSchema>;

/**
 * A time as the existing client reads it: an English weekday name (a dated session's is its date's, issue 31
 * item 2; the client lower-cases it) and "HH:MM:SS" times.
 */
export const WagtailSlotSchema = z.object({
  id: z.number().int(),
  weekday: WeekdayNameSchema.nullable(),
  date: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  /** Seats left, as text (the client prints it). */
  space: z.string(),
});

/** Languages of instruction as the existing client's keys (api-shapes Part 2 §4). */
export const WAGTAIL_LANGUAGES = ["bi", "ru", "en", "de", "ru/en", "de/en", "de/ru"] as const;
export const WagtailLanguageSchema = z.enum(WAGTAIL_LANGUAGES);
export type WagtailLanguage = z.infer<typeof WagtailLanguageSchema>;
/** Our code of a language of instruction → the client's key. */
export const WAGTAIL_LANGUAGE_OF: Record<InstructionLanguage, WagtailLanguage> = {
  bi: "bi",
  ru: "ru",
  en: "en",
  de: "de",
  "ru-en": "ru/en",
  "de-en": "de/en",
  "de-ru": "de/ru",
};

/** A product card (`products/` listing): no `type` field, since the client takes a truthy one for a block. */
export const WagtailProductCardSchema = z.object({
  id: z.number().int(),
  meta: WagtailPageMetaSchema,
  slug: z.string(),
  name: z.string(),
  title: z.string(),
  product_type: ProductTypeSchema,
  age_group: AgeGroupSchema,
  /** The client's key of the language of instruction (`de/ru` where ours is `de-ru`). */
  language: WagtailLanguageSchema,
  /** Our own code of the language of instruction (`de-ru`). */
  language_code: InstructionLanguageSchema,
  /** The category as the client shows it: its name. */
  category: z.string().nullable(),
  /** The category's id (our `/api/v2/products/?category=`). */
  category_id: z.number().int().nullable(),
  /** `available` while some time or week has a seat left, else `sold_out`. */
  current_status: z.enum(["available", "sold_out"]),
  title_image: WagtailImageSchema.nullable(),
  background_image: WagtailImageSchema.nullable(),
  catalog: z.object({ id: z.number().int(), meta: z.object({ detail_url: z.string() }) }).nullable(),
  schedule_slots: z.array(WagtailSlotSchema),
});
export type WagtailProductCard = z.infer<typeof WagtailProductCardSchema>;

export const WagtailPurchaseOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  icon: WagtailImageSchema.nullable(),
  bullet_points: z.array(z.string()),
  /** The price as a decimal string in EUR, as `base_price`: the client writes "€" after it itself. */
  price_text: DecimalPriceSchema,
  /** Django REST decimal string in EUR. */
  base_price: DecimalPriceSchema,
  schedule_type: ScheduleTypeSchema,
});

/** A product page (`products/{id}/`, `special-offers/{id}/`). */
export const WagtailProductDetailSchema = WagtailProductCardSchema.extend({
  seo_text: z.string(),
  length: z.string(),
  purchase_options: z.array(WagtailPurchaseOptionSchema),
  /** An academy's bookable weeks; `week_number` is what the client sends back as `academy_weeks` (D93). */
  academy_schedule_slots: z.array(
    z.object({
      week_number: z.number().int(),
      starts_on: z.string(),
      ends_on: z.string(),
      space: z.string(),
    }),
  ),
  body: z.array(WagtailBlockSchema),
  program: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      icon: WagtailImageSchema.nullable(),
      /** Plain text, shown as it is (no markup). */
      text: z.string(),
    }),
  ),
  student_works: z.array(z.object({ id: z.number().int(), icon: WagtailImageSchema, name: z.string() })),
  qna: z.array(z.object({ id: z.number().int(), question: z.string(), answer: z.string() })),
  instructors: z.array(
    z.object({
      id: z.number().int(),
      instructor: z.object({ first_name: z.string(), last_name: z.string() }),
      name: z.string(),
      subject: z.string(),
      slug: z.string(),
      profile_pic: z.number().int().nullable(),
      title_image: WagtailImageSchema.nullable(),
    }),
  ),
});
export type WagtailProductDetail = z.infer<typeof WagtailProductDetailSchema>;

export const WagtailInstructorSchema = z.object({
  id: z.number().int(),
  meta: WagtailPageMetaSchema,
  slug: z.string(),
  name: z.string(),
  speciality: z.string(),
  title_image: WagtailImageSchema.nullable(),
});

export const WagtailInstructorDetailSchema = WagtailInstructorSchema.extend({
  description: z.string(),
  gallery_images: z.array(z.object({ image: WagtailImageSchema })),
  body: z.array(WagtailBlockSchema),
});

/** A catalog page: the list of one product type (`catalog/?type=Course`). */
export const WagtailCatalogSchema = z.object({
  id: z.number().int(),
  meta: WagtailPageMetaSchema,
  name: z.string(),
  title: z.string(),
  product_type: ProductTypeSchema,
});

/** A content page: the home page, prices, school and special offers (StreamField `body`). */
export const WagtailContentPageSchema = z.looseObject({
  id: z.number().int(),
  meta: WagtailPageMetaSchema,
  title: z.string(),
  heading: z.string(),
  body: z.array(WagtailBlockSchema),
});

/** A legal page (imprint, privacy, terms): `contents` is HTML. */
export const WagtailLegalSchema = z.object({
  id: z.number().int(),
  meta: WagtailPageMetaSchema,
  title: z.string(),
  slug: z.string(),
  contents: z.string(),
});

/** Wagtail's listing: `{meta: {total_count}, items}`. */
export const wagtailListing = <T extends z.ZodType>(item: T) =>
  z.object({ meta: z.object({ total_count: z.number().int() }), items: z.array(item) });

/** `GET /api/v2/products/branches/`: the school's houses, a bare list. */
export const BranchSchema = z.object({ id: z.number().int(), name: z.string() });
export const BranchListSchema = z.array(BranchSchema);
