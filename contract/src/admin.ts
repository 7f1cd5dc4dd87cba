import { z } from "zod";
import { LocalizedTextSchema as localized, bothLanguages as texts, VersionSchema } from "./admin-fields.ts";
import {
  AdminTitleImageDraftSchema,
  AdminTitleImageInputSchema,
  AdminTitleImageSchema,
} from "./admin-images.ts";
import { AGE_GROUPS, INSTRUCTION_LANGUAGES, PRODUCT_TYPES } from "./catalogue.ts";
import { AdminLessonRulesSchema } from "./lessons.ts";
import { inSchoolDays } from "./rules/dates.ts";
import { LOCALES } from "./rules/locales.ts";
import { PathIdSchema } from "./rules/path-id.ts";

/**
 * The back office's API (`/api/v2/admin/*`, D97). One list convention for every resource, the one of
 * react-admin's simple REST data provider: `sort=["field","ASC"]`, `range=[0,24]` (inclusive) and
 * `filter={"q":"…","field":value}` as JSON query parameters; the reply is a bare array with
 * `Content-Range: <resource> 0-24/319`. Edits carry the `version` they were read with (D99).
 */

export const STAFF_ROLES = ["staff", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** `GET /api/v2/admin/me/`: who is signed in to the back office (a customer gets 403). */
export const StaffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(STAFF_ROLES),
  locale: z.enum(LOCALES),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

/** Longest list page one request may ask for. */
export const ADMIN_PAGE_MAX = 100;

const jsonParam = <T extends z.ZodType>(inner: T) =>
  z
    .string()
    .max(2_000, { error: "too_long" })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "invalid" });
        return z.NEVER;
      }
    })
    .pipe(inner);

/** The list query every admin list accepts; which fields a list sorts and filters by is its own. */
export const AdminListQuerySchema = z.object({
  sort: jsonParam(
    z.tuple([z.string().max(64), z.enum(["ASC", "DESC"], { error: "invalid_choice" })]),
  ).optional(),
  range: jsonParam(
    z
      .tuple([z.number().int().min(0), z.number().int().min(0)])
      .refine(([from, to]) => to >= from && to - from < ADMIN_PAGE_MAX, { error: "invalid" }),
  ).optional(),
  filter: jsonParam(z.record(z.string(), z.unknown())).optional(),
  locale: z.enum(LOCALES).optional(),
});
export type AdminListQuery = z.infer<typeof AdminListQuerySchema>;

/** The largest id the database holds (int4): a larger one names no record and must not reach a query. */
const ID_MAX = 2_147_483_647;

/** A record of the back office by its id in the path; one past int4 or 0 is not found (`PathIdSchema`). */
export const AdminIdParamsSchema = z.object({ id: PathIdSchema });

/** A record a form chooses (category, instructor, product page): a larger id than int4 is no choice. */
const choiceId = z
  .number()
  .int()
  .min(1, { error: "invalid_choice" })
  .max(ID_MAX, { error: "invalid_choice" });

export const AdminQnaSchema = z.object({ question: texts(500, true), answer: texts(5_000, true) });

export const SlugSchema = z
  .string()
  .trim()
  .min(1, { error: "required" })
  .max(100, { error: "too_long" })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "invalid_slug" });

/** What staff write on a product page (create and edit alike). */
export const AdminProductInputSchema = z
  .object({
    slug: SlugSchema,
    product_type: z.enum(PRODUCT_TYPES, { error: "invalid_choice" }),
    name: texts(200, true),
    summary: texts(1_000),
    body: texts(20_000),
    program: texts(20_000),
    seo_text: texts(5_000),
    length: texts(200),
    qna: z.array(AdminQnaSchema).max(50, { error: "too_big" }),
    age_group: z.enum(AGE_GROUPS, { error: "invalid_choice" }),
    language: z.enum(INSTRUCTION_LANGUAGES, { error: "invalid_choice" }),
    category: choiceId.nullable(),
    location: z.string().trim().max(200, { error: "too_long" }),
    /** The house (D151); absent on a save: left as it is (older clients of this API do not send it). */
    location_id: choiceId.nullish(),
    instructors: z.array(choiceId).max(20, { error: "too_big" }),
    is_published: z.boolean(),
    is_featured: z.boolean(),
    sort_order: z.number().int().min(-1_000_000).max(1_000_000),
    /**
     * A workshop's or event's refund policy (D142): a full refund up to this many days before the date;
     * null: none. Absent on a save: left as it is (older clients of this API do not send it).
     */
    refund_days_before: z
      .number({ error: "invalid" })
      .int({ error: "invalid" })
      .min(0, { error: "too_small" })
      .max(365, { error: "too_big" })
      .nullish(),
    /**
     * The title image on cards and the page (D146): an uploaded image's `/media/…` path (or the page's
     * current one) with its alt text in both languages; null: none. Absent on a save: left as it is.
     */
    title_image: AdminTitleImageInputSchema.nullish(),
    /** Absences and makeups (issue 35, D374); absent on a save: left as they are. */
    lesson_rules: AdminLessonRulesSchema.nullish(),
  })
  .strict();
export type AdminProductInput = z.infer<typeof AdminProductInputSchema>;

/** An edit names the version it was read with; a stale one is refused with 409 (D99). */
export const AdminProductUpdateSchema = AdminProductInputSchema.extend({
  version: VersionSchema,
}).strict();
export type AdminProductUpdate = z.infer<typeof AdminProductUpdateSchema>;

/**
 * The live preview's draft (D147): the form's values as they are, saved or not; `id` names the page being
 * edited (absent on a new one). The slug and the title image's alt texts may still be empty; nothing of the
 * draft is stored.
 */
export const AdminProductPreviewSchema = AdminProductInputSchema.extend({
  id: choiceId.optional(),
  slug: z.string().max(100, { error: "too_long" }).optional(),
  title_image: AdminTitleImageDraftSchema.nullish(),
  version: VersionSchema.optional(),
}).strict();
export type AdminProductPreview = z.infer<typeof AdminProductPreviewSchema>;

export const AdminProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  name: localized,
  summary: localized,
  body: localized,
  program: localized,
  seo_text: localized,
  length: localized,
  qna: z.array(z.object({ question: localized, answer: localized })),
  age_group: z.enum(AGE_GROUPS),
  language: z.enum(INSTRUCTION_LANGUAGES),
  category: z.number().int().nullable(),
  location: z.string(),
  location_id: z.number().int().nullable(),
  instructors: z.array(z.number().int()),
  is_published: z.boolean(),
  is_featured: z.boolean(),
  sort_order: z.number().int(),
  refund_days_before: z.number().int().nullable(),
  title_image: AdminTitleImageSchema.nullable(),
  lesson_rules: AdminLessonRulesSchema,
  updated_at: z.string(),
  version: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;
export const AdminProductListSchema = z.array(AdminProductSchema);

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "invalid_time" });

/** A weekly slot (`weekday`, 0 = Monday) or a dated session (`date`) of a product page. */
export const AdminSlotInputSchema = z
  .object({
    product_page: choiceId,
    weekday: z.number().int().min(0).max(6).nullable(),
    date: z.iso.date({ error: "invalid_date" }).refine(inSchoolDays, { error: "invalid_date" }).nullable(),
    start: time,
    end: time,
    seats: z.number().int().min(0, { error: "too_small" }).max(10_000, { error: "too_big" }),
    instructor: choiceId.nullable(),
  })
  .strict()
  .superRefine((slot, ctx) => {
    if ((slot.weekday === null) === (slot.date === null))
      ctx.addIssue({ code: "custom", path: ["weekday"], message: "weekday_or_date" });
    if (slot.end <= slot.start) ctx.addIssue({ code: "custom", path: ["end"], message: "end_before_start" });
  });
export type AdminSlotInput = z.infer<typeof AdminSlotInputSchema>;

export const AdminSlotUpdateSchema = z
  .object({
    weekday: z.number().int().min(0).max(6).nullable(),
    date: z.iso.date({ error: "invalid_date" }).refine(inSchoolDays, { error: "invalid_date" }).nullable(),
    start: time,
    end: time,
    seats: z.number().int().min(0, { error: "too_small" }).max(10_000, { error: "too_big" }),
    instructor: choiceId.nullable(),
    version: VersionSchema,
  })
  .strict()
  .superRefine((slot, ctx) => {
    if ((slot.weekday === null) === (slot.date === null))
      ctx.addIssue({ code: "custom", path: ["weekday"], message: "weekday_or_date" });
    if (slot.end <= slot.start) ctx.addIssue({ code: "custom", path: ["end"], message: "end_before_start" });
  });
export type AdminSlotUpdate = z.infer<typeof AdminSlotUpdateSchema>;

export const AdminSlotSchema = z.object({
  id: z.number().int(),
  product_page: z.number().int(),
  weekday: z.number().int().nullable(),
  date: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  seats: z.number().int(),
  /** Seats held by bookings, reservations and running waiting-list offers: the floor for `seats`. */
  seats_taken: z.number().int(),
  instructor: z.number().int().nullable(),
  /** When staff archived the slot (it had bookings, so it was not deleted); null while it is offered. */
  archived_at: z.string().nullable(),
  version: z.string(),
});
export type AdminSlot = z.infer<typeof AdminSlotSchema>;
export const AdminSlotListSchema = z.array(AdminSlotSchema);

/**
 * A holiday or closure (D114): no lesson from `starts_on` to `ends_on`, both included, in the house
 * `location_id` (D151), or in every house when it is null.
 */
const closureFields = {
  location_id: choiceId.nullable(),
  starts_on: z.iso.date({ error: "invalid_date" }).refine(inSchoolDays, { error: "invalid_date" }),
  ends_on: z.iso.date({ error: "invalid_date" }).refine(inSchoolDays, { error: "invalid_date" }),
  name: texts(200, true),
};
/** A closure's longest span: a school's holidays are weeks; its days lengthen running subscriptions (D114, D510). */
export const CLOSURE_MAX_DAYS = 366;
const endsAfterStart = (closure: { starts_on: string; ends_on: string }, ctx: z.RefinementCtx) => {
  // A day outside the school's days has its own message already.
  if (!inSchoolDays(closure.starts_on) || !inSchoolDays(closure.ends_on)) return;
  if (closure.ends_on < closure.starts_on)
    ctx.addIssue({ code: "custom", path: ["ends_on"], message: "end_before_start" });
  else if ((Date.parse(closure.ends_on) - Date.parse(closure.starts_on)) / 86_400_000 + 1 > CLOSURE_MAX_DAYS)
    ctx.addIssue({ code: "custom", path: ["ends_on"], message: "closure_too_long" });
};
export const AdminClosureInputSchema = z.object(closureFields).strict().superRefine(endsAfterStart);
export type AdminClosureInput = z.infer<typeof AdminClosureInputSchema>;
export const AdminClosureUpdateSchema = z
  .object({ ...closureFields, version: VersionSchema })
  .strict()
  .superRefine(endsAfterStart);
export type AdminClosureUpdate = z.infer<typeof AdminClosureUpdateSchema>;
export const AdminClosureSchema = z.object({
  id: z.number().int(),
  location_id: z.number().int().nullable(),
  starts_on: z.string(),
  ends_on: z.string(),
  name: localized,
  version: z.string(),
});
export type AdminClosure = z.infer<typeof AdminClosureSchema>;
export const AdminClosureListSchema = z.array(AdminClosureSchema);

/** Choices the product form offers: categories and instructors, by id. */
export const AdminChoiceSchema = z.object({ id: z.number().int(), name: z.string() });
export const AdminChoiceListSchema = z.array(AdminChoiceSchema);

/** `export`: staff took data out of the shop (the accounting export, D134); `record_id` is 0 then. */
export const AUDIT_ACTIONS = ["create", "update", "delete", "archive", "export"] as const;

/**
 * A list in an entry's values longer than this is shown by its count and a glimpse, the whole list folded
 * away: an accounting download names every document it handed over, 791 for a month (D417). In an entry of
 * more than 1 KB the log's list sends such a list as its glimpse only, the first `AUDIT_GLIMPSE_HEAD` values
 * and the last, and the entry's own call sends it whole when a reader unfolds it (D423).
 */
export const AUDIT_LONG_LIST = 10;
export const AUDIT_GLIMPSE_HEAD = 3;

/**
 * A top-level list of an entry's values that the log's list sent as its glimpse (D423): which side and field,
 * how many values the whole list has, and in an update a digest of it, so a reader can tell two folded lists
 * apart (empty in other entries, whose two sides are not compared).
 */
export const AuditFoldSchema = z.object({
  side: z.enum(["before", "after"]),
  field: z.string(),
  count: z.number().int(),
  digest: z.string(),
});
export type AuditFold = z.infer<typeof AuditFoldSchema>;

/** One staff write: who, when, which record, the values before and after (D98). */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user: z.number().int().nullable(),
  user_email: z.string(),
  /** The person's name as their account has it now; empty when unknown (an erased account, the CLI). */
  user_name: z.string(),
  resource: z.string(),
  record_id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.unknown(),
  after: z.unknown(),
  /** The lists sent as their glimpse; empty when the entry is sent whole (its own call, D423). */
  folded: z.array(AuditFoldSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditEntryListSchema = z.array(AuditEntrySchema);
