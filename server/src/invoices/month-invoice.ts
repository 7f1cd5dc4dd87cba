// A course contract's months after the first each get an invoice of their own (D556): the order's invoice
// bills the first month only, so without one a later month's payment would be in no document and in no
// month's export the tax adviser reads.
import { type BillingPeriod, berlinDate, isVatExempt, type ProductType } from "@atelier/contract";
import type { DbOrTx, InvoiceData, InvoiceLine } from "../db/index.ts";
import { formatDay } from "./invoice-data.ts";
import { REFUND_NOTE } from "./invoice-texts.ts";
import { findMonthInvoice, findOrderInvoiceRow } from "./invoices.repository.ts";
import { issueInvoice } from "./issue-invoice.ts";
import type { Seller } from "./seller.ts";

export type MonthInvoiceInput = {
  orderId: number;
  /** The recorded payment the invoice is for: one invoice per payment. */
  subscriptionPaymentId: number;
  contractNumber: string;
  /** The month paid, as Berlin days. */
  period: BillingPeriod;
  amountCents: number;
  /** The gateway and its reference, as the order's invoice names its capture: "PayPal 5TY…". */
  paymentReference: string;
  /** The course as the contract names it, for an order whose invoice has no line with the contract's number. */
  course: { name: string; childName: string | null; productType: ProductType };
  /** The school as its settings say now (D243). */
  seller: Seller;
};

/** How a later month's invoice line begins, before its days (D556); the decade's generator writes it too. */
export const MONTH_WORD = { de: "Monatsbeitrag", ru: "Оплата за месяц" } as const;

/**
 * Issues the invoice of one later month in the payment's transaction, with the next number of the invoices'
 * series (D52). Buyer and language are the order's invoice's; the line is the contract's line of that
 * invoice (name, child, place, VAT treatment) with the month's dates and the amount paid.
 */
export async function issueMonthInvoice(
  tx: DbOrTx,
  input: MonthInvoiceInput,
  issuedAt: Date = new Date(),
): Promise<{ id: number; number: string } | null> {
  const order = await findOrderInvoiceRow(tx, input.orderId);
  // A paid order always has its invoice; without it there is no buyer to bill.
  if (!order) return null;
  const locale = order.data.locale;
  const line = order.data.lines.find((candidate) => candidate.contractNumber === input.contractNumber);
  const month: InvoiceLine = {
    name: line?.name ?? input.course.name,
    productType: line?.productType ?? input.course.productType,
    visitorName: line ? line.visitorName : input.course.childName,
    when: `${MONTH_WORD[locale]}: ${formatDay(input.period.from)}–${formatDay(input.period.to)}`,
    place: line?.place ?? null,
    contractNumber: input.contractNumber,
    listCents: input.amountCents,
    discountCents: 0,
    totalCents: input.amountCents,
    vatExempt: line?.vatExempt ?? isVatExempt(input.course.productType),
  };
  const data: InvoiceData = {
    locale,
    buyer: order.data.buyer,
    lines: [month],
    totalCents: input.amountCents,
    giftCardCents: 0,
    serviceFrom: input.period.from,
    serviceTo: input.period.to,
    paymentReference: input.paymentReference,
    seller: input.seller,
  };
  return issueInvoice(
    tx,
    {
      orderId: input.orderId,
      kind: "invoice",
      data,
      totalCents: input.amountCents,
      subscriptionPaymentId: input.subscriptionPaymentId,
    },
    issuedAt,
  );
}

/**
 * The credit note of money given back at the gateway for a later month (D558), correcting that month's
 * invoice by `amountCents`, in the refund's transaction. Null for a month without an invoice: one paid
 * after the contract's end, which staff refund and nobody invoiced (D555), or one paid before D556.
 */
export async function creditMonthInvoice(
  tx: DbOrTx,
  input: {
    subscriptionPaymentId: number;
    orderItemId?: number;
    amountCents: number;
    paymentReference: string;
    seller: Seller;
  },
  issuedAt: Date = new Date(),
): Promise<{ id: number; number: string } | null> {
  const month = await findMonthInvoice(tx, input.subscriptionPaymentId);
  const [line] = month?.data.lines ?? [];
  if (!month || !line) return null;
  const note = REFUND_NOTE[month.data.locale](formatDay(berlinDate(issuedAt)));
  const data: InvoiceData = {
    ...month.data,
    lines: [
      {
        ...line,
        when: `${line.when}; ${note}`,
        listCents: input.amountCents,
        discountCents: 0,
        totalCents: input.amountCents,
      },
    ],
    totalCents: input.amountCents,
    giftCardCents: 0,
    paymentReference: input.paymentReference,
    corrects: month.number,
    correctsIssuedOn: berlinDate(month.issuedAt),
    seller: input.seller,
  };
  return issueInvoice(
    tx,
    {
      orderId: month.orderId,
      kind: "credit_note",
      data,
      totalCents: input.amountCents,
      ...(input.orderItemId ? { orderItemId: input.orderItemId } : {}),
    },
    issuedAt,
  );
}
