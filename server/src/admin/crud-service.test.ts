import { describe, expect, it } from "vitest";
import type { Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { crudService, foundOr404 } from "./crud-service.ts";

type Row = { id: number; name: string };
type Rec = { id: number; name: string; version: string };

const staff = { id: 7, email: "office@example.test" } as AuthUser;
// The helper hands the transaction on to `find` and the audit only: no database is needed here.
const tx = {} as Tx;

function setUp(rows: Map<number, Row>) {
  const audits: unknown[][] = [];
  const locks: number[] = [];
  const records = crudService<Row, Rec>({
    find: async (_db, id, lock) => {
      if (lock) locks.push(id);
      return rows.get(id);
    },
    view: (row) => ({ ...row, version: `v-${row.name}` }),
    audit: async (_tx, who, id, action, before, after) => {
      audits.push([who.id, id, action, before?.name ?? null, after?.name ?? null]);
    },
  });
  return { records, audits, locks };
}

const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 0,
    (error: AppError) => error.status,
  );

describe("foundOr404", () => {
  it("answers the row, or a 404 for none", () => {
    expect(foundOr404({ id: 1 })).toEqual({ id: 1 });
    expect(() => foundOr404(undefined)).toThrow(AppError);
    expect(() => foundOr404(null)).toThrow(expect.objectContaining({ status: 404 }));
  });
});

describe("crudService", () => {
  it("reads one record as staff see it, a missing one is a 404", async () => {
    const { records } = setUp(new Map([[1, { id: 1, name: "Haus A" }]]));
    expect(await records.get(tx, 1)).toEqual({ id: 1, name: "Haus A", version: "v-Haus A" });
    expect(await status(records.get(tx, 2))).toBe(404);
  });

  it("audits a create with the record read back after the insert", async () => {
    const rows = new Map<number, Row>();
    const { records, audits } = setUp(rows);
    const created = await records.create(tx, staff, async () => {
      rows.set(5, { id: 5, name: "Neu" });
      return 5;
    });
    expect(created.name).toBe("Neu");
    expect(audits).toEqual([[7, 5, "create", null, "Neu"]]);
  });

  it("updates only at the version read: the row locked first, a stale version a 409 that changes nothing", async () => {
    const rows = new Map([[1, { id: 1, name: "Alt" }]]);
    const { records, audits, locks } = setUp(rows);
    expect(await status(records.update(tx, staff, 1, "v-Other", async () => rows.clear()))).toBe(409);
    expect(rows.size).toBe(1);
    expect(await status(records.update(tx, staff, 9, "v-Alt", async () => undefined))).toBe(404);
    const after = await records.update(tx, staff, 1, "v-Alt", async (before) => {
      expect(before.name).toBe("Alt");
      rows.set(1, { id: 1, name: "Neu" });
    });
    expect(after.version).toBe("v-Neu");
    expect(locks).toEqual([1, 9, 1]);
    expect(audits).toEqual([[7, 1, "update", "Alt", "Neu"]]);
  });

  it("removes with the last values in the audit; a refusal in `drop` writes no audit entry", async () => {
    const rows = new Map([[1, { id: 1, name: "Weg" }]]);
    const { records, audits } = setUp(rows);
    await expect(
      records.remove(tx, staff, 1, async () => {
        throw new AppError("in_use_by_pages", 400);
      }),
    ).rejects.toThrow(AppError);
    expect(audits).toEqual([]);
    const removed = await records.remove(tx, staff, 1, async () => rows.delete(1));
    expect(removed.name).toBe("Weg");
    expect(audits).toEqual([[7, 1, "delete", "Weg", null]]);
  });
});
