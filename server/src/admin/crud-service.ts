import type { AuditEntry } from "@atelier/contract";
import type { DbOrTx, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";

/** The row, or the 404 of a record that does not exist (or that this reader may not see). */
export function foundOr404<T>(row: T | null | undefined): T {
  if (!row) throw AppError.notFound();
  return row;
}

/** An admin service's audit writer (`auditTrail` of audit.repository.ts). */
type Audit<T> = (
  tx: Tx,
  staff: Pick<AuthUser, "id" | "email">,
  recordId: number,
  action: AuditEntry["action"],
  before: T | null,
  after: T | null,
) => Promise<void>;

/**
 * The create/read/update/delete-with-audit skeleton of an admin resource (D406), beside the routes'
 * `registerCrudRoutes`: one record as staff see it or a 404; before a change, the row locked and its
 * version checked (404, 409); after it, the record read again; and the audit entry in the write's own
 * transaction (D98). The transaction is the caller's (a service may lock more, or map a unique violation),
 * and so is what it checks and writes in `insert`, `change` and `drop`.
 */
export function crudService<Row, T extends { version: string }>({
  find,
  view,
  audit,
}: {
  /** The row of `id`, locked for update with `lock`. */
  find: (db: DbOrTx, id: number, lock?: boolean) => Promise<Row | null | undefined>;
  /** The row as staff see it, with its version digest. */
  view: (row: Row) => T;
  audit: Audit<T>;
}) {
  /** The record of `id`, locked, at the version the staff member read; 404 or 409 otherwise. */
  async function current(tx: Tx, id: number, version?: string): Promise<T> {
    const before = view(foundOr404(await find(tx, id, true)));
    if (version !== undefined && before.version !== version) throw new AppError("stale_version", 409);
    return before;
  }
  // Read back in the transaction that just wrote it: it is there.
  const reread = async (tx: Tx, id: number) => view((await find(tx, id)) as Row);

  return {
    current,

    async get(db: DbOrTx, id: number): Promise<T> {
      return view(foundOr404(await find(db, id)));
    },

    /** `insert` checks and writes the new row and answers its id; the record is audited as created. */
    async create(tx: Tx, staff: AuthUser, insert: () => Promise<number>): Promise<T> {
      const id = await insert();
      const after = await reread(tx, id);
      await audit(tx, staff, id, "create", null, after);
      return after;
    },

    /** `change` checks and writes the record found at `version`; the change is audited. */
    async update(
      tx: Tx,
      staff: AuthUser,
      id: number,
      version: string,
      change: (before: T) => Promise<unknown>,
    ): Promise<T> {
      const before = await current(tx, id, version);
      await change(before);
      const after = await reread(tx, id);
      await audit(tx, staff, id, "update", before, after);
      return after;
    },

    /** `drop` checks and deletes the record; its last values stay in the audit log. */
    async remove(tx: Tx, staff: AuthUser, id: number, drop: (before: T) => Promise<unknown>): Promise<T> {
      const before = await current(tx, id);
      await drop(before);
      await audit(tx, staff, id, "delete", before, null);
      return before;
    },
  };
}
