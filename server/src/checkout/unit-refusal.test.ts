import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  academyWeeks,
  orderItemAcademyWeeks,
  orderItemSlots,
  orderItems,
  orders,
  purchaseOptions,
  scheduleSlots,
} from "../db/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import {
  ACADEMY_8_11,
  COURSE_5_7,
  createChild,
  createParent,
  pageBySlug,
  weeklySlotIds,
} from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { seatsStillFree, unitRefusal } from "./checkout.repository.ts";

/**
 * Checkout's two checks under the units' locks, asked in one statement (issue 36): a child booked twice
 * in a slot or week through another order, and a unit without a seat left for every item that books it.
 * Each refusal is read on rows written straight into the tables, and so is the order in which they come.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
type Option = Awaited<ReturnType<typeof firstOption>>;
let slot: { pageId: number; option: Option; slotId: number };
let week: { pageId: number; option: Option; weekId: number };
let parent: number;

async function firstOption(pageId: number) {
  const [option] = await ctx.database.db
    .select({ id: purchaseOptions.id, scheduleType: purchaseOptions.scheduleType })
    .from(purchaseOptions)
    .where(eq(purchaseOptions.productPageId, pageId))
    .limit(1);
  if (!option) throw new Error(`no option on page ${pageId}`);
  return option;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
  const course = await pageBySlug(ctx.database.db, COURSE_5_7);
  const [slotId] = await weeklySlotIds(ctx.database.db, course.page.id);
  if (slotId === undefined) throw new Error("the course has no weekly slot");
  slot = { pageId: course.page.id, option: await firstOption(course.page.id), slotId };
  const academy = await pageBySlug(ctx.database.db, ACADEMY_8_11);
  const [firstWeek] = academy.weeks;
  if (!firstWeek) throw new Error("the academy has no week to come");
  week = { pageId: academy.page.id, option: await firstOption(academy.page.id), weekId: firstWeek.id };
  parent = (await createParent(ctx.database.db)).id;
}, 60_000);
afterAll(() => ctx?.close());

beforeEach(async () => {
  // Each test starts from empty units with plenty of seats.
  await ctx.database.db.delete(orders);
  await ctx.database.db.update(scheduleSlots).set({ seats: 10 }).where(eq(scheduleSlots.id, slot.slotId));
  await ctx.database.db.update(academyWeeks).set({ seats: 10 }).where(eq(academyWeeks.id, week.weekId));
});

type Booking = { child: number; slot?: boolean; week?: boolean };

/** An order of `status` (awaiting payment: reserved for an hour) with one item per booking. */
async function order(status: "paid" | "awaiting_payment", bookings: Booking[]): Promise<number> {
  const { db } = ctx.database;
  const reservedUntil = status === "awaiting_payment" ? new Date(Date.now() + 3_600_000) : null;
  const [row] = await db
    .insert(orders)
    .values({ status, userId: parent, reservedUntil })
    .returning({ id: orders.id });
  if (!row) throw new Error("no order");
  for (const booking of bookings) {
    const unit = booking.week ? week : slot;
    const [item] = await db
      .insert(orderItems)
      .values({
        orderId: row.id,
        productPageId: unit.pageId,
        purchaseOptionId: unit.option.id,
        scheduleType: unit.option.scheduleType,
        calculatedPriceCents: 10_000,
        visitorId: booking.child,
      })
      .returning({ id: orderItems.id });
    if (!item) throw new Error("no item");
    if (booking.slot)
      await db.insert(orderItemSlots).values({ orderItemId: item.id, scheduleSlotId: slot.slotId });
    if (booking.week)
      await db.insert(orderItemAcademyWeeks).values({ orderItemId: item.id, academyWeekId: week.weekId });
  }
  return row.id;
}

const unitsOf = (bookings: Booking[]) => ({
  slotIds: bookings.filter((b) => b.slot).map(() => slot.slotId),
  weekIds: bookings.filter((b) => b.week).map(() => week.weekId),
});

async function refusalOf(orderId: number, bookings: Booking[]) {
  return unitRefusal(ctx.database.db, orderId, unitsOf(bookings));
}

describe("checkout's refusal under the units' locks, in one statement", () => {
  it("refuses a child who holds the same week or slot through another order, and no other child", async () => {
    const mila = await createChild(ctx.database.db, parent, 9, "Mila");
    const leo = await createChild(ctx.database.db, parent, 9, "Leo");
    await order("paid", [{ child: mila, week: true }]);
    const again = [{ child: mila, week: true }];
    expect(await refusalOf(await order("awaiting_payment", again), again)).toEqual({
      field: "academy_weeks",
      code: "already_booked",
    });
    const sibling = [{ child: leo, week: true }];
    expect(await refusalOf(await order("awaiting_payment", sibling), sibling)).toBeUndefined();

    await order("paid", [{ child: leo, slot: true }]);
    const slotAgain = [{ child: leo, slot: true }];
    expect(await refusalOf(await order("awaiting_payment", slotAgain), slotAgain)).toEqual({
      field: "schedule_slots",
      code: "already_booked",
    });
  });

  it("does not count the order's own booking, a reservation that ran out, or a cancelled item", async () => {
    const mila = await createChild(ctx.database.db, parent, 9, "Mila");
    const again = [{ child: mila, week: true }];
    const ranOut = await order("awaiting_payment", again);
    await ctx.database.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, ranOut));
    const cancelled = await order("paid", again);
    await ctx.database.db
      .update(orderItems)
      .set({ status: "cancelled" })
      .where(eq(orderItems.orderId, cancelled));
    expect(await refusalOf(await order("awaiting_payment", again), again)).toBeUndefined();
  });

  it("counts one seat per item of the order against the seats other orders hold", async () => {
    const children = [];
    for (const name of ["A", "B", "C"]) children.push(await createChild(ctx.database.db, parent, 9, name));
    const [a, b, c] = children as [number, number, number];
    // One seat of the week is someone else's: of two, one is left for the order's two children.
    await order("paid", [{ child: a, week: true }]);
    await order("awaiting_payment", [{ child: a, slot: true }]);
    await ctx.database.db.update(academyWeeks).set({ seats: 2 }).where(eq(academyWeeks.id, week.weekId));
    const two = [
      { child: b, week: true },
      { child: c, week: true },
    ];
    const twoChildren = await order("awaiting_payment", two);
    expect(await refusalOf(twoChildren, two)).toEqual({ field: "academy_weeks", code: "no_seats_left" });
    expect(await seatsStillFree(ctx.database.db, twoChildren)).toBe(false);
    await ctx.database.db.update(academyWeeks).set({ seats: 3 }).where(eq(academyWeeks.id, week.weekId));
    expect(await refusalOf(twoChildren, two)).toBeUndefined();
    expect(await seatsStillFree(ctx.database.db, twoChildren)).toBe(true);

    // The slot: its one seat is held by the reservation above.
    await ctx.database.db.update(scheduleSlots).set({ seats: 1 }).where(eq(scheduleSlots.id, slot.slotId));
    const one = [{ child: b, slot: true }];
    const late = await order("awaiting_payment", one);
    expect(await refusalOf(late, one)).toEqual({ field: "schedule_slots", code: "no_seats_left" });
    expect(await seatsStillFree(ctx.database.db, late)).toBe(false);
  });

  it("asks nothing for an order without slots or weeks (gift cards alone)", async () => {
    // A handle that cannot ask anything: a statement sent for nothing would fail here (D457).
    const nowhere = {} as typeof ctx.database.db;
    expect(await unitRefusal(nowhere, 1, { slotIds: [], weekIds: [] })).toBeUndefined();
    expect(await seatsStillFree(nowhere, 1, { slotIds: [], weekIds: [] })).toBe(true);
  });

  it("answers a child booked twice before a full unit, and slots before weeks", async () => {
    const mila = await createChild(ctx.database.db, parent, 9, "Mila");
    const leo = await createChild(ctx.database.db, parent, 9, "Leo");
    await order("paid", [
      { child: mila, week: true },
      { child: leo, slot: true },
    ]);
    await ctx.database.db.update(scheduleSlots).set({ seats: 1 }).where(eq(scheduleSlots.id, slot.slotId));
    await ctx.database.db.update(academyWeeks).set({ seats: 1 }).where(eq(academyWeeks.id, week.weekId));
    // The slot is full and Mila holds the week already: held twice comes first.
    const both = [
      { child: mila, slot: true },
      { child: mila, week: true },
    ];
    expect(await refusalOf(await order("awaiting_payment", both), both)).toEqual({
      field: "academy_weeks",
      code: "already_booked",
    });
    // Leo holds the slot and the week is full: the slot's refusal comes first.
    const leos = [
      { child: leo, slot: true },
      { child: leo, week: true },
    ];
    expect(await refusalOf(await order("awaiting_payment", leos), leos)).toEqual({
      field: "schedule_slots",
      code: "already_booked",
    });
    // Both full, nobody booked twice: the slot first.
    const ben = await createChild(ctx.database.db, parent, 9, "Ben");
    const bens = [
      { child: ben, slot: true },
      { child: ben, week: true },
    ];
    const bensOrder = await order("awaiting_payment", bens);
    expect(await refusalOf(bensOrder, bens)).toEqual({ field: "schedule_slots", code: "no_seats_left" });
    await ctx.database.db.update(scheduleSlots).set({ seats: 5 }).where(eq(scheduleSlots.id, slot.slotId));
    expect(await refusalOf(bensOrder, bens)).toEqual({
      field: "academy_weeks",
      code: "no_seats_left",
    });
  });
});
