// A month paid after the first (D556): its own invoice, mailed to the parent with its PDF, in the
// transaction that records the payment, so the month is in the export exactly when it is recorded.
import type { BillingPeriod } from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { GATEWAY_LABELS, type GatewayName } from "../payments/index.ts";
import type { SubscriptionsContext } from "./subscriptions.deps.ts";
import { findContractMailFacts, type SubscriptionRow } from "./subscriptions.repository.ts";

export async function invoiceMonthPaid(
  ctx: SubscriptionsContext,
  tx: Tx,
  sub: SubscriptionRow,
  month: {
    subscriptionPaymentId: number;
    period: BillingPeriod;
    amountCents: number;
    gateway: GatewayName;
    reference: string;
  },
): Promise<void> {
  const facts = await findContractMailFacts(tx, sub.id);
  if (!facts) return;
  const invoice = await ctx.issueMonthInvoice(tx, {
    orderId: facts.orderId,
    subscriptionPaymentId: month.subscriptionPaymentId,
    contractNumber: sub.contractNumber,
    period: month.period,
    amountCents: month.amountCents,
    paymentReference: `${GATEWAY_LABELS[month.gateway]} ${month.reference}`,
    course: { name: facts.productName, childName: facts.childName, productType: facts.productType },
  });
  if (!invoice) {
    ctx.log.error({ subscriptionId: sub.id }, "a month was paid for an order without its invoice");
    return;
  }
  if (!facts.email) return;
  await enqueueMail(
    tx,
    {
      to: facts.email,
      template: "month-paid",
      locale: facts.locale,
      data: {
        parentFirstName: facts.firstName,
        contractNumber: facts.contractNumber,
        productName: facts.productName,
        childName: facts.childName,
        orderId: facts.orderId,
        from: month.period.from,
        to: month.period.to,
        amountCents: month.amountCents,
        invoiceNumber: invoice.number,
      },
      attachments: [{ kind: "invoice-pdf", invoiceId: invoice.id, filename: `${invoice.number}.pdf` }],
    },
    { publicUrl: ctx.publicUrl },
  );
}
