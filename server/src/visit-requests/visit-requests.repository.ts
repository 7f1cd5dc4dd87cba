import type { LocalizedText } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { productPages, visitRequests } from "../db/index.ts";

/** The only code that touches `visit_requests`. */

export type VisitRequestRow = typeof visitRequests.$inferSelect;
export type NewVisitRequest = typeof visitRequests.$inferInsert;

/** A published product page a request may name, with its name in every locale (for the mails). */
export async function findRequestablePage(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; name: LocalizedText } | undefined> {
  const [row] = await db
    .select({ id: productPages.id, name: productPages.name })
    .from(productPages)
    .where(and(eq(productPages.id, id), eq(productPages.isPublished, true)));
  return row;
}

export async function insertVisitRequest(db: DbOrTx, values: NewVisitRequest): Promise<VisitRequestRow> {
  const [row] = await db.insert(visitRequests).values(values).returning();
  if (!row) throw new Error("visit_requests insert returned no row");
  return row;
}
