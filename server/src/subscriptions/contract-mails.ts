// The mails of a contract's months after the first (D550): the next month's payment link, and the end of a
// contract nobody paid. Each is written in the transaction of the change it tells of.
import { berlinDate, berlinMidnight, lastPaidDay } from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { graceMs, type SubscriptionsContext } from "./subscriptions.deps.ts";
import { findContractMailFacts, type SubscriptionRow } from "./subscriptions.repository.ts";

/** The renewal link as the profile's history shows it (`paypal_invoice_link`). */
export const renewalLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, "")}/api/v2/orders/subscriptions/renewal/pay/?token=${token}`;

/**
 * Who a mail about the contract goes to (the account's address, in the order's language) and how it names
 * the contract; none without an address.
 */
async function contractMail(tx: Tx, sub: SubscriptionRow) {
  const facts = await findContractMailFacts(tx, sub.id);
  if (!facts?.email) return undefined;
  const contract = {
    parentFirstName: facts.firstName,
    contractNumber: facts.contractNumber,
    productName: facts.productName,
    childName: facts.childName,
  };
  return { to: facts.email, locale: facts.locale, monthlyCents: facts.monthlyCents, contract };
}

/**
 * The last whole Berlin day before a contract ends at `endsAt` (D559): the day the parent is told to pay by.
 * The autopay's grace is counted in hours from a Berlin midnight, so across a change of clocks the end falls
 * at 01:00 or 23:00; a day only partly before the end is not promised.
 */
export function payByDay(endsAt: Date): string {
  return lastPaidDay(berlinMidnight(berlinDate(endsAt)));
}

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
  const mail = await contractMail(tx, sub);
  if (!mail) return;
  const endsAt = new Date(sub.periodEnd.getTime() + graceMs(sub, ctx.graceHours));
  const data = {
    ...mail.contract,
    monthlyCents: mail.monthlyCents,
    firstDay: berlinDate(sub.periodEnd),
    payBy: payByDay(endsAt),
    chargeFailed: sub.autopay === "suspended",
    link: renewalLink(ctx.publicUrl, token),
  };
  await enqueueMail(
    tx,
    { to: mail.to, template: "renewal-due", locale: mail.locale, data },
    { publicUrl: ctx.publicUrl },
  );
}

/** A contract ended because its next month was not paid (not one the parent cancelled: that was confirmed). */
export async function mailContractEnded(ctx: SubscriptionsContext, tx: Tx, sub: SubscriptionRow) {
  const mail = await contractMail(tx, sub);
  if (!mail) return;
  const data = { ...mail.contract, lastDay: lastPaidDay(sub.periodEnd) };
  await enqueueMail(
    tx,
    { to: mail.to, template: "contract-ended", locale: mail.locale, data },
    { publicUrl: ctx.publicUrl },
  );
}
