import { randomUUID } from "node:crypto";
import { todayInBerlin } from "@atelier/contract";
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox, orders, partyRequests } from "../db/schema/index.ts";
import { mutatedBody } from "../test/admin-arbitraries.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { propertyRuns } from "../test/property-runs.ts";
import { createChild, createParent, createStaff, pageBySlug } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * fast-check over the write routes of staff orders and party requests (D156, D160): whatever a staff
 * member's browser sends, never a 5xx, and a refused request writes nothing (no order, mail or audit entry).
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
let parent: Awaited<ReturnType<typeof createParent>>;
let child = 0;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
  parent = await createParent(t.db);
  child = await createChild(t.db, parent.id, 6);
}, 300_000);
afterAll(() => t?.close());

/** 100 cases a property in `npm run test:deep`, a fixed sample in `npm test` (D337). */
const RUNS = propertyRuns(100);

const hostile = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      2_147_483_648,
      -1,
      0,
      0.5,
      1e308,
      "",
      "\u0000",
      "x".repeat(20_000),
      null,
      true,
      [],
      {},
      [{}],
      [{ product_page: 1, purchase_option: 1, visitor: null }],
      "not-a-uuid",
      "2026-02-30",
      ["2020-01-01"],
    ),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.integer() },
);

async function footprint() {
  const n = async (table: typeof auditLog | typeof orders | typeof mailOutbox) =>
    (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { audit: await n(auditLog), orders: await n(orders), mails: await n(mailOutbox) };
}

const inDays = (days: number) => {
  const day = new Date(`${todayInBerlin()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

describe(`fast-check over staff orders and party confirmations (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("POST /api/v2/admin/staff-orders/ never answers 5xx; a refusal writes nothing", async () => {
    const keys = ["request_id", "parent", "hold_minutes", "items"];
    await fc.assert(
      fc.asyncProperty(mutatedBody(keys, hostile), async (make) => {
        const valid = {
          request_id: randomUUID(),
          parent: parent.id,
          hold_minutes: 30,
          items: [
            {
              product_page: t.course.page.id,
              purchase_option: t.course.option("Course (1 / week)").id,
              visitor: child,
              schedule_slots: [t.weekly[0]?.id],
            },
          ],
        };
        const before = await footprint();
        const res = await t.call("POST", "/api/v2/admin/staff-orders/", {
          headers: staff.headers,
          body: make(valid),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        const after = await footprint();
        if (res.statusCode >= 400) expect(after).toEqual(before);
        else {
          // A new order: one order, one mail, one audit entry; a repeated request id: nothing.
          expect(after.orders - before.orders).toBe(after.audit - before.audit);
          expect(after.mails - before.mails).toBe(after.audit - before.audit);
        }
        // Free the seat again, so later runs reach the database's checks rather than "no seats left".
        await t.db.update(orders).set({ status: "expired" }).where(eq(orders.userId, parent.id));
      }),
      RUNS,
    );
  }, 600_000);

  it("POST /api/v2/admin/party-requests/{id}/confirm/ never answers 5xx; a refusal writes nothing", async () => {
    const party = await pageBySlug(t.db, "roboter-geburtstag");
    const keys = ["version", "date", "hold_minutes"];
    await fc.assert(
      fc.asyncProperty(mutatedBody(keys, hostile), async (make) => {
        const [row] = await t.db
          .insert(partyRequests)
          .values({
            userId: parent.id,
            productPageId: party.page.id,
            purchaseOptionId: party.options[0]?.id ?? 0,
            dates: [inDays(30)],
            childrenCount: 6,
            ages: [7],
          })
          .returning();
        const shown = await t.call("GET", `/api/v2/admin/party-requests/${row?.id}/`, {
          headers: staff.headers,
        });
        const valid = { version: shown.json().version, date: inDays(30), hold_minutes: null };
        const before = await footprint();
        const res = await t.call("POST", `/api/v2/admin/party-requests/${row?.id}/confirm/`, {
          headers: staff.headers,
          body: make(valid),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        const after = await footprint();
        if (res.statusCode >= 400) expect(after).toEqual(before);
        else
          expect(after).toEqual({
            audit: before.audit + 1,
            orders: before.orders + 1,
            mails: before.mails + 1,
          });
      }),
      RUNS,
    );
  }, 600_000);
});
