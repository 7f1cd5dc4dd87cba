// What every use case of withdrawals and staff refunds shares (D355): the service's typed `deps` and the
// clock, plus the small readings of a stored refund that more than one use case answers with.
import { euroText, offerName, type RefundState, type WithdrawalRecord } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx } from "../db/index.ts";
import type { Seller } from "../invoices/index.ts";
import type { PaymentGateway } from "../payments/index.ts";
import type { StaffRecipients } from "../settings/index.ts";
import type { WithdrawalWithNote } from "./withdrawals.repository.ts";

export type WithdrawalsDeps = {
  db: Db;
  gateway: PaymentGateway;
  publicUrl: string;
  /** Who the school is told at (D110): SCHOOL_EMAIL or STAFF_NOTIFY_EMAILS. */
  staffEmails: StaffRecipients;
  /** The seller as the school's settings say at the credit note's issue (D243). */
  seller: (db: DbOrTx) => Promise<Seller>;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now?: () => Date;
};

/** The deps with the clock settled (tests set it; the shop reads the real one). */
export type WithdrawalsContext = WithdrawalsDeps & { now: () => Date };

export function withdrawalsContext(deps: WithdrawalsDeps): WithdrawalsContext {
  return { ...deps, now: deps.now ?? (() => new Date()) };
}

export const stateOf = (row: { refundState: string } | undefined): RefundState =>
  (row?.refundState as RefundState | undefined) ?? "none";

/** A refund the shop sent and its gateway took, but has not paid out yet (PayPal's `PENDING`, D572). */
export const notPaidOutYet = (row: { refundState: string; gatewayPending: boolean }): boolean =>
  row.refundState === "completed" && row.gatewayPending;

/**
 * A refund's state as the family reads it: one the gateway has not paid out yet is still in progress, not
 * "erstattet" (D573). Staff see both on the order page (`gateway_pending`).
 */
export const familyRefundState = (row: { refundState: string; gatewayPending: boolean }): RefundState =>
  notPaidOutYet(row) ? "pending" : stateOf(row);

export function toRecord(row: WithdrawalWithNote): WithdrawalRecord {
  return {
    id: row.id,
    kind: row.kind === "cancellation" ? "cancellation" : "withdrawal",
    created_at: row.createdAt.toISOString(),
    refund_cents: row.refundCents,
    gift_card_cents: row.giftCardCents,
    refund_state: familyRefundState(row),
    refunded_at: row.refundedAt?.toISOString() ?? null,
    credit_note_number: row.creditNoteNumber,
  };
}

/** "Name – option (child)" of an item as the parent's mails name it. */
export function itemLabel(
  row:
    | {
        pageName: string;
        optionName: string | null;
        visitorFirstName: string | null;
        visitorLastName: string | null;
      }
    | undefined,
) {
  const name = row ? offerName(row.pageName, row.optionName) : "";
  const child = row ? [row.visitorFirstName, row.visitorLastName].filter(Boolean).join(" ") : "";
  return { name, child };
}

/**
 * "12,50 €" for an error's parameter, as the contract writes euros: one value for both languages, which
 * write amounts under 1.000 € alike.
 */
export const euros = (cents: number) => euroText(cents, "de");
