import { PAYMENT_ISSUE_REASONS, PAYMENT_ISSUE_STATES } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./common.ts";
import { payments } from "./payments.ts";

export const paymentIssueReason = pgEnum("payment_issue_reason", PAYMENT_ISSUE_REASONS);

export const paymentIssueState = pgEnum("payment_issue_state", PAYMENT_ISSUE_STATES);

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
    /** Tries started again by staff after the refund was given up (D565), each with a request id of its own. */
    refundRound: integer("refund_round").notNull().default(0),
    /**
     * For a part refunded in the gateway's dashboard (`refunded_at_paypal`, D565): how much the gateway had
     * given back beyond the shop's refunds when staff were last told or last booked. A report notes the
     * payment again only when it is more, so the report of a refund of the shop's own never does.
     */
    unbookedCents: integer("unbooked_cents").notNull().default(0),
    /** The last failure in PayPal's words (status and issue), never a credential. */
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /**
     * When the family was mailed that the refund could not be made the way it paid (D578): told once,
     * whatever staff's new rounds.
     */
    failureToldAt: timestamp("failure_told_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_issues_open_idx").on(t.state).where(sql`${t.state} in ('refund_failed', 'review')`),
    check("payment_issues_attempts_check", sql`${t.attempts} >= 0`),
  ],
);
