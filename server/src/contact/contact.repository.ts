import type { DbOrTx } from "../db/index.ts";
import { contactRequests } from "../db/index.ts";

export type NewContactRequest = typeof contactRequests.$inferInsert;

export async function insertContactRequest(db: DbOrTx, values: NewContactRequest): Promise<{ id: number }> {
  const [row] = await db.insert(contactRequests).values(values).returning({ id: contactRequests.id });
  if (!row) throw new Error("contact_requests insert returned no row");
  return row;
}
