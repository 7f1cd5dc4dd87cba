import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { lockRace } from "../test/lock-race.ts";
import { propertyRuns } from "../test/property-runs.ts";
import { COURSE_5_7, holdSeat, pageBySlug } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { usesPostgres } from "../test/test-database.ts";
import { orderItems, orders, payments, settledPaymentState, staffRefunds, withdrawals } from "./index.ts";

/**
 * D502: an order keeps what its payments captured and refunded and what withdrawals and staff refunds gave
 * back onto its gift card, and the back office's payment state and its filter read only those sums. They
 * are written by PostgreSQL's triggers, so a wrong sum would show a refunded order as paid; these tests
 * write the three tables the ways the shop does (and a few it does not) and read the sums after each write.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let pageId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
  pageId = (await pageBySlug(ctx.database.db, COURSE_5_7)).page.id;
}, 60_000);
afterAll(() => ctx?.close());

type Sums = { captured: number; refunded: number; returned: number };

/** The sums each order keeps, beside the same sums read from its payments, withdrawals and refunds now. */
async function sumsOf(orderIds: number[]): Promise<{ kept: Sums; counted: Sums }[]> {
  const result = (await ctx.database.db.execute(sql`
    select o.payments_captured_cents as kept_captured, o.payments_refunded_cents as kept_refunded,
      o.gift_card_returned_cents as kept_returned,
      coalesce((select sum(p.amount_cents) from payments p where p.order_id = o.id and p.capture_id is not null), 0)::int as captured,
      coalesce((select sum(p.refunded_cents) from payments p where p.order_id = o.id), 0)::int as refunded,
      (coalesce((select sum(w.gift_card_cents) from withdrawals w where w.order_id = o.id), 0)
        + coalesce((select sum(r.gift_card_cents) from staff_refunds r where r.order_id = o.id), 0))::int as returned
    from orders o where o.id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by o.id`)) as unknown as { rows: Record<string, number>[] };
  return result.rows.map((row) => ({
    kept: { captured: row.kept_captured, refunded: row.kept_refunded, returned: row.kept_returned } as Sums,
    counted: { captured: row.captured, refunded: row.refunded, returned: row.returned } as Sums,
  }));
}

/** Two paid orders with one item each, as a back office would write them. */
async function twoOrders(): Promise<{ order: number; item: number }[]> {
  const made = [];
  for (let i = 0; i < 2; i++) {
    const order = await holdSeat(ctx.database.db, { pageId, order: { giftCardCents: 5_000 } });
    const [item] = await ctx.database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, order));
    if (!item) throw new Error("no item");
    made.push({ order, item: item.id });
  }
  return made;
}

/** One write to payments, withdrawals or staff refunds; `which` picks an order (0 or 1) or a row. */
type Write =
  | { kind: "pay"; which: number; cents: number; captured: boolean }
  | { kind: "capture"; which: number }
  | { kind: "refund"; which: number; cents: number }
  | { kind: "move"; which: number }
  | { kind: "delete_payment"; which: number }
  | { kind: "withdraw"; which: number; cents: number }
  | { kind: "staff_refund"; which: number; cents: number; gateway: number }
  | { kind: "change_card_part"; which: number; cents: number }
  | { kind: "delete_return"; which: number };

const cents = fc.integer({ min: 0, max: 20_000 });
const which = fc.nat({ max: 7 });
const writes = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant("pay" as const), which, cents, captured: fc.boolean() }),
    fc.record({ kind: fc.constant("capture" as const), which }),
    fc.record({ kind: fc.constant("refund" as const), which, cents }),
    fc.record({ kind: fc.constant("move" as const), which }),
    fc.record({ kind: fc.constant("delete_payment" as const), which }),
    fc.record({ kind: fc.constant("withdraw" as const), which, cents }),
    fc.record({ kind: fc.constant("staff_refund" as const), which, cents, gateway: cents }),
    fc.record({ kind: fc.constant("change_card_part" as const), which, cents }),
    fc.record({ kind: fc.constant("delete_return" as const), which }),
  ),
  { minLength: 1, maxLength: 12 },
);

/** Applies one write to the two orders' rows; a write with nothing to act on does nothing. */
async function apply(write: Write, pair: { order: number; item: number }[]): Promise<void> {
  const db = ctx.database.db;
  const target = pair[write.which % 2] as { order: number; item: number };
  const orderIds = pair.map((p) => p.order);
  const paymentRows = await db
    .select()
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(payments.id);
  const payment = paymentRows.length > 0 ? paymentRows[write.which % paymentRows.length] : undefined;
  switch (write.kind) {
    case "pay":
      await db.insert(payments).values({
        orderId: target.order,
        gateway: "paypal",
        gatewayOrderId: `SUMS-${randomUUID()}`,
        amountCents: write.cents,
        ...(write.captured ? { status: "captured" as const, captureId: `CAP-${randomUUID()}` } : {}),
      });
      return;
    case "capture":
      if (payment && !payment.captureId)
        await db
          .update(payments)
          .set({ status: "captured", captureId: `CAP-${randomUUID()}` })
          .where(eq(payments.id, payment.id));
      return;
    case "refund":
      if (payment)
        await db
          .update(payments)
          .set({ refundedCents: Math.min(payment.amountCents, write.cents) })
          .where(eq(payments.id, payment.id));
      return;
    case "move":
      if (payment) {
        const other = orderIds.find((id) => id !== payment.orderId) as number;
        await db.update(payments).set({ orderId: other }).where(eq(payments.id, payment.id));
      }
      return;
    case "delete_payment":
      if (payment) await db.delete(payments).where(eq(payments.id, payment.id));
      return;
    case "withdraw":
      // One withdrawal per item: a second one changes the card's part instead.
      await db
        .insert(withdrawals)
        .values({
          orderId: target.order,
          orderItemId: target.item,
          paidCents: 10_000,
          refundCents: write.cents,
          gatewayCents: 0,
          giftCardCents: write.cents,
          basis: "test",
          refundState: "none",
        })
        .onConflictDoUpdate({
          target: withdrawals.orderItemId,
          set: { giftCardCents: write.cents, refundCents: write.cents },
        });
      return;
    case "staff_refund":
      await db.insert(staffRefunds).values({
        requestId: randomUUID(),
        orderId: target.order,
        orderItemId: target.item,
        reason: "test",
        amountCents: write.gateway,
        giftCardCents: write.cents,
        cancelItem: true,
        refundState: "none",
      });
      return;
    case "change_card_part": {
      const [refund] = await db.select().from(staffRefunds).where(eq(staffRefunds.orderId, target.order));
      if (refund)
        await db
          .update(staffRefunds)
          .set({ giftCardCents: write.cents })
          .where(eq(staffRefunds.id, refund.id));
      return;
    }
    case "delete_return":
      await db.delete(staffRefunds).where(eq(staffRefunds.orderId, target.order));
      await db.delete(withdrawals).where(eq(withdrawals.orderId, target.order));
      return;
  }
}

describe("an order's money sums (D502)", () => {
  it("match the order's payments, withdrawals and staff refunds after every write", async () => {
    await fc.assert(
      fc.asyncProperty(writes, async (sequence) => {
        const pair = await twoOrders();
        for (const write of sequence) {
          await apply(write, pair);
          for (const { kept, counted } of await sumsOf(pair.map((p) => p.order)))
            expect(kept).toEqual(counted);
        }
      }),
      propertyRuns(25),
    );
  });

  it("are written in the payment's transaction and rolled back with it", async () => {
    const [first] = await twoOrders();
    if (!first) throw new Error("no order");
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.insert(payments).values({
          orderId: first.order,
          gateway: "paypal",
          gatewayOrderId: `SUMS-${randomUUID()}`,
          amountCents: 7_000,
          status: "captured",
          captureId: `CAP-${randomUUID()}`,
        });
        const [inside] = await tx
          .select({ captured: orders.paymentsCapturedCents })
          .from(orders)
          .where(eq(orders.id, first.order));
        expect(inside?.captured).toBe(7_000);
        throw new Error("rolled back");
      })
      .catch((error: Error) => expect(error.message).toBe("rolled back"));
    const [after] = await sumsOf([first.order]);
    expect(after?.kept).toEqual({ captured: 0, refunded: 0, returned: 0 });
  });

  it.runIf(usesPostgres())(
    "count the payment another transaction writes to the same order at the same time",
    async () => {
      // The shop takes an order's lock before its payment's; this race skips that, and the trigger's own
      // lock still keeps both payments in the sums.
      const [first] = await twoOrders();
      if (!first) throw new Error("no order");
      const captured = () => ({
        orderId: first.order,
        gateway: "paypal" as const,
        gatewayOrderId: `SUMS-${randomUUID()}`,
        amountCents: 1_000,
        status: "captured" as const,
        captureId: `CAP-${randomUUID()}`,
      });
      const race = lockRace(ctx.database.db);
      try {
        const letGo = await race.holdLock((tx) => tx.insert(payments).values(captured()));
        const second = ctx.database.db.insert(payments).values(captured()).execute();
        await race.untilWaiting(1);
        await letGo();
        await second;
      } finally {
        await race.releaseAll();
      }
      const [after] = await sumsOf([first.order]);
      expect(after?.counted.captured).toBe(2_000);
      expect(after?.kept).toEqual(after?.counted);
    },
  );

  it("is the index's expression: the list filtered by a state can read its page from the index", async () => {
    // With sequential scans off PostgreSQL takes an index whenever one fits; the expression index fits only
    // while `settledPaymentState` is written as migration 0052 wrote it.
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx
        .select({ id: orders.id })
        .from(orders)
        .where(sql`${settledPaymentState(orders)} = ${"partly_refunded"}`)
        .toSQL();
      const result = (await tx.execute(
        sql.raw(
          `explain ${query.sql.replace(/\$(\d+)/g, (_, n) => `'${String(query.params[Number(n) - 1])}'`)}`,
        ),
      )) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((row) => Object.values(row)[0]).join("\n");
    });
    expect(plan).toContain("orders_payment_state_idx");
  });
});
