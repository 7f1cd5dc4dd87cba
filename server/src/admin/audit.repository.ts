import {
  AUDIT_GLIMPSE_HEAD,
  AUDIT_LONG_LIST,
  type AuditArea,
  type AuditEntry,
  type AuditFold,
} from "@atelier/contract";
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { auditLog, type DbOrTx, pgArray, type Tx, users, wholeTableTotal } from "../db/index.ts";
import type { AuthUser } from "../plugins/index.ts";

export type AuditWrite = {
  /** Null for a write made outside the back office (`npm run admin`, D240). */
  userId: number | null;
  userEmail: string;
  /** One of the areas the audit screen names and filters by (its words in de and ru). */
  resource: AuditArea;
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
export function auditTrail<T>(resource: AuditArea, values: (record: T) => unknown) {
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
  // The page's ids first, so the entries an offset skips are not unpacked for their lists.
  const page = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const rows = await db
    .select({ ...entryColumns, before: packed("before"), after: packed("after") })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(inArray(auditLog.id, page))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  const exact = async () => (await db.select({ n: count() }).from(auditLog).where(where))[0]?.n ?? 0;
  // The whole log's total is estimated once it is long (D400); a filtered list counts exactly.
  const total = where ? await exact() : await wholeTableTotal(db, auditLog, exact);
  return {
    rows: rows.map((row) =>
      entryOf({ ...row, before: row.before.values, after: row.after.values }, [
        ...row.before.folds,
        ...row.after.folds,
      ]),
    ),
    total,
  };
}

/** One entry with its values whole, for a reader who unfolds a long list (D423). */
export async function findAuditEntry(db: DbOrTx, id: number): Promise<AuditEntry | null> {
  const [row] = await db
    .select({ ...entryColumns, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(eq(auditLog.id, id));
  return row ? entryOf(row, []) : null;
}

const entryColumns = {
  id: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  userEmail: auditLog.userEmail,
  resource: auditLog.resource,
  recordId: auditLog.recordId,
  action: auditLog.action,
  firstName: users.firstName,
  lastName: users.lastName,
};

type EntryRow = {
  id: number;
  at: Date;
  userId: number | null;
  userEmail: string;
  resource: string;
  recordId: number;
  action: AuditEntry["action"];
  firstName: string | null;
  lastName: string | null;
  before: unknown;
  after: unknown;
};

/** An entry as the API sends it; `folded` names the lists sent as their glimpse. */
const entryOf = (row: EntryRow, folded: AuditFold[]): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  user: row.userId,
  user_email: row.userEmail,
  user_name: `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim(),
  resource: row.resource,
  record_id: row.recordId,
  action: row.action,
  before: row.before,
  after: row.after,
  folded,
});

/*
 * A long list (D417) leaves the database as its glimpse (D423): an accounting download's entry names its 791
 * documents, 14 KB, and a page of the log newest first was mostly such lists, parsed, encoded and compressed
 * on every read. Only top-level fields are folded, as the log shows top-level fields.
 *
 * Each side is unpacked twice (its type, then one pass over its fields), and only in an entry whose stored
 * values take more than `FOLD_FROM_BYTES` (`pg_column_size` reads that without unpacking): PostgreSQL
 * decompresses a stored value again for every function it is handed to, which cost more than the lists. A
 * smaller entry is sent whole, and the screen folds its long lists itself; both sides of an entry are folded
 * alike, so a list that did not change compares equal by its digest.
 */
const FOLD_FROM_BYTES = 1024;
const LONG = sql.raw(String(AUDIT_LONG_LIST));
const isLong = sql`case when jsonb_typeof(f.value) = 'array' then jsonb_array_length(f.value) else 0 end > ${LONG}`;
const head = Array.from({ length: AUDIT_GLIMPSE_HEAD }, (_, i) => sql.raw(`f.value -> ${i}`));
const glimpse = sql`jsonb_build_array(${sql.join(head, sql`, `)}, f.value -> -1)`;
const isBig = sql`coalesce(pg_column_size(${auditLog.before}), 0) + coalesce(pg_column_size(${auditLog.after}), 0) > ${sql.raw(String(FOLD_FROM_BYTES))}`;

/**
 * One side's values as the list sends them, and which of its lists were cut: the field, the whole list's
 * count and, in an update (the only entry whose two sides the screen compares), a 64-bit hash of the list's
 * text (`hashtextextended`, which mixes every byte; `jsonb_hash_extended` only rotates and XORs its
 * elements' hashes, so two values swapped 32 places apart hash alike). Other entries' digests are empty.
 */
function packed(side: "before" | "after") {
  const values = auditLog[side];
  const digest = sql`case when ${auditLog.action} = 'update' then to_hex(hashtextextended(f.value::text, 0)) else '' end`;
  const fold = sql`jsonb_build_object('side', ${side}::text, 'field', f.key, 'count', jsonb_array_length(f.value),
    'digest', ${digest})`;
  return sql<{
    values: unknown;
    folds: AuditFold[];
  }>`case when ${isBig} and jsonb_typeof(${values}) = 'object' then (
    select jsonb_build_object(
      'values', coalesce(jsonb_object_agg(f.key, case when ${isLong} then ${glimpse} else f.value end), '{}'::jsonb),
      'folds', coalesce(jsonb_agg(case when ${isLong} then ${fold} end order by f.key) filter (where ${isLong}), '[]'::jsonb))
    from jsonb_each(${values}) f)
    else jsonb_build_object('values', ${values}, 'folds', '[]'::jsonb) end`;
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
