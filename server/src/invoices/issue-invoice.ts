import { berlinDate } from "@atelier/contract";
import type { DbOrTx, InvoiceData } from "../db/index.ts";
import { creditedVatCents, lineVatCents, vatTreatment } from "./invoice-data.ts";
import {
  findEarlierCreditLines,
  type InvoiceKind,
  insertInvoice,
  linkCreditNoteItem,
  takeNextNumber,
} from "./invoices.repository.ts";

/** Invoices and credit notes are counted apart, each per year: `RE-2026-000001`, `GS-2026-000001`. */
const SERIES_PREFIX: Record<InvoiceKind, string> = { invoice: "RE", credit_note: "GS" };

export function invoiceSeries(kind: InvoiceKind, issuedAt: Date): string {
  return `${SERIES_PREFIX[kind]}-${berlinDate(issuedAt).slice(0, 4)}`;
}

export function formatInvoiceNumber(series: string, counter: number): string {
  return `${series}-${String(counter).padStart(6, "0")}`;
}

export type IssueInvoiceInput = {
  orderId: number;
  kind: InvoiceKind;
  /** Frozen as issued. A credit note names the invoice it corrects (`corrects`) and states the credited amounts as positive cents. */
  data: InvoiceData;
  totalCents: number;
  /** A contract's month paid after the first (D556): its invoice stands beside the order's own. */
  subscriptionPaymentId?: number;
  /** A credit note's item (D567): the parent's history lists the note with that booking. */
  orderItemId?: number;
};

/**
 * Issues an invoice or a credit note with the next number of its series, in the caller's transaction
 * (D52): call it in the transaction that records the payment or the refund, so the number exists exactly
 * when that is committed. The counter row stays locked until then; keep the transaction short.
 */
export async function issueInvoice(
  tx: DbOrTx,
  input: IssueInvoiceInput,
  issuedAt: Date = new Date(),
): Promise<{ id: number; number: string }> {
  if (input.kind === "credit_note" && !input.data.corrects) {
    throw new Error("a credit note must name the invoice it corrects");
  }
  // The number's year and the printed issue date come from the same instant.
  const series = invoiceSeries(input.kind, issuedAt);
  const counter = await takeNextNumber(tx, series);
  // Read under the counter's lock, so a note issued meanwhile for the same line is counted (D639).
  const data = input.kind === "credit_note" ? await withCreditedVat(tx, input) : input.data;
  const issued = await insertInvoice(tx, {
    orderId: input.orderId,
    kind: input.kind,
    number: formatInvoiceNumber(series, counter),
    issuedAt,
    totalCents: input.totalCents,
    data,
    ...(input.subscriptionPaymentId ? { subscriptionPaymentId: input.subscriptionPaymentId } : {}),
  });
  if (input.orderItemId !== undefined) {
    if (input.kind !== "credit_note") throw new Error("only a credit note is linked to its item");
    await linkCreditNoteItem(tx, issued.id, input.orderItemId);
  }
  return issued;
}

/**
 * A credit note's data with the VAT of each taxed line stated (D639): what all the notes of the corrected
 * line refunded so far, this one included, carry of VAT, less what the earlier notes reversed. So a line
 * refunded in parts reverses in all exactly the VAT its invoice charged, and the month's export balances.
 */
async function withCreditedVat(tx: DbOrTx, input: IssueInvoiceInput): Promise<InvoiceData> {
  const { data } = input;
  if (!data.corrects || !data.lines.some((line) => vatTreatment(line) === "taxed")) return data;
  const earlier = (
    await findEarlierCreditLines(tx, {
      orderId: input.orderId,
      corrects: data.corrects,
      ...(input.orderItemId !== undefined ? { orderItemId: input.orderItemId } : {}),
    })
  ).filter((line) => vatTreatment(line) === "taxed");
  const refunded = {
    grossCents: earlier.reduce((sum, line) => sum + line.totalCents, 0),
    vatCents: earlier.reduce((sum, line) => sum + lineVatCents(line), 0),
  };
  const lines = data.lines.map((line) => {
    if (vatTreatment(line) !== "taxed") return line;
    const vatCents = creditedVatCents(refunded, line.totalCents);
    refunded.grossCents += line.totalCents;
    refunded.vatCents += vatCents;
    return { ...line, vatCents };
  });
  return { ...data, lines };
}
