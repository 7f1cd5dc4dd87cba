import type { AgeGroup, LocalizedText } from "@atelier/contract";
import { and, asc, count, desc, eq, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../db/index.ts";
import {
  type AddressSpan,
  locations,
  pgArray,
  productPages,
  scheduleSlots,
  sentWithin,
  visitRequestMessages,
  visitRequests,
} from "../db/index.ts";

/** The only code that touches `visit_requests`. */

export type VisitRequestRow = typeof visitRequests.$inferSelect;
export type NewVisitRequest = typeof visitRequests.$inferInsert;

/** A published product page a request may name, with its name in every locale (for the mails). */
export async function findRequestablePage(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; name: LocalizedText; ageGroup: AgeGroup } | undefined> {
  const [row] = await db
    .select({ id: productPages.id, name: productPages.name, ageGroup: productPages.ageGroup })
    .from(productPages)
    .where(and(eq(productPages.id, id), eq(productPages.isPublished, true)));
  return row;
}

export async function insertVisitRequest(db: DbOrTx, values: NewVisitRequest): Promise<VisitRequestRow> {
  const [row] = await db.insert(visitRequests).values(values).returning();
  if (!row) throw new Error("visit_requests insert returned no row");
  return row;
}

// ---------- The back office's inbox (D136, D137) ----------

/** Sort fields the inbox offers. */
export const VISIT_REQUEST_SORTS = {
  id: visitRequests.id,
  created_at: visitRequests.createdAt,
  date: visitRequests.date,
  status: visitRequests.status,
  kind: visitRequests.kind,
};

/** The offer's house (D151) as a confirmation names it; null when the offer has none. */
export type RequestHouse = { name: LocalizedText; street: string; postCode: string; city: string };
export type VisitRequestWithPage = VisitRequestRow & {
  productName: LocalizedText;
  house: RequestHouse | null;
};

export type VisitRequestFilter = {
  kinds?: string[];
  statuses?: string[];
  ids?: number[];
  userId?: number;
  handlerId?: number;
};

const withPage = {
  request: visitRequests,
  productName: productPages.name,
  house: {
    name: locations.name,
    street: locations.street,
    postCode: locations.postCode,
    city: locations.city,
  },
};
const joined = (row: {
  request: VisitRequestRow;
  productName: LocalizedText;
  house: RequestHouse | null;
}): VisitRequestWithPage => ({
  ...row.request,
  productName: row.productName,
  house: row.house,
});

export async function listVisitRequestsForStaff(
  db: DbOrTx,
  filter: VisitRequestFilter,
  cut: { sort: AnyPgColumn | SQL; descending: boolean; offset: number; limit: number },
): Promise<{ rows: VisitRequestWithPage[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.kinds) conditions.push(sql`${visitRequests.kind}::text = any(${pgArray(filter.kinds)}::text[])`);
  if (filter.statuses)
    conditions.push(sql`${visitRequests.status} = any(${pgArray(filter.statuses)}::text[])`);
  if (filter.ids)
    conditions.push(
      filter.ids.length ? sql`${visitRequests.id} = any(${pgArray(filter.ids)}::int[])` : sql`false`,
    );
  if (filter.userId !== undefined) conditions.push(eq(visitRequests.userId, filter.userId));
  if (filter.handlerId !== undefined) conditions.push(eq(visitRequests.handlerId, filter.handlerId));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select(withPage)
    .from(visitRequests)
    .innerJoin(productPages, eq(productPages.id, visitRequests.productPageId))
    .leftJoin(locations, eq(locations.id, productPages.locationId))
    .where(where)
    .orderBy(cut.descending ? desc(cut.sort) : asc(cut.sort), desc(visitRequests.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(visitRequests).where(where);
  return { rows: rows.map(joined), total: total?.n ?? 0 };
}

/** One request with its offer's name; `lock` holds its row until the transaction ends (D99). */
export async function findVisitRequestForEdit(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<VisitRequestWithPage | undefined> {
  const query = db
    .select(withPage)
    .from(visitRequests)
    .innerJoin(productPages, eq(productPages.id, visitRequests.productPageId))
    .leftJoin(locations, eq(locations.id, productPages.locationId))
    .where(eq(visitRequests.id, id));
  const [row] = await (lock ? query.for("update", { of: visitRequests }) : query);
  return row && joined(row);
}

export async function updateVisitRequestHandling(
  tx: Tx,
  id: number,
  values: Partial<
    Pick<
      NewVisitRequest,
      | "status"
      | "note"
      | "handlerId"
      | "date"
      | "confirmedAt"
      | "confirmedSlotId"
      | "confirmedStart"
      | "confirmedEnd"
    >
  >,
): Promise<void> {
  await tx
    .update(visitRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(visitRequests.id, id));
}

/** A parent's own requests, newest first (their profile, and the back office's person page). */
export async function listVisitRequestsOfUser(db: DbOrTx, userId: number): Promise<VisitRequestWithPage[]> {
  const rows = await db
    .select(withPage)
    .from(visitRequests)
    .innerJoin(productPages, eq(productPages.id, visitRequests.productPageId))
    .leftJoin(locations, eq(locations.id, productPages.locationId))
    .where(eq(visitRequests.userId, userId))
    .orderBy(desc(visitRequests.createdAt), desc(visitRequests.id))
    .limit(200);
  return rows.map(joined);
}

/**
 * Erasure (D139): the family's visit requests go, those sent from the account and those a guest sent
 * with the account's e-mail address as an adult's. Returns the ids removed.
 */
export async function deleteVisitRequestsOfFamily(
  tx: Tx,
  userId: number,
  spans: readonly AddressSpan[],
): Promise<number[]> {
  const rows = await tx
    .delete(visitRequests)
    .where(
      or(
        eq(visitRequests.userId, userId),
        sql`exists (select 1 from jsonb_array_elements(${visitRequests.adults}) a where ${sentWithin(sql`a->>'email'`, visitRequests.createdAt, spans)})`,
      ),
    )
    .returning({ id: visitRequests.id });
  return rows.map((row) => row.id);
}

// ---------- The confirmed lesson (D270) and staff messages (D272) ----------

export type RequestLesson = { id: number; start: string; end: string };

/** The offer's lessons on `date` (weekly on its weekday, or dated that day), not archived, earliest first. */
export async function findLessonsOfPageOn(
  db: DbOrTx,
  productPageId: number,
  date: string,
  weekday: number,
): Promise<RequestLesson[]> {
  return db
    .select({ id: scheduleSlots.id, start: scheduleSlots.start, end: scheduleSlots.end })
    .from(scheduleSlots)
    .where(
      and(
        eq(scheduleSlots.productPageId, productPageId),
        isNull(scheduleSlots.archivedAt),
        or(eq(scheduleSlots.weekday, weekday), eq(scheduleSlots.date, date)),
      ),
    )
    .orderBy(asc(scheduleSlots.start), asc(scheduleSlots.id));
}

export type VisitMessageRow = typeof visitRequestMessages.$inferSelect;

export async function insertVisitMessage(
  tx: Tx,
  values: typeof visitRequestMessages.$inferInsert,
): Promise<VisitMessageRow> {
  const [row] = await tx.insert(visitRequestMessages).values(values).returning();
  if (!row) throw new Error("visit_request_messages insert returned no row");
  return row;
}

/** A request's messages, oldest first (as a conversation reads). */
export async function listVisitMessages(db: DbOrTx, visitRequestId: number): Promise<VisitMessageRow[]> {
  return db
    .select()
    .from(visitRequestMessages)
    .where(eq(visitRequestMessages.visitRequestId, visitRequestId))
    .orderBy(asc(visitRequestMessages.id))
    .limit(500);
}

/**
 * The trial visitors staff confirmed for a slot on a date (D270): visit requests of kind `trial`. The
 * instructor's roster and the office's attendance list them (D618).
 */
export async function findConfirmedTrials(db: DbOrTx, slotId: number, date: string) {
  return db
    .select({ children: visitRequests.children, adults: visitRequests.adults })
    .from(visitRequests)
    .where(
      and(
        eq(visitRequests.kind, "trial"),
        eq(visitRequests.confirmedSlotId, slotId),
        eq(visitRequests.date, date),
        isNotNull(visitRequests.confirmedAt),
      ),
    )
    .orderBy(asc(visitRequests.id));
}
