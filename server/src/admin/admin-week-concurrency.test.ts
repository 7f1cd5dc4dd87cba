import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promocodes } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { lockRace } from "../test/lock-race.ts";
import { ACADEMY_8_11, createChild, createParent, createStaff, pageBySlug } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * Staff lowering an academy WEEK's seats while parents book that week, on PostgreSQL (issue 20, D150;
 * the slots' race is admin-concurrency.test.ts). The week's row is the one lock both sides take before
 * they count: checkout locks its weeks, counts and reserves; the staff save locks the week and counts.
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
let academy: Awaited<ReturnType<typeof pageBySlug>>;
let season: number;
let race: ReturnType<typeof lockRace>;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  race = lockRace(t.db);
  staff = await createStaff(t.db);
  academy = await pageBySlug(t.db, ACADEMY_8_11);
  const created = await admin("POST", "academy-seasons/", {
    name: { de: "Sommerferien 2027", ru: "Летние каникулы 2027" },
    starts_on: "2027-07-05",
    ends_on: "2027-08-13",
  });
  expect(created.statusCode, created.body).toBe(201);
  season = created.json().id;
}, 240_000);
afterAll(async () => {
  await race?.releaseAll();
  await t?.close();
});

function admin(method: "GET" | "POST" | "PUT", path: string, body?: unknown) {
  return t.call(method, `/api/v2/admin/${path}`, {
    headers: staff.headers,
    ...(body === undefined ? {} : { body }),
  });
}

async function newWeek(startsOn: string, endsOn: string, seats: number): Promise<number> {
  const created = await admin("POST", "academy-weeks/", {
    product_page: academy.page.id,
    season,
    starts_on: startsOn,
    ends_on: endsOn,
    seats,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

/** The week as staff edit it: its fields to send back, and its seats and seats taken. */
async function weekOf(id: number) {
  const week = (await admin("GET", `academy-weeks/${id}/`)).json();
  const { id: _id, product_page: _page, seats_taken: _taken, ...fields } = week;
  return { week, fields };
}

async function parentWithWeek(weekId: number) {
  const parent = await createParent(t.db);
  const child = await createChild(t.db, parent.id, 9);
  const added = await t.call("POST", "/api/v2/orders/items/", {
    headers: parent.headers,
    body: {
      product_page: academy.page.id,
      purchase_option: academy.option("Academy (full day)").id,
      visitor: child,
      academy_weeks: [weekId],
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  return parent;
}

/** A full day's week costs over 250 €: its invoice needs the buyer's address (D170), typed at checkout. */
const fulfilWithAddress = (headers: Record<string, string>) =>
  t.fulfil(
    headers,
    {},
    {
      terms_accepted: true,
      billing: {
        first_name: "Eva",
        last_name: "Muster",
        street: "Musterstraße 1",
        post_code: "10115",
        city: "Berlin",
        country: "Deutschland",
      },
    },
  );

describe.runIf(usesPostgres())(
  "staff lowering an academy week's seats while parents book it (PostgreSQL)",
  () => {
    it("a checkout that has counted but not reserved makes the staff save wait, which then refuses with the seats taken", async () => {
      const weekId = await newWeek("2027-07-05", "2027-07-09", 2);
      const first = await parentWithWeek(weekId);
      expect((await fulfilWithAddress(first.headers)).statusCode).toBe(200);

      // The second parent's cart carries a promocode: checkout locks the week, counts its seats, then waits
      // for the code's row, which the test holds, so it stops between counting and reserving. Held as the
      // checkout holds it (NO KEY UPDATE): the staged order's own foreign-key check on the code (a KEY SHARE
      // lock) must pass, or the checkout would stop before it counts (D408).
      const second = await parentWithWeek(weekId);
      const applied = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
        headers: second.headers,
        body: { promocode: "WELCOME10" },
      });
      expect(applied.statusCode, applied.body).toBe(200);
      const { week, fields } = await weekOf(weekId);
      expect(week).toMatchObject({ seats: 2, seats_taken: 1 });

      const letGo = await race.holdLock((tx) =>
        tx.select().from(promocodes).where(eq(promocodes.code, "WELCOME10")).for("no key update"),
      );
      const checkout = fulfilWithAddress(second.headers);
      await race.untilWaiting(1);
      const lowering = admin("PUT", `academy-weeks/${weekId}/`, { ...fields, seats: 1 });
      await race.untilWaiting(2);
      await letGo();
      const [booked, lowered] = await Promise.all([checkout, lowering]);

      expect(booked.statusCode, booked.body).toBe(200);
      expect(lowered.statusCode, lowered.body).toBe(400);
      expect(lowered.json().error_codes).toEqual({ seats: ["seats_below_taken"] });
      expect(lowered.json().seats).toEqual(["Bereits vergeben: 2. Weniger Plätze sind nicht möglich."]);
      expect((await weekOf(weekId)).week).toMatchObject({ seats: 2, seats_taken: 2 });
    }, 120_000);

    it("twelve parents booking while staff lower the seats again and again: never more booked than the week's seats", async () => {
      const weekId = await newWeek("2027-07-12", "2027-07-16", 8);
      const parents = await Promise.all(Array.from({ length: 12 }, () => parentWithWeek(weekId)));
      const { fields } = await weekOf(weekId);

      const checkouts = parents.map((parent) => fulfilWithAddress(parent.headers));
      // Staff try to cut the week to 8, 7, … 3 seats while the checkouts run; each save counts under the lock.
      const saves: { seats: number; status: number }[] = [];
      const staffWork = (async () => {
        for (let seats = 8; seats >= 3; seats--) {
          const current = await weekOf(weekId);
          const reply = await admin("PUT", `academy-weeks/${weekId}/`, {
            ...fields,
            version: current.week.version,
            seats,
          });
          saves.push({ seats, status: reply.statusCode });
        }
      })();
      const replies = await Promise.all(checkouts);
      await staffWork;

      const { week } = await weekOf(weekId);
      const paidOrStaged = replies.filter((reply) => reply.statusCode === 200).length;
      expect(replies.every((reply) => [200, 400].includes(reply.statusCode))).toBe(true);
      expect(week.seats_taken).toBe(paidOrStaged);
      expect(week.seats_taken).toBeLessThanOrEqual(week.seats);
      expect(saves.every((save) => [200, 400].includes(save.status))).toBe(true);
      // A save that went through left at least the seats taken at that moment, and the seats never grow back.
      const lastSaved = saves.filter((save) => save.status === 200).at(-1);
      if (lastSaved) expect(week.seats).toBe(lastSaved.seats);
      expect(week.seats).toBeGreaterThanOrEqual(paidOrStaged);
    }, 240_000);
  },
);
