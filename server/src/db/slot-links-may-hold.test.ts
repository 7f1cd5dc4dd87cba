import { ORDER_ITEM_STATUSES, ORDER_STATUSES } from "@atelier/contract";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdsSeats, SLOT_UNITS } from "../seats/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { propertyRuns } from "../test/property-runs.ts";
import { COURSE_5_7, holdSeat, pageBySlug, weeklySlotIds } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { usesPostgres } from "../test/test-database.ts";
import { orderItemSlots, orderItems, orders } from "./index.ts";

/**
 * D419: a weekly slot's link says whether its booking may still hold a seat, and seats, rosters and lessons
 * read only such links. PostgreSQL's triggers keep it on every status change, so a wrong flag would hide a
 * seat (an order revived by a late capture) or slow nothing down; these tests read it after each change.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let pageId: number;
let slotId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
  const course = await pageBySlug(ctx.database.db, COURSE_5_7);
  pageId = course.page.id;
  const [first] = await weeklySlotIds(ctx.database.db, pageId);
  if (first === undefined) throw new Error("the course has no weekly slot");
  slotId = first;
}, 60_000);
afterAll(() => ctx?.close());

type LinkState = { item: number; flag: boolean; expected: boolean };

/** Each link of `orderIds` with its flag and what the rule says from its item's and order's status now. */
async function linksOf(orderIds: number[]): Promise<LinkState[]> {
  const result = (await ctx.database.db.execute(sql`
    select l.order_item_id as item, l.may_hold_seat as flag,
      order_item_slot_may_hold_seat(i.status::text, o.status::text) as expected
    from order_item_slots l join order_items i on i.id = l.order_item_id join orders o on o.id = i.order_id
    where o.id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by l.order_item_id`)) as unknown as { rows: LinkState[] };
  return result.rows.map((row) => ({
    item: Number(row.item),
    flag: row.flag,
    expected: row.expected,
  }));
}

/** Seats the slot's bookings hold (seats.ts's rule), counted over every link and over the flagged links only. */
async function seatsCounted(): Promise<{ all: number; flagged: number }> {
  const held = (flaggedOnly: boolean) =>
    ctx.database.db
      .select({ n: count() })
      .from(orderItemSlots)
      .innerJoin(orderItems, eq(orderItems.id, orderItemSlots.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItemSlots.scheduleSlotId, slotId),
          flaggedOnly ? SLOT_UNITS.mayHold : undefined,
          holdsSeats,
        ),
      );
  const [[all], [flagged]] = await Promise.all([held(false), held(true)]);
  return { all: Number(all?.n), flagged: Number(flagged?.n) };
}

const itemOf = async (orderId: number) => {
  const [item] = await ctx.database.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  if (!item) throw new Error("no item");
  return item.id;
};

describe(`a slot link says whether its booking may still hold a seat (D419, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("follows the order through expiry, a late capture's revival, refund, and the item's cancellation", async () => {
    const db = ctx.database.db;
    const orderId = await holdSeat(db, { pageId, slotId });
    const item = await itemOf(orderId);
    const before = (await seatsCounted()).all;
    const flag = async () => (await linksOf([orderId]))[0]?.flag;
    expect(await flag()).toBe(true);

    await db.update(orders).set({ status: "expired" }).where(eq(orders.id, orderId));
    expect(await flag()).toBe(false);
    expect((await seatsCounted()).all).toBe(before - 1);

    // A capture that PayPal made after the reservation ran out revives the order: its seat counts again.
    await db.update(orders).set({ status: "paid" }).where(eq(orders.id, orderId));
    expect(await flag()).toBe(true);
    expect(await seatsCounted()).toEqual({ all: before, flagged: before });

    await db.update(orderItems).set({ status: "frozen" }).where(eq(orderItems.id, item));
    expect(await flag()).toBe(true);
    await db.update(orderItems).set({ status: "cancelled" }).where(eq(orderItems.id, item));
    expect(await flag()).toBe(false);
    await db.update(orderItems).set({ status: "active" }).where(eq(orderItems.id, item));
    expect(await flag()).toBe(true);

    await db.update(orders).set({ status: "refunded" }).where(eq(orders.id, orderId));
    expect(await flag()).toBe(false);
    expect(await seatsCounted()).toEqual({ all: before - 1, flagged: before - 1 });
  });

  it("is set for every order of one statement (the payment worker expires reservations together)", async () => {
    const db = ctx.database.db;
    const reserved = { status: "awaiting_payment" as const, reservedUntil: new Date(Date.now() - 1000) };
    const ids = [
      await holdSeat(db, { pageId, slotId, order: reserved }),
      await holdSeat(db, { pageId, slotId, order: reserved }),
      await holdSeat(db, { pageId, slotId, order: reserved }),
    ];
    await db.update(orders).set({ status: "expired" }).where(inArray(orders.id, ids));
    expect((await linksOf(ids)).map((link) => link.flag)).toEqual([false, false, false]);
  });

  it("matches the rule after any sequence of status changes, and seats counted on flagged links are all seats", async () => {
    const db = ctx.database.db;
    const change = fc.oneof(
      fc.record({ order: fc.nat(3), status: fc.constantFrom(...ORDER_STATUSES) }),
      fc.record({ item: fc.nat(3), status: fc.constantFrom(...ORDER_ITEM_STATUSES) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 8 }), async (changes) => {
        const ids: number[] = [];
        for (let i = 0; i < 4; i++) ids.push(await holdSeat(db, { pageId, slotId }));
        const items = await Promise.all(ids.map(itemOf));
        for (const step of changes) {
          if ("order" in step)
            await db
              .update(orders)
              .set({ status: step.status, reservedUntil: new Date(Date.now() + 60_000) })
              .where(eq(orders.id, ids[step.order] ?? 0));
          else
            await db
              .update(orderItems)
              .set({ status: step.status })
              .where(eq(orderItems.id, items[step.item] ?? 0));
        }
        for (const link of await linksOf(ids)) expect(link.flag).toBe(link.expected);
        const seats = await seatsCounted();
        expect(seats.flagged).toBe(seats.all);
        // Leave no seat behind for the next case's count.
        await db.update(orders).set({ status: "cancelled" }).where(inArray(orders.id, ids));
      }),
      propertyRuns(40),
    );
  });
});
