// The mails of a contract's months after the first (D550): the next month's payment link, and the end of a
// contract nobody paid. Each is written in the transaction of the change it tells of.
import { berlinDate, lastPaidDay } from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { graceMs, type SubscriptionsContext } from "./subscriptions.deps.ts";
import { findContractMailFacts, type SubscriptionRow } from "./subscriptions.repository.ts";

/** The renewal link as the profile's history shows it (`paypal_invoice_link`). */
export const renewalLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, "")}/api/v2/orders/subscriptions/renewal/pay/?token=${token}`;

/**
 * The next month can be paid (D72): a week before it is due, or at once after a failed automatic charge.
 * It names the month's first day, the amount and the last day it can be paid before the contract ends.
 */
export async function mailRenewalDue(
  ctx: SubscriptionsContext,
  tx: Tx,
  sub: SubscriptionRow,
  token: string,
): Promise<void> {
  const facts = await findContractMailFacts(tx, sub.id);
  if (!facts?.email) return;
  const endsAt = new Date(sub.periodEnd.getTime() + graceMs(sub, ctx.graceHours));
  await enqueueMail(
    tx,
    {
      to: facts.email,
      template: "renewal-due",
      locale: facts.locale,
      data: {
        parentFirstName: facts.firstName,
        contractNumber: facts.contractNumber,
        productName: facts.productName,
        childName: facts.childName,
        monthlyCents: facts.monthlyCents,
        firstDay: berlinDate(sub.periodEnd),
        payBy: lastPaidDay(endsAt),
        chargeFailed: sub.autopay === "suspended",
        link: renewalLink(ctx.publicUrl, token),
      },
    },
    { publicUrl: ctx.publicUrl },
  );
}

/** A contract ended because its next month was not paid (not one the parent cancelled: that was confirmed). */
export async function mailContractEnded(ctx: SubscriptionsContext, tx: Tx, sub: SubscriptionRow) {
  const facts = await findContractMailFacts(tx, sub.id);
  if (!facts?.email) return;
  await enqueueMail(
    tx,
    {
      to: facts.email,
      template: "contract-ended",
      locale: facts.locale,
      data: {
        parentFirstName: facts.firstName,
        contractNumber: facts.contractNumber,
        productName: facts.productName,
        childName: facts.childName,
        lastDay: lastPaidDay(sub.periodEnd),
      },
    },
    { publicUrl: ctx.publicUrl },
  );
}
