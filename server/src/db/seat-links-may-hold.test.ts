import { ORDER_ITEM_STATUSES, ORDER_STATUSES } from "@atelier/contract";
import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdsSeats, SLOT_UNITS, type UnitKind, WEEK_UNITS } from "../seats/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { propertyRuns } from "../test/property-runs.ts";
import { ACADEMY_8_11, COURSE_5_7, holdSeat, pageBySlug, weeklySlotIds } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { usesPostgres } from "../test/test-database.ts";
import { orderItems, orders } from "./index.ts";

/**
 * D419, D438: a booking's link to a weekly slot or an academy week says whether it may hold a seat, and
 * seats, rosters and lessons read only such links. PostgreSQL's triggers keep it on every insert and status
 * change, so a wrong flag would hide a seat (an order revived by a late capture) or slow nothing down; these
 * tests read it after each change.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;

/** Each kind of unit: its link table's names in SQL, its rule's function, and a booking of one unit. */
type Kind = {
  name: string;
  units: UnitKind;
  table: SQL;
  unitColumn: SQL;
  rule: SQL;
  hold: (order?: Partial<typeof orders.$inferInsert>) => Promise<number>;
  unit: () => number;
  /**
   * Whether the flag is also right for links written into an order of any status and for items moved
   * between orders. A week's is (a wrong false would hide a seat, D438); a slot's link starts true and is
   * only ever written into a cart, and a cart's items move only into another cart (D419).
   */
  setOnInsertAndMove: boolean;
};
let slot: { pageId: number; slotId: number };
let week: { pageId: number; weekId: number };
const KINDS: Kind[] = [
  {
    name: "a weekly slot (D419)",
    units: SLOT_UNITS,
    table: sql`order_item_slots`,
    unitColumn: sql`schedule_slot_id`,
    rule: sql`order_item_slot_may_hold_seat`,
    hold: (order) => holdSeat(ctx.database.db, { ...slot, order }),
    unit: () => slot.slotId,
    setOnInsertAndMove: false,
  },
  {
    name: "an academy week (D438)",
    units: WEEK_UNITS,
    table: sql`order_item_academy_weeks`,
    unitColumn: sql`academy_week_id`,
    rule: sql`order_item_week_may_hold_seat`,
    hold: (order) => holdSeat(ctx.database.db, { ...week, order }),
    unit: () => week.weekId,
    setOnInsertAndMove: true,
  },
];

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
  const course = await pageBySlug(ctx.database.db, COURSE_5_7);
  const [first] = await weeklySlotIds(ctx.database.db, course.page.id);
  if (first === undefined) throw new Error("the course has no weekly slot");
  slot = { pageId: course.page.id, slotId: first };
  const academy = await pageBySlug(ctx.database.db, ACADEMY_8_11);
  const [firstWeek] = academy.weeks;
  if (!firstWeek) throw new Error("the academy has no week to come");
  week = { pageId: academy.page.id, weekId: firstWeek.id };
}, 60_000);
afterAll(() => ctx?.close());

type LinkState = { item: number; flag: boolean; expected: boolean };

/** Each link of `orderIds` with its flag and what the rule says from its item's and order's status now. */
async function linksOf(kind: Kind, orderIds: number[]): Promise<LinkState[]> {
  const result = (await ctx.database.db.execute(sql`
    select l.order_item_id as item, l.may_hold_seat as flag, ${kind.rule}(i.status::text, o.status::text) as expected
    from ${kind.table} l join order_items i on i.id = l.order_item_id join orders o on o.id = i.order_id
    where o.id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by l.order_item_id`)) as unknown as { rows: LinkState[] };
  return result.rows.map((row) => ({ item: Number(row.item), flag: row.flag, expected: row.expected }));
}

/** Seats the unit's bookings hold (seats.ts's rule), counted over every link and over the flagged links only. */
async function seatsCounted(kind: Kind): Promise<{ all: number; flagged: number }> {
  const held = (flaggedOnly: boolean) =>
    ctx.database.db
      .select({ n: count() })
      .from(kind.units.links)
      .innerJoin(orderItems, eq(orderItems.id, kind.units.item))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          sql`${kind.units.unit} = ${kind.unit()}`,
          flaggedOnly ? kind.units.mayHold : undefined,
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

describe(`a booking's link says whether it may still hold a seat (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  for (const kind of KINDS) {
    it(`${kind.name}: follows the order through expiry, a late capture's revival, refund, and the item's cancellation`, async () => {
      const db = ctx.database.db;
      const orderId = await kind.hold();
      const item = await itemOf(orderId);
      const before = (await seatsCounted(kind)).all;
      const flag = async () => (await linksOf(kind, [orderId]))[0]?.flag;
      expect(await flag()).toBe(true);

      await db.update(orders).set({ status: "expired" }).where(eq(orders.id, orderId));
      expect(await flag()).toBe(false);
      expect((await seatsCounted(kind)).all).toBe(before - 1);

      // A capture that PayPal made after the reservation ran out revives the order: its seat counts again.
      await db.update(orders).set({ status: "paid" }).where(eq(orders.id, orderId));
      expect(await flag()).toBe(true);
      expect(await seatsCounted(kind)).toEqual({ all: before, flagged: before });

      await db.update(orderItems).set({ status: "cancelled" }).where(eq(orderItems.id, item));
      expect(await flag()).toBe(false);
      await db.update(orderItems).set({ status: "active" }).where(eq(orderItems.id, item));
      expect(await flag()).toBe(true);

      await db.update(orders).set({ status: "refunded" }).where(eq(orders.id, orderId));
      expect(await flag()).toBe(false);
      expect(await seatsCounted(kind)).toEqual({ all: before - 1, flagged: before - 1 });
    });

    it(`${kind.name}: is set for every order of one statement (the payment worker expires reservations together)`, async () => {
      const db = ctx.database.db;
      const reserved = { status: "awaiting_payment" as const, reservedUntil: new Date(Date.now() - 1000) };
      const ids = [await kind.hold(reserved), await kind.hold(reserved), await kind.hold(reserved)];
      await db.update(orders).set({ status: "expired" }).where(inArray(orders.id, ids));
      expect((await linksOf(kind, ids)).map((link) => link.flag)).toEqual([false, false, false]);
    });

    it(`${kind.name}: matches the rule after any sequence of status changes, and seats counted on flagged links are all seats`, async () => {
      const db = ctx.database.db;
      const statusChange = [
        fc.record({ order: fc.nat(3), status: fc.constantFrom(...ORDER_STATUSES) }),
        fc.record({ item: fc.nat(3), status: fc.constantFrom(...ORDER_ITEM_STATUSES) }),
      ];
      // An item moved into another of the four orders, as a guest's cart moves into the parent's at sign-in.
      const move = fc.record({ item: fc.nat(3), into: fc.nat(3) });
      const change = kind.setOnInsertAndMove ? fc.oneof(...statusChange, move) : fc.oneof(...statusChange);
      const initial = kind.setOnInsertAndMove
        ? fc.constantFrom(...ORDER_STATUSES)
        : fc.constant<(typeof ORDER_STATUSES)[number]>("paid");
      await fc.assert(
        fc.asyncProperty(
          fc.array(initial, { minLength: 4, maxLength: 4 }),
          fc.array(change, { minLength: 1, maxLength: 8 }),
          async (statuses, changes) => {
            const reservedUntil = new Date(Date.now() + 60_000);
            const ids: number[] = [];
            // Links written into orders of any status, as the back office and the generator write them.
            for (const status of statuses) ids.push(await kind.hold({ status, reservedUntil }));
            const items = await Promise.all(ids.map(itemOf));
            for (const step of changes) {
              if ("order" in step)
                await db
                  .update(orders)
                  .set({ status: step.status, reservedUntil })
                  .where(eq(orders.id, ids[step.order] ?? 0));
              else if ("into" in step)
                await db
                  .update(orderItems)
                  .set({ orderId: ids[step.into] ?? 0 })
                  .where(eq(orderItems.id, items[step.item] ?? 0));
              else
                await db
                  .update(orderItems)
                  .set({ status: step.status })
                  .where(eq(orderItems.id, items[step.item] ?? 0));
            }
            for (const link of await linksOf(kind, ids)) expect(link.flag).toBe(link.expected);
            const seats = await seatsCounted(kind);
            expect(seats.flagged).toBe(seats.all);
            // Leave no seat behind for the next case's count.
            await db.update(orders).set({ status: "cancelled" }).where(inArray(orders.id, ids));
          },
        ),
        propertyRuns(40),
      );
    });
  }

  it("an academy week: a cart's link holds nothing until its checkout, and then at once", async () => {
    const kind = KINDS[1] as Kind;
    const db = ctx.database.db;
    const orderId = await kind.hold({ status: "cart" });
    expect((await linksOf(kind, [orderId]))[0]?.flag).toBe(false);
    await db
      .update(orders)
      .set({ status: "awaiting_payment", reservedUntil: new Date(Date.now() + 60_000) })
      .where(eq(orders.id, orderId));
    expect((await linksOf(kind, [orderId]))[0]?.flag).toBe(true);
    const seats = await seatsCounted(kind);
    expect(seats.flagged).toBe(seats.all);
    await db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, orderId));
  });
});
