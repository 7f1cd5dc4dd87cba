import {
  addDays,
  berlinDate,
  berlinMidnight,
  billingPeriod,
  OrderSchema,
  PurchaseTermsSchema,
  weekdayOf,
} from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { closures, locations } from "../db/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
}, 600_000);
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

describe(`the cart says what is bought (issue 24 item 3, D153, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("a monthly course's line: its first lesson on the slot's weekday, the contract's period from it, the next payment, the house with its address", async () => {
    const parent = await t.parentWithCourse(0);
    const slot = t.weekly[0];
    if (!slot || slot.weekday === null) throw new Error("no weekly slot");
    for (const locale of ["de", "ru"] as const) {
      const res = await t.call("GET", "/api/v2/orders/current/", {
        headers: parent.headers,
        query: { locale },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [item] = OrderSchema.parse(res.json()).items;
      if (!item) throw new Error("no item");
      const today = berlinDate(new Date());
      const first = item.terms.first_lesson ?? "";
      // The first lesson not yet begun on the slot's weekday: today's or up to a week on (D250; no closures seeded).
      expect(weekdayOf(first)).toBe(slot.weekday);
      expect(first >= today && first <= addDays(today, 7)).toBe(true);
      expect(item.terms.period).toEqual(billingPeriod(first, []));
      expect(item.terms.next_payment).toEqual({
        on: addDays(item.terms.period?.to ?? "", 1),
        amount: item.recurrent_price,
        amount_cents: item.recurrent_price_cents,
      });
      expect(item.terms.house).toMatchObject({
        name: locale === "de" ? "Atelier Prenzlauer Berg" : "«Ателье» в Пренцлауэр-Берге",
        address: "Kastanienallee 12, 10435 Berlin",
      });
    }
  });

  it("the first lesson is the first not yet begun (D250, issue 32 item 1): after today's lesson started, next week's; before it, today's", async () => {
    const parent = await t.parentWithCourse(0);
    const slot = t.weekly[0];
    if (!slot || slot.weekday === null) throw new Error("no weekly slot");
    // The slot's weekday next week, a lesson day; the fixed clock is Berlin wall time on it.
    let lessonDay = addDays(berlinDate(new Date()), 7);
    while (weekdayOf(lessonDay) !== slot.weekday) lessonDay = addDays(lessonDay, 1);
    const [hours = 0, minutes = 0] = slot.start.split(":").map(Number);
    const startMinute = hours * 60 + minutes;
    const at = (minuteOfDay: number) => new Date(berlinMidnight(lessonDay).getTime() + minuteOfDay * 60_000);
    const firstLesson = async () => {
      const res = await t.call("GET", "/api/v2/orders/current/", {
        headers: parent.headers,
        query: { locale: "de" },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [item] = OrderSchema.parse(res.json()).items;
      if (!item) throw new Error("no item");
      return item.terms;
    };
    // 1 h 12 min after the lesson began (11:12 for a 10:00 group): the lesson is over, next week's is first,
    // and the first paid month starts with it.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at(startMinute + 72));
    const after = await firstLesson();
    expect(after.first_lesson).toBe(addDays(lessonDay, 7));
    expect(after.period).toEqual(billingPeriod(addDays(lessonDay, 7), []));
    // One minute before it begins (09:00 for a 10:00 group is earlier still): today's lesson counts.
    vi.setSystemTime(at(Math.max(0, startMinute - 60)));
    const before = await firstLesson();
    expect(before.first_lesson).toBe(lessonDay);
    expect(before.period).toEqual(billingPeriod(lessonDay, []));
  });

  it("the buy page's read (D154): before adding, a guest gets the terms the cart line then carries, in de and ru", async () => {
    const slot = t.weekly[1] ?? t.weekly[0];
    if (!slot) throw new Error("no weekly slot");
    const option = t.course.option("Course (1 / week)");
    for (const locale of ["de", "ru"] as const) {
      const before = await t.call("GET", "/api/v2/orders/terms/", {
        query: {
          locale,
          product_page: String(t.course.page.id),
          purchase_option: String(option.id),
          schedule_slots: String(slot.id),
        },
      });
      expect(before.statusCode, before.body).toBe(200);
      const quoted = PurchaseTermsSchema.parse(before.json());
      expect(weekdayOf(quoted.first_lesson ?? "")).toBe(slot.weekday);
      expect(quoted.next_payment?.amount_cents).toBe(option.basePriceCents);
      // The same as the line after the add (no sibling here, so the list price is the line's monthly price).
      const parent = await t.parentWithCourse(t.weekly[1] ? 1 : 0);
      const cart = await t.call("GET", "/api/v2/orders/current/", {
        headers: parent.headers,
        query: { locale },
      });
      const [item] = OrderSchema.parse(cart.json()).items;
      expect(item?.terms).toEqual(quoted);
    }
    // Closures: another house's closed days leave the period alone; the course's own house's lengthen it.
    const quote = async () =>
      PurchaseTermsSchema.parse(
        (
          await t.call("GET", "/api/v2/orders/terms/", {
            query: {
              product_page: String(t.course.page.id),
              purchase_option: String(option.id),
              schedule_slots: String(slot.id),
            },
          })
        ).json(),
      );
    const plain = await quote();
    const from = plain.period?.from ?? "";
    const houses = await t.db.select().from(locations);
    const other = houses.find((h) => h.id !== t.course.page.locationId);
    if (!other || t.course.page.locationId === null) throw new Error("two houses expected");
    const closedDays = { startsOn: addDays(from, 8), endsOn: addDays(from, 10) };
    const [elsewhere] = await t.db
      .insert(closures)
      .values({ locationId: other.id, ...closedDays, name: { de: "Anderswo", ru: "В другом месте" } })
      .returning();
    expect((await quote()).period).toEqual(plain.period);
    const [here] = await t.db
      .insert(closures)
      .values({ locationId: t.course.page.locationId, ...closedDays, name: { de: "Hier", ru: "Здесь" } })
      .returning();
    expect((await quote()).period).toEqual(billingPeriod(from, [closedDays]));
    expect((await quote()).period?.to).toBe(addDays(plain.period?.to ?? "", 3));
    for (const row of [elsewhere, here]) if (row) await t.db.delete(closures).where(eq(closures.id, row.id));

    // A dated workshop: its chosen date is the first lesson; no period and no next payment.
    const date = t.dated[0];
    if (!date?.date) throw new Error("no dated slot");
    const workshopOption = t.workshop.options[0];
    const workshop = await t.call("GET", "/api/v2/orders/terms/", {
      query: {
        product_page: String(t.workshop.page.id),
        purchase_option: String(workshopOption?.id),
        schedule_slots: String(date.id),
      },
    });
    expect(workshop.statusCode, workshop.body).toBe(200);
    expect(PurchaseTermsSchema.parse(workshop.json())).toMatchObject({
      first_lesson: date.date,
      period: null,
      next_payment: null,
    });
  });

  it("the buy page's read refuses what names nothing of the page: a 400 at the field, a 404 for no page", async () => {
    const option = t.course.option("Course (1 / week)");
    const base = { product_page: String(t.course.page.id), purchase_option: String(option.id) };
    const cases: [Record<string, string>, number, Record<string, string[]>][] = [
      [
        { ...base, purchase_option: String(t.workshop.options[0]?.id) },
        400,
        { purchase_option: ["option_not_on_page"] },
      ],
      [{ ...base, schedule_slots: String(t.dated[0]?.id) }, 400, { schedule_slots: ["slot_not_on_page"] }],
      [{ ...base, academy_weeks: "999999" }, 400, { academy_weeks: ["week_not_on_page"] }],
      [{ ...base, schedule_slots: "1,x" }, 400, { schedule_slots: ["invalid"] }],
      [
        { ...base, schedule_slots: `${t.weekly[0]?.id},${t.weekly[0]?.id}` },
        400,
        { schedule_slots: ["duplicate_choice"] },
      ],
      [{ purchase_option: String(option.id) }, 400, { product_page: ["required"] }],
    ];
    for (const [query, status, codes] of cases) {
      const res = await t.call("GET", "/api/v2/orders/terms/", { query });
      expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(status);
      expect(res.json().error_codes, JSON.stringify(query)).toEqual(codes);
    }
    const none = await t.call("GET", "/api/v2/orders/terms/", { query: { ...base, product_page: "999999" } });
    expect(none.statusCode).toBe(404);
  });
});
