import { z } from "zod";
import { SlugSchema } from "./admin.ts";
import {
  LocalizedTextSchema as localized,
  bothLanguages as texts,
  VersionSchema as version,
} from "./admin-fields.ts";
import { SCHEDULE_TYPES } from "./catalogue.ts";
import { inSchoolDays } from "./rules/dates.ts";
import { PhoneSchema } from "./rules/phone.ts";
import { PARTY_CHILDREN_MAX } from "./staff-orders.ts";

/**
 * What the school sells, as staff edit it (issue 20, D116–D120): instructors, categories, the purchase
 * options and prices of a product page, and the academy's seasons and weeks. Lists follow the back
 * office's one convention (D97); every edit carries the `version` it was read with (D99).
 */

const ID_MAX = 2_147_483_647;
const choiceId = z
  .number()
  .int()
  .min(1, { error: "invalid_choice" })
  .max(ID_MAX, { error: "invalid_choice" });
const sortOrder = z.number().int().min(-1_000_000).max(1_000_000);

const name = z.string().trim().min(1, { error: "required" }).max(100, { error: "too_long" });
/** The school's own Cyrillic spelling (D64); empty or null shows the Latin name on Russian pages. */
const nameRu = z
  .string()
  .trim()
  .max(100, { error: "too_long" })
  .nullable()
  .transform((value) => (value ? value : null));
const date = z.iso.date({ error: "invalid_date" }).refine(inSchoolDays, { error: "invalid_date" });

// ---------- Instructors ----------

const instructorFields = {
  slug: SlugSchema,
  first_name: name,
  last_name: name,
  first_name_ru: nameRu,
  last_name_ru: nameRu,
  job: texts(200),
  subject: texts(200),
  bio: texts(5_000),
  /** The photo's address as the shop serves it (e.g. `/media/team/anna.jpg`); empty: none. */
  photo: z
    .string()
    .trim()
    .max(500, { error: "too_long" })
    .regex(/^(|\/[^\s]*|https:\/\/[^\s]+)$/, { error: "invalid" }),
  sort_order: sortOrder,
  is_published: z.boolean(),
};
export const AdminInstructorInputSchema = z.object(instructorFields).strict();
export type AdminInstructorInput = z.infer<typeof AdminInstructorInputSchema>;
export const AdminInstructorUpdateSchema = z.object({ ...instructorFields, version }).strict();
export type AdminInstructorUpdate = z.infer<typeof AdminInstructorUpdateSchema>;
export const AdminInstructorSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  first_name_ru: z.string().nullable(),
  last_name_ru: z.string().nullable(),
  job: localized,
  subject: localized,
  bio: localized,
  photo: z.string(),
  sort_order: z.number().int(),
  is_published: z.boolean(),
  /** How choice lists show the instructor: first and last name. */
  label: z.string(),
  /** Product pages that name the instructor (one that is named cannot be deleted, D117). */
  pages: z.number().int(),
  version: z.string(),
});
export type AdminInstructor = z.infer<typeof AdminInstructorSchema>;
export const AdminInstructorListSchema = z.array(AdminInstructorSchema);

// ---------- Categories ----------

const categoryFields = { slug: SlugSchema, name: texts(200, true), sort_order: sortOrder };
export const AdminCategoryInputSchema = z.object(categoryFields).strict();
export type AdminCategoryInput = z.infer<typeof AdminCategoryInputSchema>;
export const AdminCategoryUpdateSchema = z.object({ ...categoryFields, version }).strict();
export type AdminCategoryUpdate = z.infer<typeof AdminCategoryUpdateSchema>;
export const AdminCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: localized,
  sort_order: z.number().int(),
  /** The German name, as choice lists show it. */
  label: z.string(),
  pages: z.number().int(),
  version: z.string(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;
export const AdminCategoryListSchema = z.array(AdminCategorySchema);

// ---------- Houses (locations, D151) ----------

const line = (max: number) => z.string().trim().min(1, { error: "required" }).max(max, { error: "too_long" });
const locationFields = {
  name: texts(200, true),
  street: line(200),
  post_code: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: "invalid_post_code" }),
  city: line(100),
  map_url: z
    .string()
    .trim()
    .max(500, { error: "too_long" })
    .regex(/^https:\/\/[^\s]+$/, { error: "invalid_map_url" })
    .nullable(),
  /**
   * The house's phone as the shop prints it ("+49 30 1234567"), checked by the one phone rule; kept as
   * typed, since the bare number reads badly (D177). Left out or null: the house has none.
   */
  phone: z
    .string()
    .trim()
    .max(40, { error: "too_long" })
    .refine((value) => PhoneSchema.safeParse(value).success, { error: "invalid_phone" })
    .nullable()
    .default(null),
  sort_order: sortOrder,
  is_active: z.boolean(),
};
export const AdminLocationInputSchema = z.object(locationFields).strict();
export type AdminLocationInput = z.infer<typeof AdminLocationInputSchema>;
export const AdminLocationUpdateSchema = z.object({ ...locationFields, version }).strict();
export type AdminLocationUpdate = z.infer<typeof AdminLocationUpdateSchema>;
export const AdminLocationSchema = z.object({
  id: z.number().int(),
  name: localized,
  street: z.string(),
  post_code: z.string(),
  city: z.string(),
  map_url: z.string().nullable(),
  phone: z.string().nullable(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  /** "Atelier Prenzlauer Berg – Kastanienallee 12", as choice lists show it. */
  label: z.string(),
  /** Product pages and closures that name the house: it cannot be deleted while any do. */
  pages: z.number().int(),
  closures: z.number().int(),
  version: z.string(),
});
export type AdminLocation = z.infer<typeof AdminLocationSchema>;
export const AdminLocationListSchema = z.array(AdminLocationSchema);

// ---------- Purchase options and prices ----------

/** A price in integer cents EUR; 100,000 EUR is far above anything the school sells. */
const priceCents = z
  .number()
  .int({ error: "invalid" })
  .min(0, { error: "too_small" })
  .max(10_000_000, { error: "too_big" });

/** What staff may change on an option: its name, price, meetings and place in the list. */
const optionEditable = {
  name: texts(200, true),
  base_price_cents: priceCents,
  number_of_meetings: z
    .number()
    .int()
    .min(1, { error: "too_small" })
    .max(1_000, { error: "too_big" })
    .nullable(),
  meetings_per_week: z.number().int().min(1, { error: "too_small" }).max(7, { error: "too_big" }).nullable(),
  /**
   * A birthday package's most children: a parent's party request for more is refused. Null: no limit; absent
   * on a save (an older client): left as it is.
   */
  max_children: z
    .number()
    .int()
    .min(1, { error: "too_small" })
    .max(PARTY_CHILDREN_MAX, { error: "too_big" })
    .nullable()
    .optional(),
  sort_order: sortOrder,
};
/**
 * A new option of a product page. Its page, schedule type (course times per week, meeting card, academy
 * day part, ticket …) and whether it renews monthly are what a booking bought, so they are fixed once it
 * exists (D118): staff add a new option instead.
 */
export const AdminPurchaseOptionInputSchema = z
  .object({
    product_page: choiceId,
    schedule_type: z.enum(SCHEDULE_TYPES, { error: "invalid_choice" }),
    is_recurring: z.boolean(),
    ...optionEditable,
  })
  .strict();
export type AdminPurchaseOptionInput = z.infer<typeof AdminPurchaseOptionInputSchema>;
export const AdminPurchaseOptionUpdateSchema = z.object({ ...optionEditable, version }).strict();
export type AdminPurchaseOptionUpdate = z.infer<typeof AdminPurchaseOptionUpdateSchema>;
export const AdminPurchaseOptionSchema = z.object({
  id: z.number().int(),
  product_page: z.number().int(),
  schedule_type: z.enum(SCHEDULE_TYPES),
  is_recurring: z.boolean(),
  name: localized,
  base_price_cents: z.number().int(),
  number_of_meetings: z.number().int().nullable(),
  meetings_per_week: z.number().int().nullable(),
  max_children: z.number().int().nullable(),
  sort_order: z.number().int(),
  /** Order items (carts included) that bought the option: one that was bought cannot be deleted. */
  bookings: z.number().int(),
  version: z.string(),
});
export type AdminPurchaseOption = z.infer<typeof AdminPurchaseOptionSchema>;
export const AdminPurchaseOptionListSchema = z.array(AdminPurchaseOptionSchema);

// ---------- Academy seasons and weeks ----------

const endsAfterStart = (range: { starts_on: string; ends_on: string }, ctx: z.RefinementCtx) => {
  if (range.ends_on < range.starts_on)
    ctx.addIssue({ code: "custom", path: ["ends_on"], message: "end_before_start" });
};

const seasonFields = { name: texts(200, true), starts_on: date, ends_on: date };
export const AdminSeasonInputSchema = z.object(seasonFields).strict().superRefine(endsAfterStart);
export type AdminSeasonInput = z.infer<typeof AdminSeasonInputSchema>;
export const AdminSeasonUpdateSchema = z
  .object({ ...seasonFields, version })
  .strict()
  .superRefine(endsAfterStart);
export type AdminSeasonUpdate = z.infer<typeof AdminSeasonUpdateSchema>;
export const AdminSeasonSchema = z.object({
  id: z.number().int(),
  name: localized,
  starts_on: z.string(),
  ends_on: z.string(),
  label: z.string(),
  /** Weeks in the season: a season with weeks cannot be deleted. */
  weeks: z.number().int(),
  version: z.string(),
});
export type AdminSeason = z.infer<typeof AdminSeasonSchema>;
export const AdminSeasonListSchema = z.array(AdminSeasonSchema);

const seats = z.number().int().min(0, { error: "too_small" }).max(10_000, { error: "too_big" });
const weekFields = { season: choiceId, starts_on: date, ends_on: date, seats };
/**
 * A bookable academy week of a product page. The day parts (first half, second half, full day) are the
 * page's purchase options of the academy schedule types; the seats are the week's, shared by all of them.
 */
export const AdminWeekInputSchema = z
  .object({ product_page: choiceId, ...weekFields })
  .strict()
  .superRefine(endsAfterStart);
export type AdminWeekInput = z.infer<typeof AdminWeekInputSchema>;
export const AdminWeekUpdateSchema = z
  .object({ ...weekFields, version })
  .strict()
  .superRefine(endsAfterStart);
export type AdminWeekUpdate = z.infer<typeof AdminWeekUpdateSchema>;
export const AdminWeekSchema = z.object({
  id: z.number().int(),
  product_page: z.number().int(),
  season: z.number().int(),
  starts_on: z.string(),
  ends_on: z.string(),
  seats: z.number().int(),
  /** Seats held by bookings, reservations and running waiting-list offers: the floor for `seats`. */
  seats_taken: z.number().int(),
  version: z.string(),
});
export type AdminWeek = z.infer<typeof AdminWeekSchema>;
export const AdminWeekListSchema = z.array(AdminWeekSchema);
