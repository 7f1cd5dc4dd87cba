import { HistorySchema, OrderSchema, WEEKDAY_NAMES } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promocodes } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { ACADEMY_8_11, createChild, createParent, pageBySlug, SPECIAL_OFFER } from "../test/shop-fixtures.ts";

/**
 * The school's existing (Nuxt) front end, unchanged, on its cart, checkout and profile (api-shapes Part 2
 * §2): each request is sent as the client sends it, and each assertion is a field it reads.
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let academy: Awaited<ReturnType<typeof pageBySlug>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  academy = await pageBySlug(t.db, ACADEMY_8_11);
}, 60_000);
afterAll(() => t?.close());

type Headers = Record<string, string>;

/** `POST O/items/` as `P/product/buy/[id].vue` builds it for a course. */
const courseBody = (visitor: number | null, slot = 0) => ({
  academy_number_of_weeks: 0,
  product: String(t.course.page.id),
  product_page: t.course.page.id,
  purchase_option: t.course.option("Course (1 / week)").id,
  visitor,
  schedule_slots: [t.weekly[slot]?.id],
  comment: "",
  academy_weeks: [],
});

const current = async (options: { headers?: Headers; cartId?: string } = {}) => {
  const res = await t.call("GET", "/api/v2/orders/current/", {
    ...(options.headers ? { headers: options.headers } : {}),
    query: options.cartId ? { cart_id: options.cartId } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return OrderSchema.parse(res.json());
};

describe("the cart page (P/cart.vue, C/cart/CartItem.vue)", () => {
  it("reads the current order's items: visitor object, the page's purchase options, slots with English weekdays", async () => {
    const parent = await createParent(t.db);
    const mila = await createChild(t.db, parent.id, 6, "Mila");
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: courseBody(mila),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().id).toEqual(expect.any(Number));

    const order = await current({ headers: parent.headers });
    const item = order.items[0];
    expect(item?.visitor).toEqual({
      id: mila,
      first_name: "Mila",
      last_name: "Muster",
      birth_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // `purchase_option` is a number, looked up among the page's options.
    const option = item?.product_page.purchase_options.find((o) => o.id === item.purchase_option);
    expect(option?.schedule_type).toBe("Course (1 / week)");
    expect(item?.product_page).toMatchObject({ id: t.course.page.id, product_type: "Course" });
    expect(item?.product_page.recommendations).toEqual([]);
    expect(item?.schedule_slots).toEqual([
      expect.objectContaining({
        id: t.weekly[0]?.id,
        weekday: WEEKDAY_NAMES[t.weekly[0]?.weekday ?? -1],
        start: expect.stringMatching(/^\d\d:\d\d/),
      }),
    ]);
    expect(item?.calculated_price).toBe(order.total_checkout_price);
    expect(order.total_recurrent_price).toBe(item?.recurrent_price);
  });

  it("books an academy by the week_number its Wagtail product page gave", async () => {
    const parent = await createParent(t.db);
    const lev = await createChild(t.db, parent.id, 9, "Lev");
    const page = (
      await t.call("GET", `/api/v2/wagtail/products/${academy.page.id}/`, { query: { fields: "*" } })
    ).json();
    const week = page.academy_schedule_slots[0].week_number;
    const option = page.purchase_options.find(
      (o: { schedule_type: string }) => o.schedule_type === "Academy (full day)",
    );
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        academy_number_of_weeks: 1,
        product: academy.page.slug,
        product_page: academy.page.id,
        purchase_option: option.id,
        visitor: lev,
        schedule_slots: [],
        comment: "",
        academy_weeks: [week],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await current({ headers: parent.headers })).items[0]?.academy_weeks).toEqual([week]);
  });

  // The client's `schedule_slots` for an option that takes none: `[slots[0].id]` for an academy, the
  // placeholder `[11]` for other offers (api-shapes Part 2 §2). They are ignored, not refused (D526).
  it("adds an academy and a school's offer with the slot ids its form sends for an option that takes none", async () => {
    const parent = await createParent(t.db);
    const mia = await createChild(t.db, parent.id, 9, "Mia");
    const offer = await pageBySlug(t.db, SPECIAL_OFFER);
    const wagtail = (
      await t.call("GET", `/api/v2/wagtail/products/${academy.page.id}/`, { query: { fields: "*" } })
    ).json();
    const week = wagtail.academy_schedule_slots[0].week_number;
    const bodies = [
      {
        academy_number_of_weeks: 1,
        product: academy.page.slug,
        product_page: academy.page.id,
        purchase_option: academy.option("Academy (full day)").id,
        visitor: mia,
        schedule_slots: [t.weekly[0]?.id],
        comment: "",
        academy_weeks: [week],
      },
      {
        academy_number_of_weeks: 0,
        product: String(offer.page.id),
        product_page: offer.page.id,
        purchase_option: offer.options[0]?.id,
        visitor: mia,
        schedule_slots: [11],
        comment: "",
        academy_weeks: [],
      },
    ];
    for (const body of bodies) {
      const added = await t.call("POST", "/api/v2/orders/items/", { headers: parent.headers, body });
      expect(added.statusCode, added.body).toBe(201);
    }
    const items = (await current({ headers: parent.headers })).items;
    expect(items.map((item) => item.product_page.id)).toEqual([academy.page.id, offer.page.id]);
    // No slot of the course the ids named: the academy shows its week's days, the offer none.
    expect(items[0]?.academy_weeks).toEqual([week]);
    expect(items[0]?.schedule_slots.every((slot) => slot.id < 0)).toBe(true);
    expect(items[1]?.schedule_slots).toEqual([]);
  });
});

describe("a workshop added as P/product/buy/[id].vue sends it (issue 31 item 8, D221)", () => {
  /** The workshop's body: no slots (or none at all), `visitor: null` from a guest. */
  const workshopBody = (slots?: number[]) => ({
    academy_number_of_weeks: 0,
    product: t.workshop.page.slug,
    product_page: t.workshop.page.id,
    purchase_option: t.workshop.option("Ticket").id,
    visitor: null,
    ...(slots ? { schedule_slots: slots } : {}),
    comment: "",
    academy_weeks: [],
  });
  const next = () => [...t.dated].sort((a, b) => (a.date ?? "").localeCompare(b.date ?? ""))[0];

  it.each([
    ["schedule_slots: []", []],
    ["no schedule_slots", undefined],
  ])("takes the offer's next dated session for %s from a guest", async (_label, slots) => {
    const cartId = (await t.call("POST", "/api/v2/orders/init/")).json().cart_id as string;
    const added = await t.call("POST", "/api/v2/orders/items/", {
      query: { cart_id: cartId },
      body: workshopBody(slots),
    });
    expect(added.statusCode, added.body).toBe(201);
    const session = next();
    const [item] = (await current({ cartId })).items;
    expect(item?.visitor).toBeNull();
    // The weekday of a dated session is its date's (items 2 and 17 of issue 31): not asserted here.
    expect(item?.schedule_slots).toEqual([
      expect.objectContaining({
        id: session?.id,
        date: session?.date,
        start: expect.stringMatching(/^\d\d:\d\d/),
      }),
    ]);
  });

  it("refuses a full next session as any booking of it (no_seats_left), naming the field", async () => {
    const session = next();
    await t.setSeats(session?.id ?? 0, 0);
    try {
      const cartId = (await t.call("POST", "/api/v2/orders/init/")).json().cart_id as string;
      const res = await t.call("POST", "/api/v2/orders/items/", {
        query: { cart_id: cartId },
        body: workshopBody([]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_codes).toEqual({ schedule_slots: ["no_seats_left"] });
    } finally {
      await t.setSeats(session?.id ?? 0, 12);
    }
  });

  it("names a purchase option left out as required, as Django REST does", async () => {
    const cartId = (await t.call("POST", "/api/v2/orders/init/")).json().cart_id as string;
    const { purchase_option: _left, ...body } = courseBody(null);
    const res = await t.call("POST", "/api/v2/orders/items/", { query: { cart_id: cartId }, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ purchase_option: ["required"] });
    expect(res.json().purchase_option).toEqual(["Dieses Feld ist erforderlich."]);
  });

  it("still asks for the weekly time of a course sent without one: 400 slot_required in de and ru", async () => {
    const cartId = (await t.call("POST", "/api/v2/orders/init/")).json().cart_id as string;
    const body = { ...courseBody(null), schedule_slots: [] };
    const de = await t.call("POST", "/api/v2/orders/items/", { query: { cart_id: cartId }, body });
    expect(de.statusCode).toBe(400);
    expect(de.json().error_codes).toEqual({ schedule_slots: ["slot_required"] });
    expect(de.json().schedule_slots[0]).toContain("Zeit");
    const ru = await t.call("POST", "/api/v2/orders/items/", {
      query: { cart_id: cartId, locale: "ru" },
      body,
    });
    expect(ru.json().schedule_slots[0]).toContain("время");
    expect((await current({ cartId })).items).toEqual([]);
  });
});

describe("the code field, sent without cart_id (api-shapes Part 2; D520)", () => {
  it("asks a guest to sign in, in words at the field, instead of 404; a signed-in parent's code applies", async () => {
    const guest = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      body: { promocode: "WELCOME10" },
    });
    expect(guest.statusCode).toBe(400);
    expect(guest.json().error_codes).toEqual({ promocode: ["promocode_sign_in"] });
    expect(guest.json().promocode).toEqual(["Bitte melden Sie sich an, um einen Code einzulösen."]);
    const ru = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      query: { locale: "ru" },
      body: { promocode: "WELCOME10" },
    });
    expect(ru.json().promocode[0]).toContain("войдите");
    const parent = await t.parentWithCourse(0);
    const signedIn = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: "WELCOME10" },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});

describe("the client in English (store/locale.ts: ru, en, de; D514)", () => {
  it("is served in German on every call, as the Wagtail pages are, instead of refusing locale=en", async () => {
    const parent = await createParent(t.db);
    const en = { locale: "en" };
    const signIn = await t.call("POST", "/api/v2/users/sign_in/", {
      query: en,
      body: { email: "nobody-en@example.org", password: "wrong password 1" },
    });
    expect(signIn.statusCode).toBe(400);
    expect(Object.keys(signIn.json().error_codes)).toEqual(["non_field_errors"]);
    const cartId = (await t.call("POST", "/api/v2/orders/init/", { query: en })).json().cart_id as string;
    expect(cartId).toEqual(expect.any(String));
    const refused = await t.call("POST", "/api/v2/orders/items/", {
      query: { cart_id: cartId, ...en },
      body: { ...courseBody(null), schedule_slots: [] },
    });
    expect(refused.json().error_codes).toEqual({ schedule_slots: ["slot_required"] });
    expect(refused.json().schedule_slots[0]).toContain("Zeit");
    for (const path of ["/api/v2/orders/current/", "/api/v2/orders/items/history/", "/api/v2/visitors/"]) {
      const res = await t.call("GET", path, { headers: parent.headers, query: en });
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
    }
    const guestHistory = await t.call("GET", "/api/v2/orders/items/history/", {
      query: { ...en, product_page__product_type: "Workshop" },
    });
    expect(guestHistory.statusCode, guestHistory.body).toBe(200);
    // Anything else is still refused, in the shop's words.
    const fr = await t.call("GET", "/api/v2/orders/current/", {
      headers: parent.headers,
      query: { locale: "fr" },
    });
    expect(fr.statusCode).toBe(400);
    expect(fr.json().error_codes).toEqual({ locale: ["invalid_choice"] });
  });
});

describe("the cart's total as P/cart.vue sums it: Σ calculated_price (issue 31 item 11, D223)", () => {
  const setCode = (headers: Headers, promocode: string) =>
    t.call("PUT", "/api/v2/orders/current/set_promocode/", { headers, body: { promocode } });
  const cents = (value: string | number) => Math.round(Number(value) * 100);

  it("a 79 € course with WELCOME10: calculated_price 71.10 € = total_checkout_price, discount_amount 7.90 €", async () => {
    const parent = await t.parentWithCourse(0);
    const res = await setCode(parent.headers, "WELCOME10");
    expect(res.statusCode, res.body).toBe(200);
    const order = OrderSchema.parse(res.json());
    expect(order.items[0]).toMatchObject({
      list_price: "79.00",
      calculated_price: "71.10",
      discount_amount: "7.90",
    });
    expect(order.total_checkout_price).toBe("71.10");
  });

  it("spreads an order's promocode and gift card over the items so they add up to the total to the cent", async () => {
    await t.db.insert(promocodes).values({ code: "ODD1001", amountOffCents: 1001 });
    const parent = await t.parentWithCourse(1);
    // A sibling's course (sibling discount) and a workshop for a third child: three uneven lines.
    const lev = await createChild(t.db, parent.id, 6, "Lev");
    const ben = await createChild(t.db, parent.id, 11, "Ben");
    for (const body of [
      { ...courseBody(lev, 2) },
      {
        product_page: t.workshop.page.id,
        purchase_option: t.workshop.option("Ticket").id,
        visitor: ben,
        schedule_slots: [t.dated[0]?.id],
      },
    ]) {
      const added = await t.call("POST", "/api/v2/orders/items/", { headers: parent.headers, body });
      expect(added.statusCode, added.body).toBe(201);
    }
    expect((await setCode(parent.headers, "ODD1001")).statusCode).toBe(200);
    const withGift = await setCode(parent.headers, "DEMO-GIFT-2027");
    expect(withGift.statusCode, withGift.body).toBe(200);
    const order = await current({ headers: parent.headers });
    expect(order.items).toHaveLength(3);
    expect(order.gift_card?.applied_cents).toBe(5000);
    expect(order.total_discount_cents).toBeGreaterThan(1001); // the code and the sibling discount

    // What the client sums (strings, Number()-summed) is what the order charges.
    const sum = order.items.reduce((total, item) => total + cents(item.calculated_price), 0);
    expect(sum).toBe(cents(order.total_checkout_price));
    expect(order.items.reduce((total, item) => total + cents(item.discount_amount), 0)).toBe(
      order.total_discount_cents,
    );
    expect(order.items.reduce((total, item) => total + item.gift_card_paid_cents, 0)).toBe(5000);
    for (const item of order.items) {
      expect(item.calculated_price_cents).toBe(
        item.list_price_cents - item.discount_amount_cents - item.gift_card_paid_cents,
      );
      expect(cents(item.calculated_price)).toBe(item.calculated_price_cents);
      expect(item.calculated_price_cents).toBeGreaterThanOrEqual(0);
    }
    // The item answered by POST/PATCH carries the same amounts as the cart.
    const first = order.items[0];
    const patched = await t.call("PATCH", `/api/v2/orders/items/${first?.id}/`, {
      headers: parent.headers,
      body: { comment: "Allergie: Nüsse" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().calculated_price).toBe(first?.calculated_price);
  });
});

describe("an academy's days and hours, where the client prints slots (issue 31 items 12 and 17, D224)", () => {
  /** The English weekdays from a week's first to its last day, as a calendar says them. */
  const weekdaysOf = (week: { startsOn: string; endsOn: string }) => {
    const names: string[] = [];
    for (let day = new Date(`${week.startsOn}T12:00:00Z`); day <= new Date(`${week.endsOn}T12:00:00Z`); ) {
      names.push(WEEKDAY_NAMES[(day.getUTCDay() + 6) % 7] ?? "");
      day = new Date(day.getTime() + 86_400_000);
    }
    return names;
  };

  it("the cart's academy item: slots with English weekdays and the day part's hours, weeks as numbers; history the same once paid", async () => {
    const parent = await createParent(t.db);
    const lev = await createChild(t.db, parent.id, 9, "Lev");
    // The shortest week still bookable (an Easter week has four days), else the first.
    const week = [...academy.weeks].sort(
      (a, b) => weekdaysOf(a).length - weekdaysOf(b).length || a.startsOn.localeCompare(b.startsOn),
    )[0];
    if (!week) throw new Error("the seed has academy weeks");
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        academy_number_of_weeks: 1,
        product: academy.page.slug,
        product_page: academy.page.id,
        purchase_option: academy.option("Academy (1st half)").id,
        visitor: lev,
        schedule_slots: [],
        comment: "",
        academy_weeks: [week.id],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const expected = weekdaysOf(week).map((weekday) => ({
      id: expect.any(Number),
      weekday,
      date: null,
      start: "09:00:00",
      end: "13:00:00",
    }));
    const [item] = (await current({ headers: parent.headers })).items;
    expect(item?.schedule_slots).toEqual(expected);
    expect(new Set(item?.schedule_slots.map((slot) => slot.id)).size).toBe(expected.length);
    expect(item?.academy_weeks).toEqual([week.id]);
    expect(added.json().schedule_slots).toEqual(expected);

    const fulfilled = await t.fulfil(parent.headers);
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    t.standIn.approve(fulfilled.json().id);
    expect((await t.capture(parent.headers, fulfilled.json().id)).statusCode).toBe(200);
    const history = await t.call("GET", "/api/v2/orders/items/history/", { headers: parent.headers });
    const [row] = HistorySchema.parse(history.json());
    expect(row?.product_page.product_type).toBe("Academy");
    // ProductsTable.vue: weekday lower-cased for its i18n key, start.slice(0,5)–end.slice(0,5).
    expect(row?.schedule_slots).toEqual(expected);
    expect(
      row?.schedule_slots.map(
        (slot) => `${slot.weekday?.toLowerCase()} ${slot.start.slice(0, 5)}–${slot.end.slice(0, 5)}`,
      )[0],
    ).toBe(`${weekdaysOf(week)[0]?.toLowerCase()} 09:00–13:00`);
  });
});

describe("items without a child (D94)", () => {
  it("a guest adds with visitor null, signs in, names the child with PATCH {visitor}, and only then pays", async () => {
    const init = await t.call("POST", "/api/v2/orders/init/");
    const cartId = init.json().cart_id as string;
    const added = await t.call("POST", "/api/v2/orders/items/", {
      query: { cart_id: cartId },
      body: courseBody(null, 1),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ visitor: null, guest_visitor: null });

    // Signed in (C/AppSignIn/EmailStep.vue): the guest cart is merged into the parent's.
    const parent = await createParent(t.db);
    const order = await current({ headers: parent.headers, cartId });
    expect(order.items).toHaveLength(1);
    const itemId = order.items[0]?.id;

    // Paying before the child is named is refused, with what to do.
    const early = await t.fulfil(parent.headers);
    expect(early.statusCode).toBe(400);
    expect(early.json().error_codes).toEqual({ visitor: ["visitor_required_at_checkout"] });
    expect(early.json().visitor[0]).toContain("Kind");

    // The age rule holds once a child is named: a 12-year-old is not in 5-7.
    const big = await createChild(t.db, parent.id, 12, "Ben");
    const tooOld = await t.call("PATCH", `/api/v2/orders/items/${itemId}/`, {
      headers: parent.headers,
      query: { cart_id: cartId },
      body: { visitor: big },
    });
    expect(tooOld.json().error_codes).toEqual({ visitor: ["age_not_in_group"] });

    const mila = await createChild(t.db, parent.id, 6, "Mila");
    const named = await t.call("PATCH", `/api/v2/orders/items/${itemId}/`, {
      headers: parent.headers,
      query: { cart_id: cartId },
      body: { visitor: mila },
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().visitor).toMatchObject({ id: mila, first_name: "Mila" });
    const paid = await t.fulfil(parent.headers);
    expect(paid.statusCode, paid.body).toBe(200);
  });
});

describe("the profile's history (C/profile/ProductsTable.vue, AppModalPayment.vue)", () => {
  it("reads purchase_option as an object, English weekdays, purchased_at as YYYY-MM-DD; a cancelled subscription reads cancelled", async () => {
    const parent = await t.parentWithCourse(2);
    const fulfilled = await t.fulfil(parent.headers);
    t.standIn.approve(fulfilled.json().id);
    expect((await t.capture(parent.headers, fulfilled.json().id)).statusCode).toBe(200);

    const read = async () => {
      const res = await t.call("GET", "/api/v2/orders/items/history/", { headers: parent.headers });
      expect(res.statusCode, res.body).toBe(200);
      return HistorySchema.parse(res.json());
    };
    const [item] = await read();
    expect(item).toMatchObject({
      state: "active",
      paypal_invoice_link: null,
      purchase_option: { schedule_type: "Course (1 / week)" },
      product_page: { name: expect.any(String), product_type: "Course" },
    });
    expect(item?.purchased_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const slot = { weekday: WEEKDAY_NAMES[t.weekly[2]?.weekday ?? -1], start: expect.any(String) };
    expect(item?.schedule_slots).toEqual([expect.objectContaining(slot)]);
    expect(item?.product_page.schedule_slots).toEqual([expect.objectContaining(slot)]);
    // ?product_page__product_type=Workshop (the workshops tab) leaves the course out.
    const workshops = await t.call("GET", "/api/v2/orders/items/history/", {
      headers: parent.headers,
      query: { product_page__product_type: "Workshop" },
    });
    expect(workshops.json()).toEqual([]);

    // No comment was sent with this booking: "" (ProductsTable.vue prints it).
    expect(item?.comment).toBe("");

    const cancelled = await t.call("PATCH", `/api/v2/orders/items/${item?.id}/cancel/`, {
      headers: parent.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [after] = await read();
    expect(after?.state).toBe("cancelled");
    expect(new Date(after?.subscription?.ends_at ?? 0).getTime()).toBeGreaterThan(Date.now());
  });

  it("shows the comment the parent wrote with the booking", async () => {
    const parent = await createParent(t.db);
    const mila = await createChild(t.db, parent.id, 6, "Mila");
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: { ...courseBody(mila, 1), comment: "Allergie: Nüsse" },
    });
    expect(added.statusCode, added.body).toBe(201);
    const fulfilled = await t.fulfil(parent.headers);
    t.standIn.approve(fulfilled.json().id);
    expect((await t.capture(parent.headers, fulfilled.json().id)).statusCode).toBe(200);
    const history = await t.call("GET", "/api/v2/orders/items/history/", { headers: parent.headers });
    expect(HistorySchema.parse(history.json())[0]?.comment).toBe("Allergie: Nüsse");
  });
});
