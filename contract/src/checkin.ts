import { z } from "zod";
import { ProductTypeSchema } from "./catalogue.ts";
import { OrderItemSlotSchema, OrderItemWeekSchema } from "./orders.ts";

/** Staff check-in by the QR code of a paid booking (`/QrCodeScanner?code=`, D57). */

/** A check-in code as issued: 22 base64url characters (128 random bits). */
export const CheckinParamsSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: "invalid" }),
});

export const CheckinSchema = z.object({
  code: z.string(),
  /** The booking is paid and not cancelled: the child may come in. */
  valid: z.boolean(),
  visitor_name: z.string().nullable(),
  product_page: z.object({ id: z.number().int(), name: z.string(), product_type: ProductTypeSchema }),
  purchase_option_name: z.string(),
  schedule_slot_details: z.array(OrderItemSlotSchema),
  academy_week_details: z.array(OrderItemWeekSchema),
  order: z.number().int(),
  checked_in_at: z.string().nullable(),
});
export type Checkin = z.infer<typeof CheckinSchema>;
