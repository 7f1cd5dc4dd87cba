import { berlinDate } from "@atelier/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cancelledLessons,
  closures,
  makeupBookings,
  orderItems,
  productPages,
  scheduleSlots,
} from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { lockRace } from "../test/lock-race.ts";
import { createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";
import { addDays } from "./lesson-time.ts";
import { seatsTakenOn } from "./lessons.repository.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
const tomorrow = () => addDays(berlinDate(new Date()), 1);
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

beforeAll(async () => {
  // Long waits: these tests prove who gets the seat under a race, not the 503 of a slow machine.
  t = await createCheckoutTestApp({ env: { DB_POOL_WAIT_MS: "60000", DB_LOCK_TIMEOUT_MS: "60000" } });
  await t.db.delete(closures);
  await t.db.update(productPages).set({ makeupAllowed: true }).where(eq(productPages.id, t.course.page.id));
  for (const slot of t.weekly.slice(0, 2))
    await t.db
      .update(scheduleSlots)
      .set({ weekday: weekdayOf(tomorrow()), start: "16:00", end: "17:30", seats: 40 })
      .where(eq(scheduleSlots.id, slot.id));
}, 60_000);
afterAll(() => t?.close());

/** A parent whose child missed tomorrow's lesson in slot 0: one open credit. */
async function parentWithCredit() {
  const parent = await t.parentWithCourse(0);
  const { id, order_id } = (await t.fulfil(parent.headers)).json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
  const reported = await t.call("POST", "/api/v2/lessons/absences/", {
    headers: parent.headers,
    body: { order_item: item?.id, dates: [tomorrow()] },
  });
  expect(reported.statusCode, reported.body).toBe(200);
  const [credit] = reported.json().credits;
  return { parent, credit: credit.id as number };
}

describe(`makeups under concurrency (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("the last seat on a date, wanted by a makeup and a regular booking at once, is given once", async () => {
    const slot = t.weekly[1];
    if (!slot) throw new Error("no slot");
    const date = addDays(tomorrow(), 7);
    const { parent, credit } = await parentWithCredit();
    const regular = await t.parentWithCourse(1);
    await t.setSeats(slot.id, (await seatsTakenOn(t.db, slot.id, date)) + 1);

    const [makeup, checkout] = await Promise.all([
      t.call("POST", "/api/v2/lessons/makeups/", {
        headers: parent.headers,
        body: { credit, slot: slot.id, date },
      }),
      t.fulfil(regular.headers),
    ]);
    const given = [makeup.statusCode === 201, checkout.statusCode === 200].filter(Boolean);
    expect(given, `${makeup.body} / ${checkout.body}`).toHaveLength(1);
    if (makeup.statusCode === 201)
      expect(checkout.json().error_codes).toEqual({ schedule_slots: ["no_seats_left"] });
    else expect(makeup.json().error_codes).toEqual({ date: ["makeup_full"] });
    const [row] = await t.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, slot.id));
    expect(await seatsTakenOn(t.db, slot.id, date)).toBeLessThanOrEqual(row?.seats ?? 0);
  });

  it("a credit used from two tabs at once books one makeup", async () => {
    const slot = t.weekly[1];
    if (!slot) throw new Error("no slot");
    await t.setSeats(slot.id, 40);
    const { parent, credit } = await parentWithCredit();
    const replies = await Promise.all(
      [7, 14].map((days) =>
        t.call("POST", "/api/v2/lessons/makeups/", {
          headers: parent.headers,
          body: { credit, slot: slot.id, date: addDays(tomorrow(), days) },
        }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 400]);
    const refused = replies.find((reply) => reply.statusCode === 400);
    expect(refused?.json().error_codes).toEqual({ credit: ["credit_used"] });
    expect(await t.db.select().from(makeupBookings).where(eq(makeupBookings.creditId, credit))).toHaveLength(
      1,
    );
  });

  it.runIf(usesPostgres())(
    "a makeup booked while staff cancel that lesson is refused or released, never kept (D542)",
    async () => {
      const slot = t.weekly[1];
      if (!slot) throw new Error("no slot");
      await t.setSeats(slot.id, 40);
      const date = addDays(tomorrow(), 21);
      const { parent, credit } = await parentWithCredit();
      const staff = await createStaff(t.db);
      const locks = lockRace(t.db);
      try {
        // The test holds the slot's lock: the makeup has checked the date and waits to count seats.
        const letGo = await locks.holdLock((tx) =>
          tx.execute(sql`select id from schedule_slots where id = ${slot.id} for update`),
        );
        const makeup = t.call("POST", "/api/v2/lessons/makeups/", {
          headers: parent.headers,
          body: { credit, slot: slot.id, date },
        });
        await locks.untilWaiting(1);
        // Staff cancel that date now: the cancellation waits for the same lock.
        const cancel = t.call("POST", "/api/v2/admin/lessons/cancellations/", {
          headers: staff.headers,
          body: {
            slot: slot.id,
            date,
            reason_de: "Die Lehrerin ist krank.",
            reason_ru: "Преподаватель заболел.",
          },
        });
        await locks.untilWaiting(2);
        await letGo();
        const [booked, cancelled] = await Promise.all([makeup, cancel]);
        expect(cancelled.statusCode, cancelled.body).toBe(201);
        if (booked.statusCode !== 201)
          expect(booked.json().error_codes).toEqual({ date: ["makeup_no_lesson"] });
        const kept = await t.db
          .select()
          .from(makeupBookings)
          .where(
            and(
              eq(makeupBookings.scheduleSlotId, slot.id),
              eq(makeupBookings.lessonDate, date),
              isNull(makeupBookings.cancelledAt),
            ),
          );
        expect(kept).toEqual([]);
      } finally {
        await locks.releaseAll();
      }
    },
    60_000,
  );

  it.runIf(usesPostgres())(
    "a makeup whose date was cancelled while it waited for the seats' count is refused (D542)",
    async () => {
      const slot = t.weekly[1];
      if (!slot) throw new Error("no slot");
      await t.setSeats(slot.id, 40);
      const date = addDays(tomorrow(), 28);
      const { parent, credit } = await parentWithCredit();
      const locks = lockRace(t.db);
      try {
        // Staff's cancellation holds the slot's lock and has written the date; the makeup checked the date
        // before and now waits to count the seats.
        const letGo = await locks.holdLock(async (tx) => {
          await tx.execute(sql`select id from schedule_slots where id = ${slot.id} for update`);
          await tx.insert(cancelledLessons).values({
            scheduleSlotId: slot.id,
            lessonDate: date,
            reasonDe: "Die Lehrerin ist krank.",
            reasonRu: "Преподаватель заболел.",
          });
        });
        const makeup = t.call("POST", "/api/v2/lessons/makeups/", {
          headers: parent.headers,
          body: { credit, slot: slot.id, date },
        });
        await locks.untilWaiting(1);
        await letGo();
        const refused = await makeup;
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().error_codes).toEqual({ date: ["makeup_no_lesson"] });
        expect(await t.db.select().from(makeupBookings).where(eq(makeupBookings.creditId, credit))).toEqual(
          [],
        );
      } finally {
        await locks.releaseAll();
      }
    },
    60_000,
  );
});
