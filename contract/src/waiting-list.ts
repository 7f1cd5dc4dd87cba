import { z } from "zod";
import { IdSchema, OrderItemSlotSchema, OrderItemWeekSchema } from "./orders.ts";
import { LocaleSchema } from "./rules/locale.ts";

/**
 * Waiting lists of full slots and academy weeks (issue #9, D78–D79): a signed-in parent puts one of their
 * children in line for one schedule slot or one academy week; when a seat frees up, the first in line gets
 * a time-limited offer by mail whose link books the seat.
 */

/** Open entries (waiting or offered) one parent may have at a time. */
export const WAITING_LIST_MAX_OPEN_ENTRIES = 20;

/**
 * Entries one parent may make in 24 hours, left ones counted (D523): each join mails the parent and the
 * school, so joining and leaving in a loop is bounded although the open entries are.
 */
export const WAITING_LIST_MAX_JOINS_PER_DAY = 40;
/** An offer token: 32 random bytes, base64url (43 characters). */
export const WAITING_OFFER_TOKEN_LENGTH = 43;

export const WAITING_ENTRY_STATUSES = ["waiting", "offered", "booked", "passed", "left"] as const;
export type WaitingEntryStatus = (typeof WAITING_ENTRY_STATUSES)[number];

/** `POST /api/v2/orders/waiting_list/`: one of `schedule_slot` and `academy_week`. */
export const WaitingListJoinSchema = z
  .object({
    visitor: IdSchema,
    purchase_option: IdSchema,
    schedule_slot: IdSchema.nullish().transform((value) => value ?? null),
    academy_week: IdSchema.nullish().transform((value) => value ?? null),
  })
  .refine((body) => (body.schedule_slot === null) !== (body.academy_week === null), {
    error: "waiting_list_one_unit",
    path: ["non_field_errors"],
  });
export type WaitingListJoinInput = z.input<typeof WaitingListJoinSchema>;
export type WaitingListJoin = z.output<typeof WaitingListJoinSchema>;

export const WaitingOfferTokenParamsSchema = z.object({
  token: z
    .string()
    .length(WAITING_OFFER_TOKEN_LENGTH, { error: "invalid" })
    .regex(/^[A-Za-z0-9_-]+$/, { error: "invalid" }),
});

export const WaitingListEntrySchema = z.object({
  id: z.number().int(),
  status: z.enum(WAITING_ENTRY_STATUSES),
  visitor: z.number().int(),
  visitor_name: z.string(),
  product_page: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    product_type: z.string(),
  }),
  purchase_option: z.number().int(),
  purchase_option_name: z.string(),
  schedule_slot: OrderItemSlotSchema.nullable(),
  academy_week: OrderItemWeekSchema.nullable(),
  /** 1 for the first in line; null unless waiting. */
  position: z.number().int().nullable(),
  /** While an offer runs: its link token and deadline. */
  offer_token: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type WaitingListEntry = z.infer<typeof WaitingListEntrySchema>;

export const WaitingListSchema = z.array(WaitingListEntrySchema);

/** `POST /api/v2/orders/waiting_list/offer/{token}/accept/`: the item now in the parent's cart. */
export const WaitingOfferAcceptedSchema = z.object({
  entry: WaitingListEntrySchema,
  order: z.number().int(),
  order_item: z.number().int(),
});
export type WaitingOfferAccepted = z.infer<typeof WaitingOfferAcceptedSchema>;

/**
 * Staff view of the waiting lists (issue 21, D162–D163): `GET /api/v2/admin/waiting-list/` with the one list
 * convention; filter `slot`, `week`, `product` (page id), `status` (default the open ones: waiting, offered).
 */
export const AdminWaitingEntrySchema = z.object({
  id: z.number().int(),
  status: z.enum(WAITING_ENTRY_STATUSES),
  /** 1 for the first waiting; null unless waiting. */
  position: z.number().int().nullable(),
  child: z.string(),
  child_birth_date: z.string().nullable(),
  parent: z.number().int(),
  parent_name: z.string(),
  parent_email: z.string(),
  parent_phone: z.string(),
  product_page: z.number().int(),
  product_name: z.string(),
  option_name: z.string(),
  schedule_slot: OrderItemSlotSchema.nullable(),
  academy_week: OrderItemWeekSchema.nullable(),
  locale: LocaleSchema,
  /** Since when the child is in line. */
  created_at: z.string(),
  offered_at: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
});
export type AdminWaitingEntry = z.infer<typeof AdminWaitingEntrySchema>;
export const AdminWaitingEntryListSchema = z.array(AdminWaitingEntrySchema);

/**
 * `POST /api/v2/admin/waiting-list/:id/offer/`: `add_seat` (staff confirmed it) adds one seat to a full
 * slot or week and offers it, in one transaction (D273). No body offers as before.
 */
export const AdminWaitingOfferInputSchema = z
  .object({ add_seat: z.boolean({ error: "invalid" }).default(false) })
  .strict()
  .nullish();

/** `GET /api/v2/admin/waiting-list/:id/offer/`: would an offer need one more seat (D310)? */
export const AdminWaitingOfferCheckSchema = z.object({ needs_seat: z.boolean() });
export type AdminWaitingOfferCheck = z.infer<typeof AdminWaitingOfferCheckSchema>;

/** `POST /api/v2/admin/waiting-list/:id/remove/`: `notify` mails the parent (default true). */
export const AdminWaitingRemoveInputSchema = z
  .object({ notify: z.boolean({ error: "invalid" }).default(true) })
  .strict();
export type AdminWaitingRemoveInput = z.infer<typeof AdminWaitingRemoveInputSchema>;
