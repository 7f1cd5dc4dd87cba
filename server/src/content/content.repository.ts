import type { Locale } from "@atelier/contract";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { textIn } from "../catalogue/index.ts";
import type { DbOrTx, Tx } from "../db/index.ts";
import { contentPages } from "../db/index.ts";

export type ContentPageRow = {
  key: string;
  title: string;
  description: string;
  body: string;
  updatedAt: Date;
};

/** A content page with its texts in one locale. */
export async function findContentPage(
  db: DbOrTx,
  key: string,
  locale: Locale,
): Promise<ContentPageRow | undefined> {
  const [row] = await db
    .select({
      key: contentPages.key,
      title: textIn(contentPages.title, locale),
      description: textIn(contentPages.description, locale),
      body: textIn(contentPages.body, locale),
      updatedAt: contentPages.updatedAt,
    })
    .from(contentPages)
    .where(eq(contentPages.key, key));
  return row;
}

/* Staff editing (D123): the pages with both languages, locked while an edit is saved. */

export type ContentPageStaffRow = typeof contentPages.$inferSelect;
export type ContentPageValues = Pick<ContentPageStaffRow, "title" | "description" | "body">;
type ListCut = { sort: AnyPgColumn | SQL; descending: boolean; offset: number; limit: number };

export const CONTENT_PAGE_SORTS = {
  id: contentPages.id,
  key: contentPages.key,
  updated_at: contentPages.updatedAt,
};

export async function listContentPagesForStaff(
  db: DbOrTx,
  filter: { q?: string; ids?: number[] },
  cut: ListCut,
): Promise<{ rows: ContentPageStaffRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${contentPages.key} ilike ${like} or ${contentPages.title}->>'de' ilike ${like} or ${contentPages.title}->>'ru' ilike ${like})`,
    );
  }
  if (filter.ids)
    conditions.push(filter.ids.length ? sql`${contentPages.id} = any(${filter.ids}::int[])` : sql`false`);
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(contentPages)
    .where(where)
    .orderBy(cut.descending ? desc(cut.sort) : asc(cut.sort), asc(contentPages.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(contentPages).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One page; `lock` holds its row until the transaction ends, so two saves of it run one after the other. */
export async function findContentPageForEdit(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<ContentPageStaffRow | undefined> {
  const query = db.select().from(contentPages).where(eq(contentPages.id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function contentPageKeyTaken(db: DbOrTx, key: string): Promise<boolean> {
  const [row] = await db.select({ id: contentPages.id }).from(contentPages).where(eq(contentPages.key, key));
  return row !== undefined;
}

export async function insertContentPage(tx: Tx, key: string, values: ContentPageValues): Promise<number> {
  const [row] = await tx
    .insert(contentPages)
    .values({ key, ...values })
    .returning({ id: contentPages.id });
  if (!row) throw new Error("content page insert returned no row");
  return row.id;
}

export async function updateContentPage(tx: Tx, id: number, values: ContentPageValues): Promise<void> {
  await tx
    .update(contentPages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contentPages.id, id));
}
