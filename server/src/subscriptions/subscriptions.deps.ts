// What every use case of course subscriptions shares (D355): the service's typed `deps` as app.ts hands
// them in, with the autopay grace settled once, so each use case module reads the same rules.
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx } from "../db/index.ts";
import type { PaymentGateway } from "../payments/index.ts";
import type { StaffRecipients } from "../settings/index.ts";

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
};

export type SubscriptionsContext = SubscriptionsDeps & { graceHours: number };

export function subscriptionsContext(deps: SubscriptionsDeps): SubscriptionsContext {
  return { ...deps, graceHours: deps.autopayGraceHours ?? 72 };
}
