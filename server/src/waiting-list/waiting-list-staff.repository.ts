import type { Locale, WaitingEntryStatus } from "@atelier/contract";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { textIn } from "../catalogue/index.ts";
import {
  academyWeeks,
  type DbOrTx,
  inOrderOf,
  pgArray,
  ph,
  prepared,
  productPages,
  purchaseOptions,
  scheduleSlots,
  type Tx,
  users,
  visitors,
  waitingListEntries,
} from "../db/index.ts";
import { type EntryRow, UNIT_COLUMNS, unitCondition, unitOfEntry } from "./waiting-list.repository.ts";

/** The waiting lists as staff see them (D162): every family's entries, with the parent's contact. */

export type StaffWaitingFilter = {
  ids?: number[];
  slot?: number;
  week?: number;
  product?: number;
  /** `YYYY-MM-DD`: entries whose lesson falls on that day (a dated slot, a weekly slot's weekday, a week). */
  date?: string;
  statuses: WaitingEntryStatus[];
};

export const STAFF_WAITING_SORTS = {
  id: waitingListEntries.id,
  created_at: waitingListEntries.createdAt,
};

/** The place in line of a waiting entry among the waiting of its unit (1 = first); null otherwise. */
const position = sql<
  number | null
>`case when ${waitingListEntries.status} = 'waiting' then (select count(*)::int from ${waitingListEntries} w2 where w2.status = 'waiting' and w2.id <= ${waitingListEntries.id} and (w2.schedule_slot_id = ${waitingListEntries.scheduleSlotId} or w2.academy_week_id = ${waitingListEntries.academyWeekId})) end`;

/** The entry's slot or week has a lesson on `date` (weekday 0 = Monday, as slots count). */
const onDay = (date: string) =>
  sql`(exists (select 1 from ${scheduleSlots} s where s.id = ${waitingListEntries.scheduleSlotId} and (s.date = ${date}::date or s.weekday = ((extract(isodow from ${date}::date)::int) - 1))) or exists (select 1 from ${academyWeeks} w where w.id = ${waitingListEntries.academyWeekId} and ${date}::date between w.starts_on and w.ends_on))`;

function conditions(filter: StaffWaitingFilter): SQL | undefined {
  return and(
    filter.ids ? inArray(waitingListEntries.id, filter.ids.length ? filter.ids : [0]) : undefined,
    filter.slot !== undefined ? eq(waitingListEntries.scheduleSlotId, filter.slot) : undefined,
    filter.week !== undefined ? eq(waitingListEntries.academyWeekId, filter.week) : undefined,
    filter.product !== undefined ? eq(waitingListEntries.productPageId, filter.product) : undefined,
    filter.date !== undefined ? onDay(filter.date) : undefined,
    inArray(waitingListEntries.status, filter.statuses),
  );
}

export async function listEntriesForStaff(
  db: DbOrTx,
  filter: StaffWaitingFilter,
  cut: { sort: SQL | AnyPgColumn; descending: boolean; offset: number; limit: number },
  locale: Locale,
) {
  const where = conditions(filter);
  // The page's ids and the total side by side, then the rows by id with one prepared statement, in the
  // page's order (D413): PostgreSQL planned the rows' six joins and place in line on every request, about
  // 5 of the page's 7 ms on ten years of data.
  const [page, [count]] = await Promise.all([
    db
      .select({ id: waitingListEntries.id })
      .from(waitingListEntries)
      .where(where)
      .orderBy(cut.descending ? desc(cut.sort) : asc(cut.sort), asc(waitingListEntries.id))
      .offset(cut.offset)
      .limit(cut.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(waitingListEntries).where(where),
  ]);
  const ids = page.map((row) => row.id);
  const rows = inOrderOf(ids, await entryRowsOf(db, ids, locale), (row) => row.entry.id);
  return { rows, total: count?.n ?? 0 };
}

/** The staff's columns of the given entries, in no particular order: one statement per language, planned once (D413). */
async function entryRowsOf(db: DbOrTx, ids: number[], locale: Locale) {
  const build = () =>
    db
      .select({
        entry: waitingListEntries,
        position,
        childFirstName: visitors.firstName,
        childLastName: visitors.lastName,
        childBirthDate: visitors.birthDate,
        parentFirstName: users.firstName,
        parentLastName: users.lastName,
        parentEmail: users.email,
        parentPhone: users.phoneNumber,
        // In the staff member's language, as the back office's other screens (D162).
        productName: textIn(productPages.name, locale),
        optionName: textIn(purchaseOptions.name, locale),
        ...UNIT_COLUMNS,
      })
      .from(waitingListEntries)
      .innerJoin(visitors, eq(visitors.id, waitingListEntries.visitorId))
      .innerJoin(users, eq(users.id, waitingListEntries.userId))
      .innerJoin(productPages, eq(productPages.id, waitingListEntries.productPageId))
      .innerJoin(purchaseOptions, eq(purchaseOptions.id, waitingListEntries.purchaseOptionId))
      .leftJoin(scheduleSlots, eq(scheduleSlots.id, waitingListEntries.scheduleSlotId))
      .leftJoin(academyWeeks, eq(academyWeeks.id, waitingListEntries.academyWeekId))
      .where(sql`${waitingListEntries.id} = any(${ph("ids")}::int[])`);
  if (ids.length === 0) return [];
  const statement = prepared<Awaited<ReturnType<typeof build>>>(db, `staff_waiting_rows_${locale}`, build);
  return statement.execute({ ids: pgArray(ids) });
}
export type StaffWaitingRow = Awaited<ReturnType<typeof listEntriesForStaff>>["rows"][number];

export async function lockEntry(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      entry: waitingListEntries,
      runs: sql<boolean>`coalesce(${waitingListEntries.offerExpiresAt} > now(), false)`,
    })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.id, id))
    .for("update");
  return row;
}

/**
 * Running offers of the unit not yet taken into a cart, oldest first: the seat a staff offer may hand on to the
 * entry staff chose (D162).
 */
export async function findTransferableOffer(tx: Tx, entry: EntryRow) {
  const [row] = await tx
    .select()
    .from(waitingListEntries)
    .where(
      and(
        unitCondition(unitOfEntry(entry)),
        eq(waitingListEntries.status, "offered"),
        sql`${waitingListEntries.offerExpiresAt} > now()`,
        sql`${waitingListEntries.orderItemId} is null`,
        sql`${waitingListEntries.id} <> ${entry.id}`,
      ),
    )
    .orderBy(asc(waitingListEntries.id))
    .limit(1)
    .for("update");
  return row;
}

/** An offer handed on: the entry waits again at its old place (its id), its token void. */
export async function withdrawOffer(tx: Tx, id: number): Promise<void> {
  await tx
    .update(waitingListEntries)
    .set({
      status: "waiting",
      offerToken: null,
      offeredAt: null,
      offerExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(waitingListEntries.id, id));
}

/**
 * One seat more for the entry's slot or week (issue 29, D273), under the unit's lock the caller holds.
 * Returns the seats before and after, for the audit log.
 */
export async function addOneSeat(
  tx: Tx,
  unit: { kind: "slot" | "week"; id: number },
): Promise<{ before: number; after: number }> {
  const table = unit.kind === "slot" ? scheduleSlots : academyWeeks;
  const [row] = await tx
    .update(table)
    .set({ seats: sql`${table.seats} + 1` })
    .where(eq(table.id, unit.id))
    .returning({ seats: table.seats });
  if (!row) throw new Error("the waiting entry's unit is gone");
  return { before: row.seats - 1, after: row.seats };
}
