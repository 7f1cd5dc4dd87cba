import { z } from "zod";
import { DecimalPriceSchema, ProductTypeSchema, ScheduleTypeSchema } from "./catalogue.ts";
import { RECORDED_PAYMENT_GATEWAYS } from "./checkout.ts";
import {
  ClientSlotSchema,
  IdSchema,
  type OrderItemStatus,
  OrderItemWeekSchema,
  type OrderStatus,
} from "./orders.ts";
import { LocaleQuerySchema } from "./rules/locale.ts";
import { REFUND_STATES, WithdrawalRecordSchema } from "./withdrawal.ts";

/**
 * The purchase history (`GET /api/v2/orders/items/history/`, spec §7) in the shape the school's existing
 * client reads (api-shapes "Cart and orders"), with a few fields our profile adds.
 */

/** The words the existing client reads for an item's `state`. */
export const ITEM_STATES = [
  "active",
  "frozen",
  "awaiting payment",
  "renewal available",
  "cancelled",
] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** Orders whose items are in the history: paid ones, and refunded ones (shown as cancelled). */
export const HISTORY_ORDER_STATUSES = ["paid", "refunded"] as const satisfies readonly OrderStatus[];

/**
 * Where a subscription's next month stands (D72): `renewal_available` when the next month can be paid
 * by hand before the paid one ends, `awaiting_payment` when PayPal's automatic charge failed.
 */
export type RenewalState = "awaiting_payment" | "renewal_available";

/**
 * The one mapping from our columns to the client's `state`: a refunded order's items and cancelled items
 * are `cancelled`; so is a subscription the parent has cancelled whose paid month still runs (D96: a client
 * that knows only `state` shows the cancellation and offers no second one; `subscription.ends_at` says
 * until when it runs); a paused item is `frozen`; a running subscription whose next month is due shows
 * that; everything else is `active`.
 */
export function itemState(facts: {
  orderStatus: OrderStatus;
  itemStatus: OrderItemStatus;
  renewal?: RenewalState | null | undefined;
  /** A subscription cancelled to the end of its paid month. */
  cancelledToPeriodEnd?: boolean | undefined;
}): ItemState {
  if (facts.orderStatus === "refunded" || facts.itemStatus === "cancelled" || facts.cancelledToPeriodEnd)
    return "cancelled";
  if (facts.itemStatus === "frozen") return "frozen";
  if (facts.renewal === "awaiting_payment") return "awaiting payment";
  if (facts.renewal === "renewal_available") return "renewal available";
  return "active";
}

/**
 * The most items one history reply holds, newest first. The existing client reads a bare list (no
 * pages); a family books a few dozen items a year, so this cap is years of history and bounds the reply.
 */
export const HISTORY_MAX_ITEMS = 300;

/** `?visitor=` (one child of the parent) or `?product_page__product_type=Workshop` (the workshops tab). */
export const HistoryQuerySchema = /* @__PURE__ */ LocaleQuerySchema.extend({
  visitor: IdSchema.optional(),
  product_page__product_type: ProductTypeSchema.optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

/** A refund or cancellation the school made for the item from the back office (D127). */
export const HistoryRefundSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  amount_cents: z.number().int(),
  /** The part of `amount_cents` given back onto the gift card at once; `refund_state` is the rest's (D579). */
  gift_card_cents: z.number().int(),
  refund_state: z.enum(REFUND_STATES),
  refunded_at: z.string().nullable(),
  /** Whether the booking was cancelled with it. */
  cancelled: z.boolean(),
  credit_note_number: z.string().nullable(),
});
export type HistoryRefund = z.infer<typeof HistoryRefundSchema>;

/**
 * A credit note of the item that no withdrawal or school refund shows (D567): the order refunded in the
 * payment service's own dashboard, a contract's month given back. Its PDF is `GET /api/v2/invoices/{number}/pdf/`.
 */
export const HistoryCreditNoteSchema = z.object({
  number: z.string(),
  /** The Berlin day it was issued (YYYY-MM-DD). */
  issued_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  amount_cents: z.number().int(),
});
export type HistoryCreditNote = z.infer<typeof HistoryCreditNoteSchema>;

/** A bought gift card as its buyer's history shows it (D606). */
export const HistoryGiftCardSchema = z.object({
  code: z.string(),
  initial_cents: z.number().int(),
  balance_cents: z.number().int(),
  /** The last day it pays (Berlin, YYYY-MM-DD); null: no end. */
  valid_until: z.string().nullable(),
  /** Deactivated by the school: it pays nothing more (D125). */
  deactivated: z.boolean(),
});
export type HistoryGiftCard = z.infer<typeof HistoryGiftCardSchema>;

export const HistoryItemSchema = z.object({
  id: z.number().int(),
  state: z.enum(ITEM_STATES),
  /** The day the order was paid, in Berlin (YYYY-MM-DD): the existing client shows it as DD.MM.YYYY. */
  purchased_at: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Where the parent pays a subscription's next month (the gateway's approval page); else null. */
  paypal_invoice_link: z.string().nullable(),
  /** What the parent wrote to the school with the booking (the add's `comment`; "" when nothing). */
  comment: z.string(),
  /** A course subscription's months (D72); null for everything else. */
  subscription: z
    .object({
      contract_number: z.string(),
      /** The paid month: from, until (ISO timestamps). */
      period_start: z.string(),
      paid_until: z.string(),
      /** Set once cancelled: when it ends (the end of the paid month). */
      ends_at: z.string().nullable(),
      /** The last paid day (Berlin, YYYY-MM-DD; `lastPaidDay` of `paid_until`, D121): "Bezahlt bis". */
      paid_through: z.string(),
      /** Once cancelled, the last day it runs (Berlin, YYYY-MM-DD): "endet am". */
      ends_on: z.string().nullable(),
      /** Automatic monthly payment through PayPal: none, pending (approval), active, suspended, cancelled. */
      autopay: z.enum(["none", "pending", "active", "suspended", "cancelled"]),
      /** How the first month was paid (the gateway that captured it): the profile offers that way first for the months after. */
      paid_with: z.enum(RECORDED_PAYMENT_GATEWAYS).nullable().optional(),
      /** The monthly price after discounts. */
      monthly_price_cents: z.number().int(),
      /**
       * Its months paid after the first, oldest first, each with its own invoice (D556): the PDF is
       * `GET /api/v2/invoices/{number}/pdf/`. The first month is on the order's invoice.
       */
      month_invoices: z.array(
        z.object({
          number: z.string(),
          /** The month paid: first and last day (Berlin, YYYY-MM-DD). */
          from: z.string(),
          to: z.string(),
          amount_cents: z.number().int(),
        }),
      ),
    })
    .nullable(),
  product_page: z.object({
    id: z.number().int(),
    name: z.string(),
    product_type: ProductTypeSchema,
    slug: z.string(),
    photo: z.string().nullable(),
    /** The times this item books (the existing client reads them from the page). */
    schedule_slots: z.array(ClientSlotSchema),
  }),
  purchase_option: z.object({
    id: z.number().int(),
    schedule_type: ScheduleTypeSchema,
    name: z.string(),
  }),
  /** The booked times; `weekday` is the English day name the existing client compares. */
  schedule_slots: z.array(ClientSlotSchema),
  academy_weeks: z.array(OrderItemWeekSchema),
  /** The child's id; null for a gift card. */
  visitor: z.number().int().nullable(),
  visitor_name: z.string().nullable(),
  /** What was paid for the item at checkout, after its discounts (subscription: the first month). */
  price_cents: z.number().int(),
  price: DecimalPriceSchema,
  /** Our order number. */
  order: z.number().int(),
  /** The number of the order's invoice (the PDF is `GET /api/v2/orders/{order}/invoice.pdf`). */
  invoice_number: z.string().nullable(),
  /**
   * The last day (Berlin) the item may still be withdrawn, while it may (D54, D75): the profile shows
   * "Vertrag widerrufen" then; null otherwise.
   */
  withdrawable_until: z.string().nullable(),
  /**
   * A workshop's or event's refund policy (D142): the last day (Berlin) a cancellation is refunded in full,
   * also once it has passed (the profile then says why it cannot); null without a policy.
   */
  refund_until: z.string().nullable(),
  /** The item's withdrawal once recorded, with where its refund stands. */
  withdrawal: WithdrawalRecordSchema.nullable(),
  /** Refunds and cancellations by the school (D127), oldest first. */
  refunds: z.array(HistoryRefundSchema),
  /** Its other credit notes (D567), oldest first. */
  credit_notes: z.array(HistoryCreditNoteSchema),
  /** Whether the child's calendar file holds this item (D607): paid, active, with times or weeks. */
  in_calendar: z.boolean(),
  /** The card a gift card's item bought (D606), for the buyer: its code, what is left, until when; else null. */
  gift_card: HistoryGiftCardSchema.nullable(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

export const HistorySchema = z.array(HistoryItemSchema);
