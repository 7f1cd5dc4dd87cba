import type { Locale } from "@atelier/contract";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { textIn } from "../catalogue/index.ts";
import type { DbOrTx, Tx } from "../db/index.ts";
import { containsPattern, contentPages, idIn, redirects } from "../db/index.ts";

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
    const like = containsPattern(filter.q);
    conditions.push(
      sql`(${contentPages.key} ilike ${like} or ${contentPages.title}->>'de' ilike ${like} or ${contentPages.title}->>'ru' ilike ${like})`,
    );
  }
  if (filter.ids) conditions.push(filter.ids.length ? idIn(contentPages.id, filter.ids) : sql`false`);
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

/* Redirects staff keep (D189). */

export type RedirectRow = typeof redirects.$inferSelect;
export type RedirectValues = Pick<RedirectRow, "fromPath" | "target" | "permanent" | "note">;

export const REDIRECT_SORTS = {
  id: redirects.id,
  from_path: redirects.fromPath,
  target: redirects.target,
  updated_at: redirects.updatedAt,
};

/** The redirect a visitor's path (stored form, see `redirectSourceKey`) leads to, if staff made one. */
export async function findRedirect(
  db: DbOrTx,
  fromPath: string,
): Promise<Pick<RedirectRow, "target" | "permanent"> | undefined> {
  const [row] = await db
    .select({ target: redirects.target, permanent: redirects.permanent })
    .from(redirects)
    .where(eq(redirects.fromPath, fromPath));
  return row;
}

export async function listRedirectsForStaff(
  db: DbOrTx,
  filter: { q?: string; ids?: number[] },
  cut: ListCut,
): Promise<{ rows: RedirectRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.q) {
    const like = containsPattern(filter.q);
    conditions.push(
      sql`(${redirects.fromPath} ilike ${like} or ${redirects.target} ilike ${like} or ${redirects.note} ilike ${like})`,
    );
  }
  if (filter.ids) conditions.push(filter.ids.length ? idIn(redirects.id, filter.ids) : sql`false`);
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(redirects)
    .where(where)
    .orderBy(cut.descending ? desc(cut.sort) : asc(cut.sort), asc(redirects.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(redirects).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findRedirectForEdit(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<RedirectRow | undefined> {
  const query = db.select().from(redirects).where(eq(redirects.id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/**
 * Holds every other staff write of redirects until this transaction ends, so two saves that would only
 * together make a loop (A → B and B → A) run one after the other and the second sees the first.
 */
export async function lockRedirectsForWrite(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table ${redirects} in share row exclusive mode`);
}

/** Every redirect by its source, to follow a chain of them. */
export async function redirectTargetsBySource(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db.select({ fromPath: redirects.fromPath, target: redirects.target }).from(redirects);
  return new Map(rows.map((row) => [row.fromPath, row.target]));
}

export async function insertRedirect(tx: Tx, values: RedirectValues): Promise<number> {
  const [row] = await tx.insert(redirects).values(values).returning({ id: redirects.id });
  if (!row) throw new Error("redirect insert returned no row");
  return row.id;
}

export async function updateRedirect(tx: Tx, id: number, values: RedirectValues): Promise<void> {
  await tx
    .update(redirects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(redirects.id, id));
}

export async function deleteRedirect(tx: Tx, id: number): Promise<void> {
  await tx.delete(redirects).where(eq(redirects.id, id));
}
