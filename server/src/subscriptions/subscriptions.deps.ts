// What every use case of course subscriptions shares (D355): the service's typed `deps` as app.ts hands
// them in, with the autopay grace settled once, so each use case module reads the same rules.
import type { BillingPeriod, ProductType } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import type { PaymentGateway } from "../payments/index.ts";
import type { StaffRecipients } from "../settings/index.ts";
import type { SubscriptionRow } from "./subscriptions.repository.ts";

export type SubscriptionsDeps = {
  db: Db;
  /** The shop's gateways: autopay is made at PayPal, or at Stripe when the parent asks for it (D115). */
  gateway: PaymentGateway & { forCheckout?(requested: "paypal" | "stripe"): PaymentGateway };
  /** The API's origin (return address of a renewal payment) and the web app's (where the parent lands). */
  publicUrl: string;
  webUrl: string;
  schoolEmail: (db: DbOrTx) => Promise<string>;
  /** Who the school is told at of each cancellation (D110): SCHOOL_EMAIL or STAFF_NOTIFY_EMAILS. */
  staffEmails: StaffRecipients;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Hours PayPal's automatic charge may arrive late before an autopay month counts as unpaid. */
  autopayGraceHours?: number;
  /**
   * Issues the invoice of a month paid after the first (D556) in the payment's transaction: the invoices
   * area's, which sits beside this one, handed in by app.ts with the school's seller. Null without the
   * order's own invoice.
   */
  issueMonthInvoice: (tx: Tx, month: MonthToInvoice) => Promise<{ id: number; number: string } | null>;
  /**
   * The credit note of money given back at the gateway for a later month (D558), correcting its invoice;
   * null for a month without one. The invoices area's, handed in by app.ts with the school's seller.
   */
  creditMonthInvoice: (
    tx: Tx,
    refund: {
      subscriptionPaymentId: number;
      /** The contract's item, which the parent's history lists the credit note with (D567). */
      orderItemId?: number;
      amountCents: number;
      paymentReference: string;
    },
  ) => Promise<{ id: number; number: string } | null>;
};

/** A month paid after the first, as its invoice names it (D556). */
export type MonthToInvoice = {
  orderId: number;
  subscriptionPaymentId: number;
  contractNumber: string;
  period: BillingPeriod;
  amountCents: number;
  paymentReference: string;
  course: { name: string; childName: string | null; productType: ProductType };
};

export type SubscriptionsContext = SubscriptionsDeps & { graceHours: number };

export function subscriptionsContext(deps: SubscriptionsDeps): SubscriptionsContext {
  return { ...deps, graceHours: deps.autopayGraceHours ?? 72 };
}

/**
 * How long a running contract outlives its paid month (D72, D511): with autopay, the gateway's charge at the
 * month's end needs time to arrive; when that charge failed (autopay suspended, which can only happen at or
 * after the month's end), the parent pays the month by hand through its link meanwhile. A contract the
 * parent cancelled, or one paid month by month by hand, ends with its paid month.
 */
export function graceMs(sub: Pick<SubscriptionRow, "autopay" | "cancelAt">, graceHours: number): number {
  const waits = (sub.autopay === "active" || sub.autopay === "suspended") && !sub.cancelAt;
  return waits ? graceHours * 3_600_000 : 0;
}
