import {
  addDays,
  berlinDate,
  billingPeriod,
  HistorySchema,
  lastPaidDay,
  paidDays,
  periodInstants,
} from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { type createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  for (const slot of t.weekly) await t.setSeats(slot.id, 500);
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

/** A parent with a paid course subscription, its history item and the child's id. */
async function subscriber() {
  const parent = await t.parentWithCourse(0);
  const { id } = (await t.fulfil(parent.headers)).json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).json().status).toBe("payment_fulfilled");
  const item = (await history(parent.headers))[0];
  if (!item?.subscription || item.visitor === null) throw new Error("no subscription");
  return { headers: parent.headers, item, child: item.visitor };
}

const history = async (headers: Record<string, string>) =>
  HistorySchema.parse((await t.call("GET", "/api/v2/orders/items/history/", { headers })).json());

const location = async () =>
  (await t.call("GET", `/api/v2/admin/products/${t.course.page.id}/`, { headers: staff.headers })).json()
    .location_id as number | null;

describe(`holidays freeze subscriptions (D122, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("a holiday staff add turns a running subscription frozen, lengthens its paid period and leaves the .ics's lessons out; removed, all goes back", async () => {
    const a = await subscriber();
    const before = a.item.subscription;
    if (!before) throw new Error("no subscription");
    expect(a.item.state).toBe("active");
    const paid = paidDays(before.period_start, before.paid_until);
    // Three weeks from the eighth day after the first paid lesson, in the course's house; and today,
    // everywhere. The lesson a week after the first comes before the holiday, so the calendar's weekly rule
    // has begun when the holiday's lessons are left out, even when the first lesson is today and closed.
    const today = berlinDate(new Date());
    const holiday = {
      location_id: await location(),
      starts_on: addDays(paid.from, 8),
      ends_on: addDays(paid.from, 28),
      name: { de: "Herbstferien", ru: "Осенние каникулы" },
    };
    const created = await t.call("POST", "/api/v2/admin/closures/", {
      headers: staff.headers,
      body: holiday,
    });
    expect(created.statusCode, created.body).toBe(201);
    // Not yet frozen: today is open.
    expect((await history(a.headers))[0]?.state).toBe(today < holiday.starts_on ? "active" : "frozen");
    const closedToday = await t.call("POST", "/api/v2/admin/closures/", {
      headers: staff.headers,
      body: {
        ...holiday,
        location_id: null,
        starts_on: today,
        ends_on: today,
        name: { de: "Brückentag", ru: "" },
      },
    });
    expect(closedToday.statusCode, closedToday.body).toBe(201);

    const [frozen] = await history(a.headers);
    expect(frozen?.state).toBe("frozen");
    const closed = [
      { startsOn: holiday.starts_on, endsOn: holiday.ends_on },
      { startsOn: today, endsOn: today },
    ];
    const longer = billingPeriod(paid.from, closed);
    // 21 days of the holiday inside the period (and today, when it is the first lesson's day).
    expect(Date.parse(longer.to) - Date.parse(paid.to)).toBe(
      (21 + (today === paid.from ? 1 : 0)) * 86_400_000,
    );
    expect(frozen?.subscription?.paid_through).toBe(longer.to);
    expect(frozen?.subscription?.paid_until).toBe(periodInstants(longer).end.toISOString());

    // The child's calendar: the weekly rule ends with the last paid day and skips the holiday's lessons.
    const ics = (await t.call("GET", `/api/v2/visitors/${a.child}/calendar.ics`, { headers: a.headers }))
      .body;
    expect(ics).toContain(`UNTIL=${longer.to.replace(/-/g, "")}T235959Z`);
    const exdates = [...ics.matchAll(/EXDATE;TZID=Europe\/Berlin:(\d{8})T/g)].map((m) => m[1] ?? "");
    expect(exdates.length).toBeGreaterThan(0);
    for (const day of exdates) {
      const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
      expect(iso >= holiday.starts_on && iso <= holiday.ends_on).toBe(true);
    }

    // Cancelled, the end moves with the period, and the .ics never runs beyond it.
    const cancel = await t.call("PATCH", `/api/v2/orders/items/${a.item.id}/cancel/`, { headers: a.headers });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().ends_on).toBe(longer.to);
    expect(lastPaidDay(cancel.json().ends_at)).toBe(longer.to);

    // Staff remove the holiday: the period is a plain month again, the cancellation's end with it.
    for (const id of [created.json().id, closedToday.json().id]) {
      const removed = await t.call("DELETE", `/api/v2/admin/closures/${id}/`, { headers: staff.headers });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    const [back] = await history(a.headers);
    expect(back?.state).toBe("cancelled");
    const plain = billingPeriod(paid.from, []);
    expect(back?.subscription?.paid_through).toBe(plain.to);
    expect(back?.subscription?.ends_on).toBe(plain.to);
    const after = (await t.call("GET", `/api/v2/visitors/${a.child}/calendar.ics`, { headers: a.headers }))
      .body;
    expect(after).toContain(`UNTIL=${plain.to.replace(/-/g, "")}T235959Z`);
    expect(after).not.toContain("EXDATE");
  });
});
