import { z } from "zod";
import { ProductTypeSchema } from "./catalogue.ts";
import { OrderItemSlotSchema, OrderItemWeekSchema } from "./orders.ts";

/** Staff check-in by the QR code of a paid booking (`/QrCodeScanner?code=`, D57). */

/** A check-in code as issued: 22 base64url characters (128 random bits). */
export const CheckinParamsSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: "invalid" }),
});

/**
 * What the door says about a code today (D108). A read answers `ready` (a lesson today, not yet checked in)
 * or `already_checked_in`; a check-in answers `checked_in` or `already_checked_in`; `not_today`,
 * `contract_ended`, `lesson_cancelled`, `cancelled` and `unpaid` are read as they are and refused as a check-in (400 with the matching error code).
 */
export const CHECKIN_STATUSES = [
  "ready",
  "checked_in",
  "already_checked_in",
  "not_today",
  /** A cancelled subscription past its last paid day, before the worker ended its item (D635): no lessons now. */
  "contract_ended",
  /** The school cancelled today's lesson (issue 35, D369): nobody checks in. */
  "lesson_cancelled",
  "cancelled",
  "unpaid",
] as const;
export const CheckinStatusSchema = z.enum(CHECKIN_STATUSES);
export type CheckinStatus = z.infer<typeof CheckinStatusSchema>;

export const CheckinSchema = z.object({
  code: z.string(),
  /** The child may come in today: paid, not cancelled, and a lesson today (Berlin). */
  valid: z.boolean(),
  status: CheckinStatusSchema,
  /** Today's lesson (Berlin day) and its slot; null without a lesson today. */
  lesson: z.object({ date: z.string(), slot: OrderItemSlotSchema.nullable() }).nullable(),
  visitor_name: z.string().nullable(),
  product_page: z.object({ id: z.number().int(), name: z.string(), product_type: ProductTypeSchema }),
  purchase_option_name: z.string(),
  schedule_slot_details: z.array(OrderItemSlotSchema),
  academy_week_details: z.array(OrderItemWeekSchema),
  order: z.number().int(),
  /** When the child was checked in for today's lesson; null before. */
  checked_in_at: z.string().nullable(),
});
export type Checkin = z.infer<typeof CheckinSchema>;
