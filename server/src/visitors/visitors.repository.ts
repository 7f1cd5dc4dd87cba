import { and, asc, count, eq, inArray, isNull, type Placeholder, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/index.ts";
import { ph, prepared, visitors } from "../db/index.ts";

/** The only code that touches the visitors table. Deleted visitors (soft delete) are never returned. */

export type VisitorRow = { id: number; firstName: string; lastName: string; birthDate: string };

const columns = {
  id: visitors.id,
  firstName: visitors.firstName,
  lastName: visitors.lastName,
  birthDate: visitors.birthDate,
};

/** The user's children not deleted; `userId` a value or a prepared statement's placeholder. */
const ownedBy = (userId: number | Placeholder) =>
  and(eq(visitors.userId, userId), isNull(visitors.deletedAt));

export function findVisitors(db: DbOrTx, userId: number): Promise<VisitorRow[]> {
  return db.select(columns).from(visitors).where(ownedBy(userId)).orderBy(asc(visitors.id));
}

/** One child of the user; a prepared statement, since every add and checkout of a child's booking asks it (issue 36). */
export async function findVisitor(db: DbOrTx, userId: number, id: number): Promise<VisitorRow | undefined> {
  const [row] = await prepared<VisitorRow[]>(db, "visitor_of_user", () =>
    db
      .select(columns)
      .from(visitors)
      .where(and(ownedBy(ph("userId")), eq(visitors.id, ph("id")))),
  ).execute({ userId, id });
  return row;
}

/** The user's visitors among `ids` (others' and unknown ids are left out). */
export function findVisitorsByIds(db: DbOrTx, userId: number, ids: number[]): Promise<VisitorRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(columns)
    .from(visitors)
    .where(and(ownedBy(userId), inArray(visitors.id, ids)));
}

export async function insertVisitor(
  db: DbOrTx,
  values: { userId: number; firstName: string; lastName: string; birthDate: string },
): Promise<VisitorRow> {
  const [row] = await db.insert(visitors).values(values).returning(columns);
  if (!row) throw new Error("visitors insert returned no row");
  return row;
}

export async function updateVisitor(
  db: DbOrTx,
  userId: number,
  id: number,
  changes: Partial<{ firstName: string; lastName: string; birthDate: string }>,
): Promise<VisitorRow | undefined> {
  const [row] = await db
    .update(visitors)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(ownedBy(userId), eq(visitors.id, id)))
    .returning(columns);
  return row;
}

/** A child as staff see and correct it (D549): with the team's notes, which the parent's reads leave out. */
export type ChildForStaff = VisitorRow & { notes: string };

const staffColumns = { ...columns, notes: visitors.notes };

export function findChildrenForStaff(db: DbOrTx, userId: number): Promise<ChildForStaff[]> {
  return db.select(staffColumns).from(visitors).where(ownedBy(userId)).orderBy(asc(visitors.id));
}

/** One child of the user, its row locked until the transaction ends: a correction reads what it changes. */
export async function lockChildForStaff(
  tx: Tx,
  userId: number,
  id: number,
): Promise<ChildForStaff | undefined> {
  const [row] = await tx
    .select(staffColumns)
    .from(visitors)
    .where(and(ownedBy(userId), eq(visitors.id, id)))
    .for("update");
  return row;
}

export async function updateChildForStaff(
  tx: Tx,
  userId: number,
  id: number,
  changes: Partial<Omit<ChildForStaff, "id">>,
): Promise<ChildForStaff | undefined> {
  const [row] = await tx
    .update(visitors)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(ownedBy(userId), eq(visitors.id, id)))
    .returning(staffColumns);
  return row;
}

/** How many children the user keeps (not deleted). */
export async function countVisitors(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(visitors).where(ownedBy(userId));
  return row?.n ?? 0;
}

/** The first key of the per-account lock of adding children ("kids"); the user's id is the second. */
const ADD_CHILD_LOCK = 0x6b696473;

/** Serialises one account's adds of children until the transaction ends, so two at once keep the bound. */
export async function lockChildAdds(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADD_CHILD_LOCK}::int, ${userId}::int)`);
}
