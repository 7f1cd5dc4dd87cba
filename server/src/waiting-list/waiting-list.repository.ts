import { type Locale, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { slotOffered, textIn, weekOffered } from "../catalogue/index.ts";
import type { DbOrTx, Tx } from "../db/index.ts";
import {
  academyWeeks,
  orderItemAcademyWeeks,
  orderItemSlots,
  orderItems,
  orders,
  productPages,
  purchaseOptions,
  scheduleSlots,
  users,
  visitors,
  waitingListEntries,
} from "../db/index.ts";
import { holdsSeats, slotSeatsTaken, weekSeatsTaken } from "../seats/index.ts";

/** The only code that touches `waiting_list_entries` (D78). */

/** When an entry's unit takes place: a slot's weekday or date and times, or an academy week's days. */
export const UNIT_COLUMNS = {
  slotWeekday: scheduleSlots.weekday,
  slotDate: scheduleSlots.date,
  slotStart: scheduleSlots.start,
  slotEnd: scheduleSlots.end,
  weekStartsOn: academyWeeks.startsOn,
  weekEndsOn: academyWeeks.endsOn,
};

export type EntryRow = typeof waitingListEntries.$inferSelect;

/** One unit a waiting list is for: a schedule slot or an academy week. */
export type Unit = { kind: "slot"; id: number } | { kind: "week"; id: number };

/** The unit an entry waits for. */
export const unitOfEntry = (entry: EntryRow): Unit =>
  entry.scheduleSlotId !== null
    ? { kind: "slot", id: entry.scheduleSlotId }
    : { kind: "week", id: entry.academyWeekId ?? 0 };

export const unitCondition = (unit: Unit) =>
  unit.kind === "slot"
    ? eq(waitingListEntries.scheduleSlotId, unit.id)
    : eq(waitingListEntries.academyWeekId, unit.id);

const open = inArray(waitingListEntries.status, ["waiting", "offered"]);

/** The first key of the per-account lock of joining waiting lists ("wait"); the user's id is the second. */
const JOIN_LOCK = 0x77616974;

/**
 * Serialises one account's joins until the transaction ends, so joins sent at once for different children
 * or units count each other and keep the bounds on open entries and joins a day (D523, D542).
 */
export async function lockAccountJoins(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${JOIN_LOCK}::int, ${userId}::int)`);
}

export async function countOpenEntries(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.userId, userId), open));
  return row?.n ?? 0;
}

/** How many entries the parent made in the last 24 hours, left ones too (joining and leaving mails each time). */
export async function countRecentJoins(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.userId, userId),
        sql`${waitingListEntries.createdAt} > now() - interval '24 hours'`,
      ),
    );
  return row?.n ?? 0;
}

export async function findOpenEntry(db: DbOrTx, visitorId: number, unit: Unit) {
  const [row] = await db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.visitorId, visitorId), unitCondition(unit), open));
  return row;
}

/** Inserts an entry; a concurrent join of the same child and unit leaves the one already there. */
export async function insertEntry(
  db: DbOrTx,
  entry: Pick<
    typeof waitingListEntries.$inferInsert,
    | "userId"
    | "visitorId"
    | "productPageId"
    | "purchaseOptionId"
    | "scheduleSlotId"
    | "academyWeekId"
    | "locale"
  >,
): Promise<EntryRow | undefined> {
  const [row] = await db.insert(waitingListEntries).values(entry).onConflictDoNothing().returning();
  return row;
}

export async function findEntryOfUser(db: DbOrTx, userId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.id, id), eq(waitingListEntries.userId, userId)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/** An offer by its token, only for the parent it was made to (another family's token is not found). */
export async function findOfferOfUser(db: DbOrTx, userId: number, token: string, lock = false) {
  const query = db
    .select({
      entry: waitingListEntries,
      runs: sql<boolean>`${waitingListEntries.offerExpiresAt} > now()`,
    })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.offerToken, token), eq(waitingListEntries.userId, userId)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function updateEntry(
  db: DbOrTx,
  id: number,
  changes: Partial<typeof waitingListEntries.$inferInsert>,
): Promise<void> {
  await db
    .update(waitingListEntries)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(waitingListEntries.id, id));
}

/** A parent's entries with what the list shows; open entries first, then the latest others. */
export async function listEntries(db: DbOrTx, userId: number, locale: Locale, ids?: number[]) {
  const position = sql<
    number | null
  >`case when ${waitingListEntries.status} = 'waiting' then (select count(*)::int from ${waitingListEntries} w2 where w2.status = 'waiting' and w2.id <= ${waitingListEntries.id} and (w2.schedule_slot_id = ${waitingListEntries.scheduleSlotId} or w2.academy_week_id = ${waitingListEntries.academyWeekId})) end`;
  return db
    .select({
      entry: waitingListEntries,
      position,
      visitorFirstName: visitors.firstName,
      visitorLastName: visitors.lastName,
      pageName: textIn(productPages.name, locale),
      pageSlug: productPages.slug,
      productType: productPages.productType,
      optionName: textIn(purchaseOptions.name, locale),
      ...UNIT_COLUMNS,
    })
    .from(waitingListEntries)
    .innerJoin(visitors, eq(visitors.id, waitingListEntries.visitorId))
    .innerJoin(productPages, eq(productPages.id, waitingListEntries.productPageId))
    .innerJoin(purchaseOptions, eq(purchaseOptions.id, waitingListEntries.purchaseOptionId))
    .leftJoin(scheduleSlots, eq(scheduleSlots.id, waitingListEntries.scheduleSlotId))
    .leftJoin(academyWeeks, eq(academyWeeks.id, waitingListEntries.academyWeekId))
    .where(and(eq(waitingListEntries.userId, userId), ids ? inArray(waitingListEntries.id, ids) : sql`true`))
    .orderBy(sql`(${waitingListEntries.status} in ('waiting', 'offered')) desc`, desc(waitingListEntries.id))
    .limit(100);
}
export type ListedEntry = Awaited<ReturnType<typeof listEntries>>[number];

// ---------- The worker's side ----------

/**
 * A unit whose seats can still be offered: a slot the shop offers (the catalogue's one rule: not archived,
 * a dated session not past), a week not over. An offer of anything else would send the parent to a
 * checkout that refuses it.
 */
const stillToCome = {
  slot: slotOffered,
  week: weekOffered,
};

/**
 * Units with open entries where a round has work (oldest entries first): a seat nobody holds with someone
 * waiting for it, an offer past its deadline or accepted, a deleted child in line, or a child in line who now
 * has a paid seat there. Other units are not even locked, so a round never spends its `limit` on lines that
 * cannot move while others wait, and a round with nothing to do commits nothing: each lock is a write, which
 * also makes every answer kept per database snapshot anew (D421, D422).
 */
export async function findUnitsInLine(db: DbOrTx, limit: number): Promise<Unit[]> {
  // Most rounds find nobody in line, yet the two statements below are planned anew on every round: about
  // 7 ms on PostgreSQL and 13 ms of CPU on PGlite with no entry at all. This probe of the open entries'
  // index answers that case in a tenth (PostgreSQL) to a quarter (PGlite) of it (D467).
  const [anyone] = await db
    .select({ id: waitingListEntries.id })
    .from(waitingListEntries)
    .where(open)
    .limit(1);
  if (!anyone) return [];
  // The units with open entries: `unit` (a link's or an entry's column) among the open entries' `entryUnit`.
  // Written with the link's own column inside, the subquery named the outer row and held for every link
  // whenever any entry was open: the seats of every slot and week were counted each round.
  const inLine = (unit: AnyPgColumn, entryUnit: AnyPgColumn) =>
    sql`${unit} in (select ${entryUnit} from ${waitingListEntries} where ${open})`;
  // An accepted offer may have been paid (its entry is then booked): looked at until it is settled, as is an
  // entry whose child got a paid seat another way.
  const work = (kind: Unit["kind"]) =>
    sql`bool_or((${waitingListEntries.status} = 'offered' and (${waitingListEntries.offerExpiresAt} <= now() or ${waitingListEntries.acceptedAt} is not null)) or ${visitors.deletedAt} is not null or ${childHolds(kind, true)})`;
  // A free seat is work only for someone waiting, and only while the unit is still to come (as `freeSeats`).
  const someoneWaits = sql`bool_or(${waitingListEntries.status} = 'waiting')`;
  const slotTaken = slotSeatsTaken(
    db,
    inLine(orderItemSlots.scheduleSlotId, waitingListEntries.scheduleSlotId),
    inLine(waitingListEntries.scheduleSlotId, waitingListEntries.scheduleSlotId),
  );
  const weekTaken = weekSeatsTaken(
    db,
    inLine(orderItemAcademyWeeks.academyWeekId, waitingListEntries.academyWeekId),
    inLine(waitingListEntries.academyWeekId, waitingListEntries.academyWeekId),
  );
  const [slots, weeks] = await Promise.all([
    db
      .select({ id: scheduleSlots.id, first: sql<number>`min(${waitingListEntries.id})` })
      .from(waitingListEntries)
      .innerJoin(scheduleSlots, eq(scheduleSlots.id, waitingListEntries.scheduleSlotId))
      .innerJoin(visitors, eq(visitors.id, waitingListEntries.visitorId))
      .leftJoin(slotTaken, eq(slotTaken.unitId, scheduleSlots.id))
      .where(open)
      .groupBy(scheduleSlots.id, scheduleSlots.seats, scheduleSlots.date, slotTaken.n)
      .having(
        sql`(${scheduleSlots.seats} - coalesce(${slotTaken.n}, 0) > 0 and ${someoneWaits} and ${stillToCome.slot}) or ${work("slot")}`,
      )
      .orderBy(sql`min(${waitingListEntries.id})`)
      .limit(limit),
    db
      .select({ id: academyWeeks.id, first: sql<number>`min(${waitingListEntries.id})` })
      .from(waitingListEntries)
      .innerJoin(academyWeeks, eq(academyWeeks.id, waitingListEntries.academyWeekId))
      .innerJoin(visitors, eq(visitors.id, waitingListEntries.visitorId))
      .leftJoin(weekTaken, eq(weekTaken.unitId, academyWeeks.id))
      .where(open)
      .groupBy(academyWeeks.id, academyWeeks.seats, academyWeeks.endsOn, weekTaken.n)
      .having(
        sql`(${academyWeeks.seats} - coalesce(${weekTaken.n}, 0) > 0 and ${someoneWaits} and ${stillToCome.week}) or ${work("week")}`,
      )
      .orderBy(sql`min(${waitingListEntries.id})`)
      .limit(limit),
  ]);
  return [
    ...slots.map((row) => ({ kind: "slot" as const, id: row.id, first: row.first })),
    ...weeks.map((row) => ({ kind: "week" as const, id: row.id, first: row.first })),
  ]
    .sort((a, b) => a.first - b.first)
    .slice(0, limit)
    .map(({ kind, id }) => ({ kind, id }));
}

/** The child holds the entry's unit through an order (paid only, or any that holds seats). */
function childHolds(unit: Unit["kind"], paidOnly: boolean) {
  const holds = paidOnly ? sql`${orderItems.status} = 'active' and ${orders.status} = 'paid'` : holdsSeats;
  return unit === "slot"
    ? sql`exists (select 1 from ${orderItemSlots} join ${orderItems} on ${orderItems.id} = ${orderItemSlots.orderItemId} join ${orders} on ${orders.id} = ${orderItems.orderId} where ${orderItemSlots.scheduleSlotId} = ${waitingListEntries.scheduleSlotId} and ${orderItems.visitorId} = ${waitingListEntries.visitorId} and ${holds})`
    : sql`exists (select 1 from ${orderItemAcademyWeeks} join ${orderItems} on ${orderItems.id} = ${orderItemAcademyWeeks.orderItemId} join ${orders} on ${orders.id} = ${orderItems.orderId} where ${orderItemAcademyWeeks.academyWeekId} = ${waitingListEntries.academyWeekId} and ${orderItems.visitorId} = ${waitingListEntries.visitorId} and ${holds})`;
}

/**
 * Under the unit's lock: entries of deleted children are left; entries whose child now has a paid seat
 * there are booked; offers that ran out pass (unless the child's checkout of it still holds the seat, then
 * the order decides).
 */
export async function settleEntries(tx: Tx, unit: Unit): Promise<void> {
  // A child the parent deleted leaves every line it was in.
  await tx
    .update(waitingListEntries)
    .set({ status: "left", updatedAt: sql`now()` })
    .where(
      and(
        unitCondition(unit),
        open,
        sql`exists (select 1 from ${visitors} where ${visitors.id} = ${waitingListEntries.visitorId} and ${visitors.deletedAt} is not null)`,
      ),
    );
  await tx
    .update(waitingListEntries)
    .set({ status: "booked", updatedAt: sql`now()` })
    .where(and(unitCondition(unit), open, childHolds(unit.kind, true)));
  await tx
    .update(waitingListEntries)
    .set({ status: "passed", updatedAt: sql`now()` })
    .where(
      and(
        unitCondition(unit),
        eq(waitingListEntries.status, "offered"),
        sql`${waitingListEntries.offerExpiresAt} <= now()`,
        sql`not ${childHolds(unit.kind, false)}`,
      ),
    );
}

/** Seats of the unit nobody holds (orders and running offers, seats.ts). Call with the unit locked. */
export async function freeSeats(tx: Tx, unit: Unit): Promise<number> {
  if (unit.kind === "slot") {
    const taken = slotSeatsTaken(
      tx,
      eq(orderItemSlots.scheduleSlotId, unit.id),
      eq(waitingListEntries.scheduleSlotId, unit.id),
    );
    const [row] = await tx
      .select({ free: sql<number>`(${scheduleSlots.seats} - coalesce(${taken.n}, 0))::int` })
      .from(scheduleSlots)
      .leftJoin(taken, eq(taken.unitId, scheduleSlots.id))
      .where(and(eq(scheduleSlots.id, unit.id), stillToCome.slot));
    return row?.free ?? 0;
  }
  const taken = weekSeatsTaken(
    tx,
    eq(orderItemAcademyWeeks.academyWeekId, unit.id),
    eq(waitingListEntries.academyWeekId, unit.id),
  );
  const [row] = await tx
    .select({ free: sql<number>`(${academyWeeks.seats} - coalesce(${taken.n}, 0))::int` })
    .from(academyWeeks)
    .leftJoin(taken, eq(taken.unitId, academyWeeks.id))
    .where(and(eq(academyWeeks.id, unit.id), stillToCome.week));
  return row?.free ?? 0;
}

/** The first `limit` in line for the unit whose child does not hold a seat there already. */
export async function firstInLine(tx: Tx, unit: Unit, limit: number) {
  if (limit <= 0) return [];
  return tx
    .select()
    .from(waitingListEntries)
    .where(
      and(
        unitCondition(unit),
        eq(waitingListEntries.status, "waiting"),
        sql`not ${childHolds(unit.kind, false)}`,
      ),
    )
    .orderBy(asc(waitingListEntries.id))
    .limit(limit)
    .for("update");
}

/** Makes the offer: token and deadline by the database clock. */
/**
 * Offers the entry's seat for `hours`, but never past the start of what it waits for (D613): a dated session
 * at its start in Berlin, an academy week at the start of its first day. A course's weekly time has no end.
 */
export async function makeOffer(tx: Tx, id: number, token: string, hours: number) {
  // Only a start still ahead caps the offer: a week that began is still booked (its days go on), and an offer
  // capped to a moment past would pass every family in line in turn (found by the review).
  const sessionStart = sql`(select (s.date + s.start) at time zone ${SCHOOL_TIME_ZONE} from ${scheduleSlots} s
    where s.id = ${waitingListEntries.scheduleSlotId} and s.date is not null
      and (s.date + s.start) at time zone ${SCHOOL_TIME_ZONE} > now())`;
  const weekStart = sql`(select w.starts_on::timestamp at time zone ${SCHOOL_TIME_ZONE} from ${academyWeeks} w
    where w.id = ${waitingListEntries.academyWeekId} and w.starts_on::timestamp at time zone ${SCHOOL_TIME_ZONE} > now())`;
  const [row] = await tx
    .update(waitingListEntries)
    .set({
      status: "offered",
      offerToken: token,
      offeredAt: sql`now()`,
      // least() passes over a null: an entry without a session or week keeps its hours.
      offerExpiresAt: sql`least(now() + ${hours}::integer * interval '1 hour', ${sessionStart}, ${weekStart})`,
      updatedAt: sql`now()`,
    })
    .where(eq(waitingListEntries.id, id))
    .returning();
  return row;
}

/** What the offer mail says: the parent, the child and the offer in the entry's locale. */
export async function findOfferMailFacts(tx: Tx, id: number, locale: Locale) {
  const [row] = await tx
    .select({
      email: users.email,
      parentFirstName: users.firstName,
      childFirstName: visitors.firstName,
      childLastName: visitors.lastName,
      pageName: textIn(productPages.name, locale),
      optionName: textIn(purchaseOptions.name, locale),
      ...UNIT_COLUMNS,
    })
    .from(waitingListEntries)
    .innerJoin(users, eq(users.id, waitingListEntries.userId))
    .innerJoin(visitors, eq(visitors.id, waitingListEntries.visitorId))
    .innerJoin(productPages, eq(productPages.id, waitingListEntries.productPageId))
    .innerJoin(purchaseOptions, eq(purchaseOptions.id, waitingListEntries.purchaseOptionId))
    .leftJoin(scheduleSlots, eq(scheduleSlots.id, waitingListEntries.scheduleSlotId))
    .leftJoin(academyWeeks, eq(academyWeeks.id, waitingListEntries.academyWeekId))
    .where(eq(waitingListEntries.id, id));
  return row;
}

/** The page a purchase option belongs to. */
export async function findOptionPage(db: DbOrTx, optionId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ pageId: purchaseOptions.productPageId })
    .from(purchaseOptions)
    .where(eq(purchaseOptions.id, optionId));
  return row?.pageId;
}

/** The order an item is in (an accepted offer's item may have moved on or been removed). */
export async function findItemOrder(db: DbOrTx, itemId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(eq(orderItems.id, itemId));
  return row?.orderId;
}

/** A family's waiting-list entries, newest first (its data export, D560). */
export async function listEntriesOfUser(db: DbOrTx, userId: number) {
  return db
    .select({
      productPageId: waitingListEntries.productPageId,
      visitorId: waitingListEntries.visitorId,
      status: waitingListEntries.status,
      createdAt: waitingListEntries.createdAt,
      offeredAt: waitingListEntries.offeredAt,
      acceptedAt: waitingListEntries.acceptedAt,
    })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.userId, userId))
    .orderBy(desc(waitingListEntries.createdAt), desc(waitingListEntries.id));
}
