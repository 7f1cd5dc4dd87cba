import type { AuditEntry } from "@atelier/contract";
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { auditLog, type DbOrTx, pgArray, type Tx, users, wholeTableTotal } from "../db/index.ts";
import type { AuthUser } from "../plugins/index.ts";

export type AuditWrite = {
  /** Null for a write made outside the back office (`npm run admin`, D240). */
  userId: number | null;
  userEmail: string;
  resource: string;
  recordId: number;
  action: AuditEntry["action"];
  before: unknown;
  after: unknown;
};

/** Records one staff write; called inside the write's own transaction, so both stand or fall together. */
export async function recordAudit(tx: Tx, entry: AuditWrite): Promise<void> {
  await tx.insert(auditLog).values({
    userId: entry.userId,
    userEmail: entry.userEmail,
    resource: entry.resource,
    recordId: entry.recordId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * How an admin service records its writes: who (the signed-in staff member), which record, and the
 * values before and after as `values` shows them (without the version digest and derived fields).
 */
export function auditTrail<T>(resource: string, values: (record: T) => unknown) {
  return (
    tx: Tx,
    staff: Pick<AuthUser, "id" | "email">,
    recordId: number,
    action: AuditEntry["action"],
    before: T | null,
    after: T | null,
  ) =>
    recordAudit(tx, {
      userId: staff.id,
      userEmail: staff.email,
      resource,
      recordId,
      action,
      before: before && values(before),
      after: after && values(after),
    });
}

export type AuditFilter = { resource?: string; recordId?: number; userId?: number };

/**
 * Newest first: the log is read to find out what happened lately to a record or by a person. Each entry
 * names its person as the account names them now (D288); the e-mail kept in the entry stays beside it, so
 * an entry of an erased or deleted account still says who it was.
 */
export async function listAudit(
  db: DbOrTx,
  filter: AuditFilter,
  cut: { offset: number; limit: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.resource) conditions.push(eq(auditLog.resource, filter.resource));
  if (filter.recordId !== undefined) conditions.push(eq(auditLog.recordId, filter.recordId));
  if (filter.userId !== undefined) conditions.push(eq(auditLog.userId, filter.userId));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({ entry: auditLog, firstName: users.firstName, lastName: users.lastName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const exact = async () => (await db.select({ n: count() }).from(auditLog).where(where))[0]?.n ?? 0;
  // The whole log's total is estimated once it is long (D400); a filtered list counts exactly.
  const total = { n: where ? await exact() : await wholeTableTotal(db, auditLog, exact) };
  return {
    rows: rows.map(({ entry: row, firstName, lastName }) => ({
      id: row.id,
      at: row.at.toISOString(),
      user: row.userId,
      user_email: row.userEmail,
      user_name: `${firstName ?? ""} ${lastName ?? ""}`.trim(),
      resource: row.resource,
      record_id: row.recordId,
      action: row.action,
      before: row.before,
      after: row.after,
    })),
    total: total?.n ?? 0,
  };
}

/**
 * Erasure (D139): the audit entries of erased records keep who did what and when, not the values (a
 * request's note may name the family). Entries about the person keep only roles, never personal data.
 */
export async function scrubAuditValues(tx: Tx, resource: string, recordIds: number[]): Promise<void> {
  if (recordIds.length === 0) return;
  await tx
    .update(auditLog)
    .set({ before: null, after: null })
    .where(
      and(eq(auditLog.resource, resource), sql`${auditLog.recordId} = any(${pgArray(recordIds)}::int[])`),
    );
}
