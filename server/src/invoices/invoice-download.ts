import { and, eq } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { invoices, orders } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { ownInvoiceOf } from "./invoices.repository.ts";
import type { Seller } from "./seller.ts";

export type InvoiceDownloads = ReturnType<typeof createInvoiceDownloads>;

/**
 * The parent's invoices and credit notes as PDF (the profile's links): only of their own orders, anything
 * else is 404 (D24). Rendered from the frozen data, with the seller frozen in it when there is one.
 */
export function createInvoiceDownloads({ db, seller }: { db: Db; seller: Seller }) {
  async function render(where: ReturnType<typeof and>, userId: number | null) {
    const [row] = await db
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(userId === null ? where : and(where, eq(orders.userId, userId)));
    if (!row) throw AppError.notFound();
    const pdf = await renderInvoicePdf(row.invoice, row.invoice.data.seller ?? seller);
    return { filename: `${row.invoice.number}.pdf`, pdf: Buffer.from(pdf) };
  }
  return {
    /** The invoice of an order (`GET /api/v2/orders/{id}/invoice.pdf`). */
    ofOrder: (userId: number, orderId: number) => render(ownInvoiceOf(orderId), userId),
    /** An invoice or credit note by its number (`GET /api/v2/invoices/{number}/pdf/`). */
    byNumber: (userId: number, number: string) => render(eq(invoices.number, number), userId),
    /** Staff's download of any order's invoice or credit note by its id (D165); the caller checks the role. */
    forStaff: (orderId: number, documentId: number) =>
      render(and(eq(invoices.id, documentId), eq(invoices.orderId, orderId)), null),
  };
}
