import type { AuditArea, AuditEntry } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";
import { recordAudit } from "./audit.repository.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
let admin: Awaited<ReturnType<typeof createParent>>;

/** A month's accounting download as the log keeps it: every document it handed over (D134). */
const documents = [
  ...Array.from({ length: 790 }, (_, i) => `RE-2026-${String(i + 1).padStart(6, "0")}`),
  "GS-2026-000045",
];
/** A code valid for 400 courses, renamed (the list unchanged), then one course in the middle swapped. */
const products = Array.from({ length: 400 }, (_, i) => 10_000 + ((i * 7919) % 90_000));
const swapped = products.map((id, i) => (i === 200 ? 99_999 : id));
/** Two of its values swapped 32 places apart: the same count, glimpse and multiset, another order. */
const reordered = products.map((id, i) => (i === 2 ? products[34] : i === 34 ? products[2] : id));
// An area of its own, so the test reads only its own entries (no screen names it).
const resource = `audit-test-${Math.random().toString(36).slice(2, 8)}` as AuditArea;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  [staff, admin] = [await createParent(t.db), await createParent(t.db)];
  await t.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
  await t.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
  const write = (recordId: number, action: AuditEntry["action"], before: unknown, after: unknown) =>
    t.db.transaction((tx) =>
      recordAudit(tx, {
        userId: admin.id,
        userEmail: "leitung@example.org",
        resource,
        recordId,
        action,
        before,
        after,
      }),
    );
  await write(202610, "export", null, { month: "2026-10", format: "csv", documents });
  await write(1, "update", { name: "SOMMER", products }, { name: "SOMMER26", products });
  await write(1, "update", { name: "SOMMER26", products }, { name: "SOMMER26", products: swapped });
  await write(1, "update", { name: "SOMMER26", products: reordered }, { name: "SOMMER26", products });
  await write(2, "update", { name: "A", products: products.slice(0, 15) }, { name: "B", products: [] });
}, 60_000);
afterAll(() => t?.close());

const list = async (range = "[0,9]") => {
  const res = await t.call("GET", "/api/v2/admin/audit/", {
    headers: admin.headers,
    query: { filter: JSON.stringify({ resource }), range },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as AuditEntry[];
};

describe(`the audit log's long lists (D423, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("sends a long list as its first three values and its last, with its count and digest", async () => {
    const [short, reorder, swap, rename, download] = await list();
    expect(download?.after).toEqual({
      month: "2026-10",
      format: "csv",
      documents: ["RE-2026-000001", "RE-2026-000002", "RE-2026-000003", "GS-2026-000045"],
    });
    expect(download?.folded).toEqual([{ side: "after", field: "documents", count: 791, digest: "" }]);
    // A small entry is sent whole, its list of 15 as well: the screen folds it itself.
    expect(short?.before).toEqual({ name: "A", products: products.slice(0, 15) });
    expect(short?.folded).toEqual([]);
    const [a, b, c] = products;
    expect(rename?.before).toEqual({ name: "SOMMER", products: [a, b, c, products.at(-1)] });
    // The same list on both sides has one digest; a value swapped in its middle gives another.
    const digests = (entry?: AuditEntry) =>
      entry?.folded.map((fold) => `${fold.side} ${fold.count} ${fold.digest}`);
    const [before, after] = digests(rename) ?? [];
    expect(before?.replace("before", "after")).toBe(after);
    const [swapBefore, swapAfter] = swap?.folded ?? [];
    expect(swapBefore?.count).toBe(swapAfter?.count);
    expect(swapBefore?.digest).not.toBe(swapAfter?.digest);
    const [reorderBefore, reorderAfter] = reorder?.folded ?? [];
    expect(reorderBefore?.digest).not.toBe(reorderAfter?.digest);
    // An export's two sides are never compared: its list is not hashed.
    expect(download?.folded[0]?.digest).toBe("");
    expect(swap?.after).toEqual({ name: "SOMMER26", products: [a, b, c, products.at(-1)] });
  });

  it("keeps the newest-first order and the pages when lists are folded", async () => {
    const whole = await list();
    const second = await list("[1,3]");
    expect(second.map((entry) => entry.id)).toEqual(whole.slice(1, 4).map((entry) => entry.id));
  });

  it("sends the entry whole on its own call, for admins only", async () => {
    const download = (await list()).at(-1);
    const res = await t.call("GET", `/api/v2/admin/audit/${download?.id}/`, { headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: download?.id,
      user_email: "leitung@example.org",
      after: { documents },
      folded: [],
    });
    const asStaff = await t.call("GET", `/api/v2/admin/audit/${download?.id}/`, { headers: staff.headers });
    expect(asStaff.statusCode).toBe(403);
    const missing = await t.call("GET", "/api/v2/admin/audit/2147483000/", { headers: admin.headers });
    expect(missing.statusCode).toBe(404);
  });
});
