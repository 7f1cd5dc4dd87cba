import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../db/index.ts";
import { type AddressSpan, contactRequests, pgArray, sentWithin } from "../db/index.ts";

export type NewContactRequest = typeof contactRequests.$inferInsert;

export async function insertContactRequest(db: DbOrTx, values: NewContactRequest): Promise<{ id: number }> {
  const [row] = await db.insert(contactRequests).values(values).returning({ id: contactRequests.id });
  if (!row) throw new Error("contact_requests insert returned no row");
  return row;
}

// ---------- The back office's inbox (D136) ----------

export type ContactRequestRow = typeof contactRequests.$inferSelect;

export const CONTACT_REQUEST_SORTS = {
  id: contactRequests.id,
  created_at: contactRequests.createdAt,
  status: contactRequests.status,
  kind: contactRequests.kind,
};

export async function listContactRequestsForStaff(
  db: DbOrTx,
  filter: { kinds?: string[]; statuses?: string[]; ids?: number[]; handlerId?: number },
  cut: { sort: AnyPgColumn | SQL; descending: boolean; offset: number; limit: number },
): Promise<{ rows: ContactRequestRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.kinds)
    conditions.push(sql`${contactRequests.kind}::text = any(${pgArray(filter.kinds)}::text[])`);
  if (filter.statuses)
    conditions.push(sql`${contactRequests.status} = any(${pgArray(filter.statuses)}::text[])`);
  if (filter.ids)
    conditions.push(
      filter.ids.length ? sql`${contactRequests.id} = any(${pgArray(filter.ids)}::int[])` : sql`false`,
    );
  if (filter.handlerId !== undefined) conditions.push(eq(contactRequests.handlerId, filter.handlerId));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(contactRequests)
    .where(where)
    .orderBy(cut.descending ? desc(cut.sort) : asc(cut.sort), desc(contactRequests.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(contactRequests).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One contact request; `lock` holds its row until the transaction ends (D99). */
export async function findContactRequestForEdit(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(contactRequests).where(eq(contactRequests.id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function updateContactRequestHandling(
  tx: Tx,
  id: number,
  values: Pick<NewContactRequest, "status" | "note" | "handlerId">,
): Promise<void> {
  await tx
    .update(contactRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contactRequests.id, id));
}

/**
 * Erasure (D139): the contact requests sent with the family's e-mail addresses while they were its own
 * (D577). Returns the ids removed.
 */
export async function deleteContactRequestsSentWith(
  tx: Tx,
  spans: readonly AddressSpan[],
): Promise<number[]> {
  const rows = await tx
    .delete(contactRequests)
    .where(sentWithin(contactRequests.email, contactRequests.createdAt, spans))
    .returning({ id: contactRequests.id });
  return rows.map((row) => row.id);
}

/** The contact requests sent with the family's addresses, newest first (a family's data export, D560, D577). */
export async function contactRequestsSentWith(db: DbOrTx, spans: readonly AddressSpan[]) {
  return db
    .select({
      firstName: contactRequests.firstName,
      lastName: contactRequests.lastName,
      phone: contactRequests.phone,
      message: contactRequests.message,
      comment: contactRequests.comment,
      createdAt: contactRequests.createdAt,
    })
    .from(contactRequests)
    .where(sentWithin(contactRequests.email, contactRequests.createdAt, spans))
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(500);
}
