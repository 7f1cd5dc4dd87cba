import { z } from "zod";
import {
  LocalizedTextSchema as localized,
  bothLanguages as texts,
  VersionSchema as version,
} from "./admin-fields.ts";
import { CONTENT_PAGE_KEYS, PRODUCT_TYPES, type ProductType } from "./catalogue.ts";
import { inSchoolDays } from "./rules/dates.ts";
import { LocaleSchema } from "./rules/locale.ts";
import { promocodeCovers } from "./rules/promocode-scope.ts";
import {
  parseRedirectTarget,
  REDIRECT_PATH_MAX_LENGTH,
  REDIRECT_URL_MAX_LENGTH,
  redirectSourceProblem,
} from "./rules/redirect.ts";

/**
 * The back office's content pages, promocodes and gift cards (D123–D126), under the list convention and
 * version check of D97/D99 (`admin.ts`).
 */

/* ---------------------------------------------------------------- content pages (D123) */

const contentPageFields = {
  title: texts(200, true),
  description: texts(1_000),
  body: texts(100_000),
};

/** A new content page: one of the keys the shop shows (home, about us, prices, legal texts, ...). */
export const AdminContentPageInputSchema = z
  .object({ key: z.enum(CONTENT_PAGE_KEYS, { error: "invalid_choice" }), ...contentPageFields })
  .strict();
export type AdminContentPageInput = z.infer<typeof AdminContentPageInputSchema>;

/**
 * An edit names the version it was read with. Its key stays (the shop's addresses depend on it): a form
 * may send it back unchanged, a different one is refused at the field.
 */
export const AdminContentPageUpdateSchema = z
  .object({
    key: z.enum(CONTENT_PAGE_KEYS, { error: "invalid_choice" }).optional(),
    ...contentPageFields,
    version,
  })
  .strict();
export type AdminContentPageUpdate = z.infer<typeof AdminContentPageUpdateSchema>;

export const AdminContentPageSchema = z.object({
  id: z.number().int(),
  key: z.enum(CONTENT_PAGE_KEYS),
  title: localized,
  description: localized,
  body: localized,
  updated_at: z.string(),
  version: z.string(),
});
export type AdminContentPage = z.infer<typeof AdminContentPageSchema>;
export const AdminContentPageListSchema = z.array(AdminContentPageSchema);

/* ---------------------------------------------------------------- promocodes (D124) */

const count = z.number().int().min(0, { error: "too_small" }).max(1_000_000, { error: "too_big" });
const cents = z.number().int().min(0, { error: "too_small" }).max(10_000_000, { error: "too_big" });
const moment = z.iso
  .datetime({ offset: true, error: "invalid_datetime" })
  .refine(inSchoolDays, { error: "invalid_datetime" });

const promocodeFields = {
  code: z
    .string()
    .trim()
    .min(3, { error: "too_short" })
    .max(40, { error: "too_long" })
    .regex(/^[A-Za-z0-9_-]+$/, { error: "invalid_promocode" }),
  /** Exactly one of the two: a percentage (1–100) or an amount in cents. */
  percent_off: z.number().int().min(1, { error: "too_small" }).max(100, { error: "too_big" }).nullable(),
  amount_off_cents: cents.min(1, { error: "too_small" }).nullable(),
  valid_from: moment.nullable(),
  valid_until: moment.nullable(),
  /** Uses over all orders / by one user; null = unlimited. */
  max_uses: count.nullable(),
  max_uses_per_user: count.nullable(),
  min_total_cents: cents,
  /** The product types it applies to; empty = all it can discount, never gift cards (D482). */
  product_types: z.array(z.enum(PRODUCT_TYPES, { error: "invalid_choice" })).max(PRODUCT_TYPES.length),
  is_active: z.boolean(),
};

const promocodeRules = (
  code: {
    percent_off: number | null;
    amount_off_cents: number | null;
    valid_from: string | null;
    valid_until: string | null;
    product_types: readonly ProductType[];
  },
  ctx: z.RefinementCtx,
) => {
  if ((code.percent_off === null) === (code.amount_off_cents === null))
    ctx.addIssue({ code: "custom", path: ["percent_off"], message: "percent_or_amount" });
  if (code.valid_from && code.valid_until && Date.parse(code.valid_until) <= Date.parse(code.valid_from))
    ctx.addIssue({ code: "custom", path: ["valid_until"], message: "end_before_start" });
  if (code.product_types.some((type) => !promocodeCovers([], type)))
    ctx.addIssue({ code: "custom", path: ["product_types"], message: "promocode_gift_card" });
};

export const AdminPromocodeInputSchema = z.object(promocodeFields).strict().superRefine(promocodeRules);
export type AdminPromocodeInput = z.infer<typeof AdminPromocodeInputSchema>;
export const AdminPromocodeUpdateSchema = z
  .object({ ...promocodeFields, version })
  .strict()
  .superRefine(promocodeRules);
export type AdminPromocodeUpdate = z.infer<typeof AdminPromocodeUpdateSchema>;

export const AdminPromocodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off_cents: z.number().int().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_user: z.number().int().nullable(),
  min_total_cents: z.number().int(),
  product_types: z.array(z.enum(PRODUCT_TYPES)),
  is_active: z.boolean(),
  created_at: z.string(),
  /** Orders that used it (paid or still being paid). */
  uses: z.number().int(),
  version: z.string(),
});
export type AdminPromocode = z.infer<typeof AdminPromocodeSchema>;
export const AdminPromocodeListSchema = z.array(AdminPromocodeSchema);

/** One use of a promocode: the order, who, the discount it gave. */
export const AdminPromocodeUseSchema = z.object({
  id: z.number().int(),
  promocode: z.number().int(),
  order: z.number().int(),
  order_status: z.string(),
  user: z.number().int().nullable(),
  user_email: z.string(),
  discount_cents: z.number().int(),
  created_at: z.string(),
});
export type AdminPromocodeUse = z.infer<typeof AdminPromocodeUseSchema>;
export const AdminPromocodeUseListSchema = z.array(AdminPromocodeUseSchema);

/* ---------------------------------------------------------------- gift cards (D125) */

/** A card the school issues by hand, e.g. as a goodwill gesture: its value and why. */
export const AdminGiftCardInputSchema = z
  .object({
    amount_cents: z.number().int().min(100, { error: "too_small" }).max(100_000, { error: "too_big" }),
    reason: z.string().trim().min(1, { error: "required" }).max(500, { error: "too_long" }),
    /** Valid until the end of this day (Berlin); empty: three years to the end of the year (§ 195 BGB). */
    expires_on: z.iso
      .date({ error: "invalid_date" })
      .refine(inSchoolDays, { error: "invalid_date" })
      .nullable(),
  })
  .strict();
export type AdminGiftCardInput = z.infer<typeof AdminGiftCardInputSchema>;

/** Staff deactivate a card (it pays nothing more) or activate it again, at the version they read. */
export const AdminGiftCardUpdateSchema = z
  .object({
    is_active: z.boolean(),
    version,
  })
  .strict();
export type AdminGiftCardUpdate = z.infer<typeof AdminGiftCardUpdateSchema>;

export const AdminGiftCardSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  initial_cents: z.number().int(),
  balance_cents: z.number().int(),
  expires_at: z.string().nullable(),
  /** Bought in the shop (`order_item` set) or issued by hand (`issued_by` and `reason` set). */
  order_item: z.number().int().nullable(),
  buyer: z.number().int().nullable(),
  issued_by: z.number().int().nullable(),
  reason: z.string(),
  is_active: z.boolean(),
  deactivated_at: z.string().nullable(),
  created_at: z.string(),
  /** The language of its PDF and mail, the recipient's name and the message on it (D277). */
  locale: LocaleSchema,
  recipient_name: z.string(),
  message: z.string(),
  version: z.string(),
});
export type AdminGiftCard = z.infer<typeof AdminGiftCardSchema>;
export const AdminGiftCardListSchema = z.array(AdminGiftCardSchema);

/**
 * `POST /api/v2/admin/gift-cards/{id}/mail/` (D277): a card mailed to its recipient with its PDF, in the
 * language chosen; the recipient's name and the message go on the card and its PDF. While the same card's
 * mail to that address still waits in the outbox, that mail is the answer (a double click sends one).
 */
export const AdminGiftCardMailInputSchema = z
  .object({
    to: z.email({ error: "invalid_email" }).max(254, { error: "too_long" }),
    locale: z.enum(["de", "ru"], { error: "invalid_choice" }),
    recipient_name: z.string({ error: "invalid_type" }).trim().max(100, { error: "too_long" }).default(""),
    message: z.string({ error: "invalid_type" }).trim().max(500, { error: "too_long" }).default(""),
  })
  .strict();
export type AdminGiftCardMailInput = z.infer<typeof AdminGiftCardMailInputSchema>;

export const GIFT_CARD_LEDGER_KINDS = ["issue", "redeem", "release", "withdrawal", "staff_refund"] as const;

/** One change of a card's balance (issued +, spent −, given back +), oldest first. */
export const AdminGiftCardLedgerEntrySchema = z.object({
  id: z.number().int(),
  gift_card: z.number().int(),
  kind: z.enum(GIFT_CARD_LEDGER_KINDS),
  order: z.number().int().nullable(),
  amount_cents: z.number().int(),
  /** The balance after this entry. */
  balance_cents: z.number().int(),
  created_at: z.string(),
});
export type AdminGiftCardLedgerEntry = z.infer<typeof AdminGiftCardLedgerEntrySchema>;
export const AdminGiftCardLedgerListSchema = z.array(AdminGiftCardLedgerEntrySchema);

/* ---------------------------------------------------------------- redirects (D189) */

const redirectFields = {
  /** The address of this site a visitor opens, e.g. `/sommer` from a flyer. */
  from_path: z
    .string()
    .trim()
    .max(REDIRECT_PATH_MAX_LENGTH, { error: "invalid_redirect_path" })
    .superRefine((value, ctx) => {
      const problem = redirectSourceProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  /** A page of this shop (`/courses?category=3`) or an address elsewhere (`https://…`). */
  target: z
    .string()
    .trim()
    .max(REDIRECT_URL_MAX_LENGTH, { error: "invalid_redirect_target" })
    .refine((value) => parseRedirectTarget(value) !== undefined, { error: "invalid_redirect_target" }),
  /** 301 (browsers and search engines remember it) or 302 (the default: staff may change it later). */
  permanent: z.boolean().default(false),
  /** Why the redirect exists, for the staff who find it later. */
  note: z.string().trim().max(500, { error: "too_long" }).default(""),
};

export const AdminRedirectInputSchema = z.object(redirectFields).strict();
export type AdminRedirectInput = z.infer<typeof AdminRedirectInputSchema>;
export const AdminRedirectUpdateSchema = z.object({ ...redirectFields, version }).strict();
export type AdminRedirectUpdate = z.infer<typeof AdminRedirectUpdateSchema>;

export const AdminRedirectSchema = z.object({
  id: z.number().int(),
  from_path: z.string(),
  target: z.string(),
  /** Whether the target leaves the site. */
  external: z.boolean(),
  permanent: z.boolean(),
  note: z.string(),
  updated_at: z.string(),
  version: z.string(),
});
export type AdminRedirect = z.infer<typeof AdminRedirectSchema>;
export const AdminRedirectListSchema = z.array(AdminRedirectSchema);
