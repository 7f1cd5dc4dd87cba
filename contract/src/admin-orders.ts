import { z } from "zod";
import {
  PAYMENT_DISPUTE_KINDS,
  PAYMENT_DISPUTE_STATES,
  PAYMENT_ISSUE_STATES,
  RECORDED_PAYMENT_GATEWAYS,
} from "./checkout.ts";
import { ORDER_ITEM_STATUSES, ORDER_STATUSES, OrderItemSlotSchema, OrderItemWeekSchema } from "./orders.ts";
import { LocaleSchema } from "./rules/locale.ts";
import { PathIdSchema } from "./rules/path-id.ts";
import { REFUND_STATES } from "./withdrawal.ts";

/**
 * Orders in the back office (issue 21, D127–D129): the list with its filters, one order's details and the
 * staff refund (which also cancels an item, with or without money back).
 */

/**
 * How an order's money stands: `needs_attention` when a refund through the gateway was given up after its
 * bounded tries (D90) and a person must refund by hand, or when a payment is disputed or was taken back
 * by the bank or PayPal and staff have not settled it. What the order's gift card paid counts as paid, and
 * what went back onto it as refunded; a paid order with nothing due (a code took it all) is `paid` (D494).
 */
export const ADMIN_PAYMENT_STATES = [
  "unpaid",
  "paid",
  "partly_refunded",
  "refunded",
  "needs_attention",
] as const;
export type AdminPaymentState = (typeof ADMIN_PAYMENT_STATES)[number];

/** Filters of `GET /api/v2/admin/orders/` (in `filter`): status, paid_state, from, to, product, parent, child, q. */
export const ADMIN_ORDER_SORTS = ["id", "created_at", "paid_at", "total_cents"] as const;

export const AdminOrderRowSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  parent: z.number().int().nullable(),
  parent_name: z.string(),
  parent_email: z.string(),
  children: z.array(z.string()),
  products: z.array(z.string()),
  /** What was due beside the gift card's part (through the gateway). */
  total_cents: z.number().int(),
  /** What the order's gift card paid, or holds while the order awaits its payment (D494). */
  gift_card_cents: z.number().int(),
  /** Given back so far: through the gateway and onto the gift card. */
  refunded_cents: z.number().int(),
  payment_state: z.enum(ADMIN_PAYMENT_STATES),
  gateway: z.string().nullable(),
  locale: LocaleSchema,
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;
export const AdminOrderListSchema = z.array(AdminOrderRowSchema);

export const AdminOrderItemSchema = z.object({
  id: z.number().int(),
  product_page: z.number().int(),
  name: z.string(),
  child: z.string(),
  status: z.enum(ORDER_ITEM_STATUSES),
  paid_cents: z.number().int(),
  /** Given back so far by staff refunds and a withdrawal. */
  refunded_cents: z.number().int(),
  /**
   * What a staff refund of this item may still give back: through the gateway, and onto the gift card that
   * paid part of the order (D494).
   */
  refundable_cents: z.number().int(),
  withdrawn: z.boolean(),
  /** The slots and academy weeks the item books (what a move changes, D161). */
  slots: z.array(OrderItemSlotSchema),
  weeks: z.array(OrderItemWeekSchema),
});

export const AdminOrderPaymentSchema = z.object({
  id: z.number().int(),
  gateway: z.string(),
  status: z.string(),
  amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  captured_at: z.string().nullable(),
});

/**
 * A dispute or reversal of one of the order's payments, as staff read it on the order's payment panel:
 * `notice` says in the staff member's language what happened and what to do. `taken_cents` is what the
 * bank or PayPal took back for good (a lost dispute, a reversal): the order no longer counts it received.
 * `handled_at`: staff marked a lost case as decided, which ends its "needs attention".
 */
export const AdminOrderDisputeSchema = z.object({
  id: z.number().int(),
  payment: z.number().int(),
  gateway: z.enum(RECORDED_PAYMENT_GATEWAYS),
  kind: z.enum(PAYMENT_DISPUTE_KINDS),
  state: z.enum(PAYMENT_DISPUTE_STATES),
  amount_cents: z.number().int(),
  taken_cents: z.number().int(),
  /** The gateway's reason code as it sent it (`fraudulent`, `MERCHANDISE_OR_SERVICE_NOT_RECEIVED`, …). */
  reason: z.string(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  handled_at: z.string().nullable(),
  needs_attention: z.boolean(),
  notice: z.string(),
});
export type AdminOrderDispute = z.infer<typeof AdminOrderDisputeSchema>;

/**
 * How a person settled a refund the gateway would not take (D565): `gateway` in PayPal's or Stripe's
 * dashboard, `elsewhere` by bank transfer or in cash (no money went back through the gateway).
 */
export const REFUND_SETTLEMENTS = ["gateway", "elsewhere"] as const;

export const AdminOrderRefundSchema = z.object({
  id: z.number().int(),
  /**
   * `staff`: given from the back office; `withdrawal`: the parent's withdrawal (D75); `cancellation`: the
   * parent's free cancellation under the offer's refund policy (D142, D179).
   */
  source: z.enum(["staff", "withdrawal", "cancellation"]),
  item: z.number().int(),
  /** The whole refund, of which `gift_card_cents` went back onto the order's gift card (D494). */
  amount_cents: z.number().int(),
  gift_card_cents: z.number().int(),
  cancel_item: z.boolean(),
  state: z.enum(REFUND_STATES),
  attempts: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
  credit_note_number: z.string().nullable(),
  /** A staff refund that booked money the gateway's dashboard gave back (D562), not sent by the shop. */
  booked_at_gateway: z.boolean(),
  /** A refund given up after its tries and then settled by a person (D565); null otherwise. */
  settled_by_hand: z.enum(REFUND_SETTLEMENTS).nullable(),
  /** The last refusal of the refund's gateway part, in the gateway's words (D565). */
  last_error: z.string().nullable(),
  /**
   * Its last try went unanswered (the gateway down or too slow), so it may have gone through: a new try asks
   * with the same request id, which the gateway answers with that refund if it made it (D565).
   */
  gateway_unreachable: z.boolean(),
  /**
   * The gateway took the refund and reported later that it failed at the card's bank (D566): the money is
   * back in the school's account, and a new try goes to the same card.
   */
  failed_at_bank: z.boolean(),
  /**
   * Sent and counted, but the gateway has not paid it out yet: PayPal's refund waiting for the school's bank
   * (D570) or a SEPA refund at Stripe. It may still fail; the shop asks or hears when it ends (D572).
   */
  gateway_pending: z.boolean(),
});
export type AdminOrderRefund = z.infer<typeof AdminOrderRefundSchema>;

export const AdminOrderMailSchema = z.object({
  id: z.number().int(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** Its text and attachments are no longer kept (D563): it cannot be sent again. */
  texts_cleared: z.boolean(),
});

/** An order's documents: an invoice, or a credit note that corrects one. */
export const DOCUMENT_KINDS = ["invoice", "credit_note"] as const;

export const AdminOrderDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  issued_at: z.string(),
  total_cents: z.number().int(),
});

export const AdminOrderSchema = AdminOrderRowSchema.extend({
  /** Built by staff or a confirmed party, paid by a mailed link (D157); it can be mailed again (D276). */
  payment_link: z.boolean(),
  /** Until when the seats of an order in payment are held. */
  reserved_until: z.string().nullable(),
  items: z.array(AdminOrderItemSchema),
  payments: z.array(AdminOrderPaymentSchema),
  refunds: z.array(AdminOrderRefundSchema),
  /**
   * What the gateway gave back of a paid order's payment beyond the shop's own refunds (D562): a refund made
   * in PayPal's or Stripe's dashboard that no item carries yet, so no credit note corrects the invoice.
   */
  unbooked_gateway_cents: z.number().int(),
  /** Disputes and reversals of the order's payments, oldest first. */
  disputes: z.array(AdminOrderDisputeSchema),
  mails: z.array(AdminOrderMailSchema),
  documents: z.array(AdminOrderDocumentSchema),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/**
 * `POST /api/v2/admin/orders/:id/refunds/` (D127, D128): a staff refund of one item. `amount_cents` null
 * gives back all that is left of the item; 0 only with `cancel_item` (a cancellation without money back).
 * `request_id` is the staff client's own: the same id again answers the first refund and refunds nothing.
 */
export const AdminRefundInputSchema = z
  .object({
    request_id: z.uuid({ error: "invalid" }),
    item: z
      .number()
      .int()
      .min(1, { error: "invalid_choice" })
      .max(2_147_483_647, { error: "invalid_choice" }),
    amount_cents: z
      .number({ error: "invalid" })
      .int({ error: "invalid" })
      .min(0, { error: "invalid" })
      .max(10_000_000, { error: "invalid" })
      .nullable(),
    cancel_item: z.boolean(),
    reason: z.string().trim().min(1, { error: "required" }).max(500, { error: "too_long" }),
    /**
     * The money went back in PayPal's or Stripe's dashboard already (D562): the refund books it to this
     * item (credit note, parent's mail) and sends nothing, at most what the order's `unbooked_gateway_cents` say.
     */
    booked_at_gateway: z.boolean().optional(),
  })
  .strict();
export type AdminRefundInput = z.infer<typeof AdminRefundInputSchema>;

/**
 * `POST /api/v2/admin/orders/:id/refunds/settle/` (D565): a refund given up after its tries (`failed`) is
 * tried again in a new round, or marked as refunded by a person, in the gateway's dashboard or elsewhere
 * (bank transfer, cash). The two marks need a note for the audit log; a repeat answers the order as it is.
 */
export const REFUND_SETTLE_ACTIONS = ["retry", "refunded_at_gateway", "refunded_elsewhere"] as const;
export type RefundSettleAction = (typeof REFUND_SETTLE_ACTIONS)[number];

export const AdminRefundSettleInputSchema = z
  .object({
    source: z.enum(["staff", "withdrawal", "cancellation"], { error: "invalid_choice" }),
    refund: z
      .number({ error: "invalid_choice" })
      .int({ error: "invalid_choice" })
      .min(1, { error: "invalid_choice" })
      .max(2_147_483_647, { error: "invalid_choice" }),
    action: z.enum(REFUND_SETTLE_ACTIONS, { error: "invalid_choice" }),
    note: z.string().trim().max(500, { error: "too_long" }).optional(),
  })
  .strict();
export type AdminRefundSettleInput = z.infer<typeof AdminRefundSettleInputSchema>;

/**
 * A payment that needs a person (D90) on the dashboard, settled by staff (D565): a refund given up after its
 * tries is tried again (`POST /api/v2/admin/payment-issues/:payment/retry/`), or any such payment marked
 * handled with a note for the audit log (`…/resolve/`); either takes it off the dashboard.
 */
export const AdminPaymentIssueResolveInputSchema = z
  .object({ note: z.string().trim().min(1, { error: "required" }).max(500, { error: "too_long" }) })
  .strict();
export const AdminPaymentIssueSchema = z.object({
  payment: z.number().int(),
  state: z.enum(PAYMENT_ISSUE_STATES),
  /** Marked handled by a person; a new issue of the same payment opens it again. */
  resolved: z.boolean(),
});
export type AdminPaymentIssue = z.infer<typeof AdminPaymentIssueSchema>;

/**
 * `POST /api/v2/admin/orders/:id/disputes/handled/`: staff decided what becomes of the booking of a lost
 * dispute or a reversal (kept, paid again, cancelled), with a note for the audit log; the order no longer
 * needs attention for it. A repeat answers the order as it is.
 */
export const AdminDisputeHandledInputSchema = z
  .object({
    dispute: z
      .number({ error: "invalid_choice" })
      .int({ error: "invalid_choice" })
      .min(1, { error: "invalid_choice" })
      .max(2_147_483_647, { error: "invalid_choice" }),
    note: z.string().trim().min(1, { error: "required" }).max(500, { error: "too_long" }),
  })
  .strict();
export type AdminDisputeHandledInput = z.infer<typeof AdminDisputeHandledInputSchema>;

/** `POST /api/v2/admin/orders/:id/resend-confirmation/`: the order confirmation mailed again. */
export const AdminResendSchema = z.object({ mail: z.number().int() });

/**
 * `POST /api/v2/admin/orders/:id/move/` (issue 21, D161): a child of one item moves from one weekly or dated
 * slot to another of the same offer (`kind: "slot"`), or from one academy week to another (`kind: "week"`).
 * A repeat (the item already in `to`, no longer in `from`) answers the order as it is.
 */
export const AdminMoveInputSchema = z
  .object({
    item: z
      .number()
      .int()
      .min(1, { error: "invalid_choice" })
      .max(2_147_483_647, { error: "invalid_choice" }),
    kind: z.enum(["slot", "week"], { error: "invalid_choice" }),
    from: z
      .number()
      .int()
      .min(1, { error: "invalid_choice" })
      .max(2_147_483_647, { error: "invalid_choice" }),
    to: z.number().int().min(1, { error: "invalid_choice" }).max(2_147_483_647, { error: "invalid_choice" }),
  })
  .strict();
export type AdminMoveInput = z.infer<typeof AdminMoveInputSchema>;

/** `GET /api/v2/admin/orders/:id/documents/:doc/pdf/` (D165): an invoice or credit note of the order. */
export const AdminOrderDocumentParamsSchema = z.object({ id: PathIdSchema, doc: PathIdSchema });
