import { randomUUID } from "node:crypto";
import { todayInBerlin } from "@atelier/contract";
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, invoices, orderItems, staffRefunds } from "../db/schema/index.ts";
import { mutatedBody } from "../test/admin-arbitraries.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { propertyRuns } from "../test/property-runs.ts";
import { type createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * fast-check over the staff refund route (D127): whatever a staff member's browser sends, the reply is
 * never a 5xx, and a refused request writes nothing, neither a refund, a credit note nor an audit entry.
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
let orderId = 0;
let itemId = 0;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
  const weekday = (new Date(`${todayInBerlin()}T00:00:00Z`).getUTCDay() + 6) % 7;
  const parent = await t.parentWithCourse(t.weekly.findIndex((s) => s.weekday !== weekday));
  const fulfilled = await t.fulfil(parent.headers);
  t.standIn.approve(fulfilled.json().id);
  expect((await t.capture(parent.headers, fulfilled.json().id)).statusCode).toBe(200);
  orderId = fulfilled.json().order_id;
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  itemId = item?.id ?? 0;
}, 60_000);
afterAll(() => t?.close());

/** 100 cases a property in `npm run test:deep`, a fixed sample in `npm test` (D337). */
const RUNS = propertyRuns(100);

const nasty = fc.constantFrom<unknown>(
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_991,
  1e308,
  -0,
  0.5,
  -1,
  0,
  "\u0000",
  "a\u0000b",
  "\ud800",
  "",
  " ",
  "x".repeat(30_000),
  null,
  true,
  [],
  {},
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.integer() },
);

async function footprint() {
  const n = async (table: typeof auditLog | typeof staffRefunds | typeof invoices) =>
    (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { audit: await n(auditLog), refunds: await n(staffRefunds), documents: await n(invoices) };
}

describe(`fast-check over the staff refund route (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("never answers 5xx, and a refused refund writes nothing", async () => {
    const keys = ["request_id", "item", "amount_cents", "cancel_item", "reason"];
    const body = fc.oneof(
      {
        weight: 5,
        arbitrary: fc
          .tuple(
            fc.dictionary(fc.constantFrom(...keys), anyValue, { minKeys: 1, maxKeys: 2 }),
            fc.subarray(keys),
          )
          .map(([set, drop]) => (valid: Record<string, unknown>) => {
            const next: Record<string, unknown> = { ...valid, ...set };
            for (const key of drop.slice(0, 1)) delete next[key];
            return next;
          }),
      },
      { weight: 1, arbitrary: fc.constant((valid: Record<string, unknown>) => valid) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((any) => () => any) },
    );
    const target = fc.constantFrom<"own" | "missing" | "huge">("own", "own", "own", "missing", "huge");
    await fc.assert(
      fc.asyncProperty(body, target, async (make, which) => {
        const valid = {
          request_id: randomUUID(),
          item: itemId,
          amount_cents: 100,
          cancel_item: false,
          reason: "Kulanz",
        };
        const id = which === "own" ? orderId : which === "missing" ? 2_147_483_000 : 2_147_483_648;
        const before = await footprint();
        const res = await t.call("POST", `/api/v2/admin/orders/${id}/refunds/`, {
          headers: staff.headers,
          body: make(valid),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode >= 400) expect(await footprint()).toEqual(before);
        else expect((await footprint()).audit).toBe(before.audit + 1);
      }),
      RUNS,
    );
  }, 300_000);

  it("moving a child: never 5xx, a refused move writes nothing, a move writes one audit entry at most (D161)", async () => {
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    if (!item) throw new Error("no item");
    const slots = t.weekly.map((s) => s.id);
    const body = mutatedBody(["item", "kind", "from", "to"], anyValue);
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom(...slots), fc.constantFrom(...slots), async (make, from, to) => {
        const before = await footprint();
        const res = await t.call("POST", `/api/v2/admin/orders/${orderId}/move/`, {
          headers: staff.headers,
          body: make({ item: itemId, kind: "slot", from, to }),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        const after = await footprint();
        if (res.statusCode >= 400) expect(after).toEqual(before);
        else expect(after.audit - before.audit).toBeLessThanOrEqual(1);
      }),
      propertyRuns(60),
    );
  }, 300_000);
});
