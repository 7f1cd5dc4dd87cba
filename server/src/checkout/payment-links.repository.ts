import { createHash } from "node:crypto";
import type { Locale } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/index.ts";
import { type BillingDetails, orders, paymentLinks } from "../db/index.ts";
import type { OrderRow } from "./checkout.repository.ts";

/** The only code touching `payment_links` (D157): a link is found by its token's SHA-256, never stored plain. */

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

export async function findLinkByRequest(db: DbOrTx, requestId: string): Promise<PaymentLinkRow | undefined> {
  const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.requestId, requestId));
  return row;
}

export async function findLinkByToken(db: DbOrTx, token: string): Promise<PaymentLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.tokenHash, hashToken(token)));
  return row;
}

export async function findLinkByOrder(db: DbOrTx, orderId: number): Promise<PaymentLinkRow | undefined> {
  const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.orderId, orderId));
  return row;
}

/** The mail that carried the link, kept so staff can send it again (D276). */
export async function setLinkMail(tx: Tx, linkId: number, mailId: number): Promise<void> {
  await tx.update(paymentLinks).set({ mailId }).where(eq(paymentLinks.id, linkId));
}

/** Whether the order is paid by a link, and until when its seats are held (the back office's order, D276). */
export async function paymentHoldOfOrder(
  db: DbOrTx,
  orderId: number,
): Promise<{ linked: boolean; reservedUntil: Date | null }> {
  const [row] = await db
    .select({ link: paymentLinks.id, reservedUntil: orders.reservedUntil })
    .from(orders)
    .leftJoin(paymentLinks, eq(paymentLinks.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return { linked: row?.link != null, reservedUntil: row?.reservedUntil ?? null };
}

export async function isLinkedOrder(db: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentLinks.id })
    .from(paymentLinks)
    .where(eq(paymentLinks.orderId, orderId));
  return row !== undefined;
}

/**
 * Erasing a family (D140): the payment links of the parent's orders go, so no token of theirs opens an
 * order any more; the orders themselves stay anonymised for the invoices.
 */
export async function deletePaymentLinksOfUser(tx: Tx, userId: number): Promise<number> {
  const rows = await tx
    .delete(paymentLinks)
    .where(
      sql`${paymentLinks.orderId} in (select ${orders.id} from ${orders} where ${orders.userId} = ${userId})`,
    )
    .returning({ id: paymentLinks.id });
  return rows.length;
}

/** The link of a new order; undefined when another request with the same id got there first. */
export async function insertLink(
  tx: Tx,
  values: { orderId: number; token: string; requestId: string; createdBy: number },
): Promise<PaymentLinkRow | undefined> {
  const [row] = await tx
    .insert(paymentLinks)
    .values({
      orderId: values.orderId,
      tokenHash: hashToken(values.token),
      requestId: values.requestId,
      createdBy: values.createdBy,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * A new order in payment for a parent, not yet holding seats: its reservation starts (stageOrder) once its
 * items are checked, so while they are added it does not count its own seats (the order `seats` rule counts
 * an order in payment whose reservation runs).
 */
export async function insertOrderForParent(
  tx: Tx,
  values: { userId: number; locale: Locale; billing: BillingDetails },
): Promise<OrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({
      userId: values.userId,
      locale: values.locale,
      status: "awaiting_payment",
      reservedUntil: sql`'epoch'::timestamptz`,
      billing: values.billing,
    })
    .returning();
  if (!row) throw new Error("orders insert returned no row");
  return row;
}
