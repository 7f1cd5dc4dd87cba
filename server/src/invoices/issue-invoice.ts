import { berlinDate } from "@atelier/contract";
import type { DbOrTx, InvoiceData } from "../db/index.ts";
import {
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
  const issued = await insertInvoice(tx, {
    orderId: input.orderId,
    kind: input.kind,
    number: formatInvoiceNumber(series, counter),
    issuedAt,
    totalCents: input.totalCents,
    data: input.data,
    ...(input.subscriptionPaymentId ? { subscriptionPaymentId: input.subscriptionPaymentId } : {}),
  });
  if (input.orderItemId !== undefined) {
    if (input.kind !== "credit_note") throw new Error("only a credit note is linked to its item");
    await linkCreditNoteItem(tx, issued.id, input.orderItemId);
  }
  return issued;
}
