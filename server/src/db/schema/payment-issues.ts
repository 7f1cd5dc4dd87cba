import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./common.ts";
import { payments } from "./payments.ts";

/** Why a payment left the plain way of captured-and-kept (D90). */
export const paymentIssueReason = pgEnum("payment_issue_reason", [
  /** A late capture whose seats were taken meanwhile (D51): refunded. */
  "seats_gone",
  /** A late capture whose promocode's last use went to another order meanwhile (D90): refunded. */
  "promocode_used_up",
  /** Our order, captured with another amount or currency than we asked: refunded. */
  "capture_mismatch",
  /** PayPal's order carries another shop's custom_id / invoice_id: not recorded, not refunded by us. */
  "not_our_order",
  /** Captured and partly refunded at PayPal before the shop heard of the capture: kept, for staff to check. */
  "refunded_at_paypal",
]);

/**
 * `refund_pending`: the payment worker refunds it (bounded attempts); `refunded`: done; `refund_failed`: the
 * attempts ran out or PayPal refused, staff refund by hand; `review`: nothing automatic, staff look at it.
 */
export const paymentIssueState = pgEnum("payment_issue_state", [
  "refund_pending",
  "refunded",
  "refund_failed",
  "review",
]);

/**
 * A payment that needs more than recording (D90): a refund due with its reason and attempts, or a capture
 * staff must look at. The back office lists the rows in `refund_failed` and `review`.
 */
export const paymentIssues = pgTable(
  "payment_issues",
  {
    paymentId: integer("payment_id")
      .primaryKey()
      .references(() => payments.id),
    reason: paymentIssueReason("reason").notNull(),
    state: paymentIssueState("state").notNull(),
    /** Refund calls made so far (each one failed, or the last one succeeded). */
    attempts: integer("attempts").notNull().default(0),
    /** The last failure in PayPal's words (status and issue), never a credential. */
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_issues_open_idx").on(t.state).where(sql`${t.state} in ('refund_failed', 'review')`),
    check("payment_issues_attempts_check", sql`${t.attempts} >= 0`),
  ],
);
