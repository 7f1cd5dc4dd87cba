import { and, asc, eq, inArray, isNull, type Placeholder } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
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
