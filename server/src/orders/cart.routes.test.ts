import {
  bookingAgeRefusal,
  CART_MAX_ITEMS,
  errorMessage,
  type Order,
  OrderItemSchema,
  OrderSchema,
  todayInBerlin,
} from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  academyWeeks,
  giftCards,
  orderItemSlots,
  orderItems,
  orders,
  productPages,
  promocodeRedemptions,
  promocodes,
  scheduleSlots,
  visitors,
} from "../db/schema/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import {
  ACADEMY_8_11,
  COURSE_5_7,
  createChild,
  createParent,
  GIFT_CARD,
  pageBySlug,
  WORKSHOP_10,
} from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { createCartService } from "./cart.service.ts";
import { batchedFingerprints, currentOrderReply } from "./cart-read.ts";
import type { CartCaller } from "./cart-shared.ts";
import { createCurrentOrderReuse } from "./current-order-reuse.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let course: Awaited<ReturnType<typeof pageBySlug>>;
let workshop: Awaited<ReturnType<typeof pageBySlug>>;
let academy: Awaited<ReturnType<typeof pageBySlug>>;
let giftCard: Awaited<ReturnType<typeof pageBySlug>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
  const db = ctx.database.db;
  [course, workshop, academy, giftCard] = await Promise.all([
    pageBySlug(db, COURSE_5_7),
    pageBySlug(db, WORKSHOP_10),
    pageBySlug(db, ACADEMY_8_11),
    pageBySlug(db, GIFT_CARD),
  ]);
}, 60_000);
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT",
  url: string,
  options: { headers?: Headers; body?: unknown; cartId?: string; locale?: string } = {},
) => {
  const query = new URLSearchParams({ locale: options.locale ?? "de" });
  if (options.cartId) query.set("cart_id", options.cartId);
  return ctx.app.inject({
    method,
    url: `${url}?${query}`,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
};

async function guestCart(): Promise<string> {
  const res = await call("POST", "/api/v2/orders/init/");
  expect(res.statusCode).toBe(201);
  return res.json().cart_id;
}

const courseItem = (visitor: number | null, slotIndex = 0) => ({
  product: course.page.id,
  product_page: course.page.id,
  purchase_option: course.option("Course (1 / week)").id,
  visitor,
  schedule_slots: [course.slots[slotIndex]?.id],
});
const workshopItem = (visitor: number | null) => ({
  product_page: workshop.page.id,
  purchase_option: workshop.option("Ticket").id,
  visitor,
  schedule_slots: [workshop.slots[0]?.id],
});

/** Runs `check` while the page's German name is `name (neu)`, then names it `name` again. */
async function renamed(pageId: number, name: string, check: () => Promise<void>) {
  const rename = (to: string) =>
    ctx.database.db
      .update(productPages)
      .set({ name: sql`jsonb_set(${productPages.name}, '{de}', to_jsonb(${to}::text))` })
      .where(eq(productPages.id, pageId));
  await rename(`${name} (neu)`);
  try {
    await check();
  } finally {
    await rename(name);
  }
}

describe("guest cart", () => {
  it("init gives a cart_id; the cart starts empty in_cart; items name the guest's local child", async () => {
    const cartId = await guestCart();
    const empty = await call("GET", "/api/v2/orders/current/", { cartId });
    expect(empty.statusCode).toBe(200);
    expect(OrderSchema.parse(empty.json())).toMatchObject({
      status: "in_cart",
      items: [],
      total_checkout_price: "0.00",
    });

    const added = await call("POST", "/api/v2/orders/items/", { cartId, body: courseItem(1) });
    expect(added.statusCode, added.body).toBe(201);
    expect(OrderItemSchema.parse(added.json())).toMatchObject({
      visitor: { id: 1, first_name: "", last_name: "", birth_date: null },
      guest_visitor: 1,
      calculated_price: "79.00",
      recurrent_price: "79.00",
      is_recurring: true,
      schedule_type: "Course (1 / week)",
    });
    const cart = (await call("GET", "/api/v2/orders/current/", { cartId })).json();
    expect(cart.items).toHaveLength(1);
    expect(cart).toMatchObject({ total_checkout_price: "79.00", total_recurrent_price: "79.00" });
  });

  it("a cart_id nobody has, none, or a signed-in user's cart: 404, never another family's items", async () => {
    expect((await call("GET", "/api/v2/orders/current/")).statusCode).toBe(404);
    expect((await call("GET", "/api/v2/orders/current/", { cartId: crypto.randomUUID() })).statusCode).toBe(
      404,
    );
    const parent = await createParent(ctx.database.db);
    const theirs = (await call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect((await call("GET", "/api/v2/orders/current/", { cartId: theirs.cart_id })).statusCode).toBe(404);
    expect(
      (await call("POST", "/api/v2/orders/items/", { cartId: theirs.cart_id, body: courseItem(1) }))
        .statusCode,
    ).toBe(404);
    expect((await call("GET", "/api/v2/orders/current/", { cartId: "not-a-uuid" })).statusCode).toBe(400);
  });

  it("a guest item may name no child yet: it is named before checkout (D94)", async () => {
    const cartId = await guestCart();
    const res = await call("POST", "/api/v2/orders/items/", { cartId, body: courseItem(null) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ visitor: null, guest_visitor: null });
  });
});

describe("a guest's child meets the age rule at add (D141)", () => {
  /** A birth date making the child `age` on `day` (its birthday the day before). */
  const bornAged = (age: number, day: string) => {
    const d = new Date(`${day}T12:00:00Z`);
    d.setUTCFullYear(d.getUTCFullYear() - age);
    d.setUTCDate(d.getUTCDate() - 1);
    return d.toISOString().slice(0, 10);
  };
  const academyItem = (birthDate: string | undefined, firstName = "Lukas") => {
    const week = [...academy.weeks].sort((a, b) => a.startsOn.localeCompare(b.startsOn))[0];
    return {
      product_page: academy.page.id,
      purchase_option: academy.option("Academy (1st half)").id,
      visitor: 2,
      academy_weeks: [week?.id],
      ...(birthDate ? { visitor_birth_date: birthDate, visitor_first_name: firstName } : {}),
    };
  };
  const firstWeek = () => [...academy.weeks].map((w) => w.startsOn).sort()[0] ?? "";

  it("refuses a child too old in the week booked, naming the child, the age and the group, in de and ru", async () => {
    const cartId = await guestCart();
    const body = academyItem(bornAged(12, firstWeek()));
    const de = await call("POST", "/api/v2/orders/items/", { cartId, body });
    expect(de.statusCode, de.body).toBe(400);
    expect(de.json()).toMatchObject({
      visitor: ["Lukas ist in dieser Woche 12 Jahre alt; das Angebot ist für die Altersgruppe 8\u201311."],
      error_codes: { visitor: ["child_age_week"] },
    });
    const ru = await call("POST", "/api/v2/orders/items/", { cartId, body, locale: "ru" });
    expect(ru.json().visitor).toEqual([
      "Lukas: на этой неделе возраст — 12, а это предложение — для детей 8\u201311 лет.",
    ]);
    // Nothing was added.
    const cart = await call("GET", "/api/v2/orders/current/", { cartId });
    expect(cart.json().items).toEqual([]);
  });

  it("takes a child of the right age in that week, and one whose birthday makes it 11 only then", async () => {
    const cartId = await guestCart();
    const fits = await call("POST", "/api/v2/orders/items/", {
      cartId,
      body: academyItem(bornAged(11, firstWeek())),
    });
    expect(fits.statusCode, fits.body).toBe(201);
    expect(fits.json()).toMatchObject({ guest_visitor: 2 });
  });

  it("judges a dated session on its own date with the contract's rule, the form's (D295): 9 then is refused, 10 later fits", async () => {
    const dates = workshop.slots
      .flatMap((slot) =>
        slot.date && slot.date >= todayInBerlin() ? [{ id: slot.id, date: slot.date }] : [],
      )
      .sort((a, b) => a.date.localeCompare(b.date));
    const [early, late] = [dates[0], dates.at(-1)];
    if (!early || !late || early.date === late.date) throw new Error("the workshop needs two coming dates");
    // Ten on the later date, nine on the earlier one: the birthday falls between them.
    const born = bornAged(10, late.date);
    if (born <= bornAged(10, early.date)) throw new Error("the workshop's dates lie too close");
    const item = (slot: number) => ({
      product_page: workshop.page.id,
      purchase_option: workshop.option("Ticket").id,
      visitor: 3,
      schedule_slots: [slot],
      visitor_birth_date: born,
      visitor_first_name: "Jonas",
    });
    const refusal = bookingAgeRefusal(
      born,
      "10+",
      { weekStarts: [], slotDates: [early.date] },
      todayInBerlin(),
    );
    expect(refusal).toMatchObject({ code: "child_age_date", age: 9 });
    const cartId = await guestCart();
    const refused = await call("POST", "/api/v2/orders/items/", { cartId, body: item(early.id) });
    expect(refused.statusCode, refused.body).toBe(400);
    // The very text the booking form shows before the parent adds (contract errorMessage of the same code).
    expect(refused.json().visitor).toEqual([
      errorMessage("child_age_date", "de", { name: "Jonas", age: 9, group: "10+" }),
    ]);
    expect(refused.json().visitor[0]).toBe(
      "Jonas ist am Tag des Termins 9 Jahre alt; das Angebot ist für die Altersgruppe 10+.",
    );
    const fits = await call("POST", "/api/v2/orders/items/", { cartId, body: item(late.id) });
    expect(fits.statusCode, fits.body).toBe(201);
    expect(
      bookingAgeRefusal(born, "10+", { weekStarts: [], slotDates: [late.date] }, todayInBerlin()),
    ).toBeNull();
  });

  it("a dated session that has begun in Berlin is no longer offered nor booked; one still to come is (D515)", async () => {
    const today = todayInBerlin();
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    // Today from midnight: begun whatever the hour (the old rule offered it until the day was over).
    const [slot] = await ctx.database.db
      .insert(scheduleSlots)
      .values({ productPageId: workshop.page.id, date: today, start: "00:00", end: "00:30", seats: 8 })
      .returning();
    if (!slot) throw new Error("no slot");
    const item = {
      product_page: workshop.page.id,
      purchase_option: workshop.option("Ticket").id,
      visitor: null,
      schedule_slots: [slot.id],
    };
    const offered = async () =>
      (await call("GET", `/api/v2/products/${workshop.page.id}/`))
        .json()
        .schedule_slots.map((s: { id: number }) => s.id);
    try {
      expect(await offered()).not.toContain(slot.id);
      const refused = await call("POST", "/api/v2/orders/items/", { cartId: await guestCart(), body: item });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error_codes).toEqual({ schedule_slots: ["slot_not_on_page"] });
      await ctx.database.db
        .update(scheduleSlots)
        .set({ date: tomorrow })
        .where(eq(scheduleSlots.id, slot.id));
      const added = await call("POST", "/api/v2/orders/items/", { cartId: await guestCart(), body: item });
      expect(added.statusCode, added.body).toBe(201);
    } finally {
      await ctx.database.db.delete(orderItemSlots).where(eq(orderItemSlots.scheduleSlotId, slot.id));
      await ctx.database.db.delete(scheduleSlots).where(eq(scheduleSlots.id, slot.id));
    }
  });

  it("a guest client that sends no birth date (the existing client) is checked later, as before", async () => {
    const cartId = await guestCart();
    const res = await call("POST", "/api/v2/orders/items/", { cartId, body: academyItem(undefined) });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("a birth date that is no date is a 400 on that field", async () => {
    const cartId = await guestCart();
    const res = await call("POST", "/api/v2/orders/items/", { cartId, body: academyItem("2015-02-30") });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ visitor_birth_date: ["invalid_date"] });
  });
});

describe("new guest carts are bounded per client address", () => {
  it("answers 429 with Retry-After past the limit, while another address still gets carts", async () => {
    const limited = await createTestApp({ env: { CART_INIT_RATE_LIMIT_PER_MINUTE: "3" } });
    try {
      const init = (remoteAddress: string) =>
        limited.app.inject({ method: "POST", url: "/api/v2/orders/init/", remoteAddress });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await init("203.0.113.7")).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await init("203.0.113.7");
      expect(refused.headers["retry-after"]).toBeDefined();
      expect((await init("203.0.113.8")).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe("codes tried in a cart are bounded per client address (D615)", () => {
  it("answers 429 with Retry-After past the limit, known code or not, while another address still tries", async () => {
    const limited = await createTestApp({ env: { PROMOCODE_RATE_LIMIT_PER_MINUTE: "3" } });
    try {
      const cartOf = async (remoteAddress: string) =>
        (await limited.app.inject({ method: "POST", url: "/api/v2/orders/init/", remoteAddress })).json()
          .cart_id as string;
      const tryCode = (cartId: string, promocode: string, remoteAddress: string) =>
        limited.app.inject({
          method: "PUT",
          url: `/api/v2/orders/current/set_promocode/?cart_id=${cartId}`,
          payload: { promocode },
          remoteAddress,
        });
      const cartId = await cartOf("203.0.113.9");
      const statuses = [];
      for (const code of ["GUESS1", "GUESS2", "GUESS3", "WELCOME10"])
        statuses.push((await tryCode(cartId, code, "203.0.113.9")).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
      expect((await tryCode(cartId, "GUESS4", "203.0.113.9")).headers["retry-after"]).toBeDefined();
      const other = await cartOf("203.0.113.10");
      expect((await tryCode(other, "GUESS1", "203.0.113.10")).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});

describe("signed-in cart", () => {
  it("one cart per parent: current and init name the same cart, created once", async () => {
    const parent = await createParent(ctx.database.db);
    const [a, b] = await Promise.all([
      call("GET", "/api/v2/orders/current/", { headers: parent.headers }),
      call("POST", "/api/v2/orders/init/", { headers: parent.headers }),
    ]);
    expect(a.json().cart_id).toBe(b.json().cart_id);
    expect(a.json().user).toBe(parent.id);
  });

  it("adds for the parent's own child; another family's child is not found", async () => {
    const parent = await createParent(ctx.database.db);
    const other = await createParent(ctx.database.db);
    const child = await createChild(ctx.database.db, parent.id, 6);
    const otherChild = await createChild(ctx.database.db, other.id, 6);
    const ok = await call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: courseItem(child),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      visitor: { id: child },
      guest_visitor: null,
      visitor_name: "Mila Muster",
    });
    const foreign = await call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: courseItem(otherChild, 1),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error_codes).toEqual({ visitor: ["visitor_not_found"] });
  });

  it("another parent cannot change, delete or see an item: 404", async () => {
    const parent = await createParent(ctx.database.db);
    const intruder = await createParent(ctx.database.db);
    const child = await createChild(ctx.database.db, parent.id, 6);
    const item = (
      await call("POST", "/api/v2/orders/items/", { headers: parent.headers, body: courseItem(child) })
    ).json();
    expect(
      (
        await call("PATCH", `/api/v2/orders/items/${item.id}/`, {
          headers: intruder.headers,
          body: { comment: "x" },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call("DELETE", `/api/v2/orders/items/${item.id}/`, { headers: intruder.headers })).statusCode,
    ).toBe(404);
    expect((await call("DELETE", `/api/v2/orders/items/${item.id}/`)).statusCode).toBe(404);
    const theirs = (await call("GET", "/api/v2/orders/current/", { headers: intruder.headers })).json();
    expect(theirs.items).toEqual([]);
    expect(
      (await call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json().items,
    ).toHaveLength(1);
  });

  it("changes the child of an item and removes items (also through delete_course)", async () => {
    const parent = await createParent(ctx.database.db);
    const mila = await createChild(ctx.database.db, parent.id, 6, "Mila");
    const tom = await createChild(ctx.database.db, parent.id, 5, "Tom");
    const item = (
      await call("POST", "/api/v2/orders/items/", { headers: parent.headers, body: courseItem(mila) })
    ).json();
    const changed = await call("PATCH", `/api/v2/orders/items/${item.id}/`, {
      headers: parent.headers,
      body: { visitor: tom },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ visitor: { id: tom }, visitor_name: "Tom Muster" });

    const wrongCourse = await call(
      "DELETE",
      `/api/v2/orders/items/delete_course/${workshop.page.id}/${item.id}/`,
      { headers: parent.headers },
    );
    expect(wrongCourse.statusCode).toBe(404);
    const removed = await call("DELETE", `/api/v2/orders/items/delete_course/${course.page.id}/${item.id}/`, {
      headers: parent.headers,
    });
    expect(removed.statusCode).toBe(204);
    const cart = (await call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(cart).toMatchObject({ items: [], total_checkout_price_cents: 0, total_recurrent_price_cents: 0 });
  });
});

describe("a removal and a code are written with the cart's new discounts and totals (D470)", () => {
  /** What a cart answers about its money and each item's discounts, by item. */
  const money = (order: { items: Record<string, unknown>[] } & Record<string, unknown>) => ({
    total_discount_cents: order.total_discount_cents,
    total_checkout_price_cents: order.total_checkout_price_cents,
    total_recurrent_price_cents: order.total_recurrent_price_cents,
    promocode: order.promocode,
    items: order.items.map((item) => ({
      sibling_discount_cents: item.sibling_discount_cents,
      promocode_discount_cents: item.promocode_discount_cents,
      discount_amount_cents: item.discount_amount_cents,
    })),
  });
  const current = async (headers: Headers) => {
    const read = await call("GET", "/api/v2/orders/current/", { headers });
    expect(read.statusCode, read.body).toBe(200);
    return read.json();
  };
  /** A family whose two children each booked the course, Mila (6) first, then Tom (5). */
  async function siblingsWithCourses() {
    const family = await createParent(ctx.database.db);
    const mila = await createChild(ctx.database.db, family.id, 6, "Mila");
    const tom = await createChild(ctx.database.db, family.id, 5, "Tom");
    for (const body of [courseItem(mila), courseItem(tom, 1)]) {
      const added = await call("POST", "/api/v2/orders/items/", { headers: family.headers, body });
      expect(added.statusCode, added.body).toBe(201);
    }
    return { family, mila };
  }

  it("removing a sibling's course leaves the cart as if only the other child's had been booked", async () => {
    const setCode = (headers: Headers) =>
      call("PUT", "/api/v2/orders/current/set_promocode/", { headers, body: { promocode: "WELCOME10" } });
    const { family } = await siblingsWithCourses();
    const coded = await setCode(family.headers);
    expect(coded.statusCode, coded.body).toBe(200);
    const both = await current(family.headers);
    expect(money(coded.json())).toEqual(money(both));
    // Tom's course, the second child's, has the sibling discount; it goes once Mila's is taken out.
    const [milasItem, tomsItem] = both.items;
    expect(tomsItem.sibling_discount_cents).toBeGreaterThan(0);
    const removed = await call("DELETE", `/api/v2/orders/items/${milasItem.id}/`, {
      headers: family.headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);

    const alone = await createParent(ctx.database.db);
    const onlyTom = await createChild(ctx.database.db, alone.id, 5, "Tom");
    const added = await call("POST", "/api/v2/orders/items/", {
      headers: alone.headers,
      body: courseItem(onlyTom, 1),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await setCode(alone.headers)).statusCode).toBe(200);
    const left = money(await current(family.headers));
    expect(left).toEqual(money(await current(alone.headers)));
    expect(left.items[0]?.sibling_discount_cents).toBe(0);
  });

  it("giving a sibling's course to the other child leaves the cart as if that child had booked both", async () => {
    const { family, mila } = await siblingsWithCourses();
    const [, tomsItem] = (await current(family.headers)).items;
    expect(tomsItem.sibling_discount_cents).toBeGreaterThan(0);
    const changed = await call("PATCH", `/api/v2/orders/items/${tomsItem.id}/`, {
      headers: family.headers,
      body: { visitor: mila },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ visitor: { id: mila }, sibling_discount_cents: 0 });

    const alone = await createParent(ctx.database.db);
    const onlyMila = await createChild(ctx.database.db, alone.id, 6, "Mila");
    for (const body of [courseItem(onlyMila), courseItem(onlyMila, 1)]) {
      const added = await call("POST", "/api/v2/orders/items/", { headers: alone.headers, body });
      expect(added.statusCode, added.body).toBe(201);
    }
    expect(money(await current(family.headers))).toEqual(money(await current(alone.headers)));
  });
});

describe("booking rules (each a 400 naming the field, in the request's locale)", () => {
  let parent: Awaited<ReturnType<typeof createParent>>;
  let six: number;
  let nine: number;
  let twelve: number;
  beforeAll(async () => {
    parent = await createParent(ctx.database.db);
    six = await createChild(ctx.database.db, parent.id, 6, "Sechs");
    nine = await createChild(ctx.database.db, parent.id, 9, "Neun");
    twelve = await createChild(ctx.database.db, parent.id, 12, "Zwölf");
  });
  const add = (body: Record<string, unknown>, locale = "de") =>
    call("POST", "/api/v2/orders/items/", { headers: parent.headers, body, locale });
  const expectError = async (body: Record<string, unknown>, field: string, code: string) => {
    const res = await add(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error_codes).toEqual({ [field]: [code] });
    expect(typeof res.json()[field][0]).toBe("string");
  };

  it("the option belongs to the page; the page exists", async () => {
    await expectError(
      { ...courseItem(six), purchase_option: workshop.option("Ticket").id },
      "purchase_option",
      "option_not_on_page",
    );
    await expectError(
      { ...courseItem(six), product_page: 999_999, product: 999_999 },
      "product_page",
      "product_not_found",
    );
  });

  it("as many weekly times as meetings a week, of this page", async () => {
    await expectError({ ...courseItem(six), schedule_slots: [] }, "schedule_slots", "slot_required");
    const twice = { ...courseItem(six), purchase_option: course.option("Course (2 / week)").id };
    await expectError(twice, "schedule_slots", "slot_count_mismatch");
    await expectError(
      { ...courseItem(six), schedule_slots: [workshop.slots[0]?.id] },
      "schedule_slots",
      "slot_not_on_page",
    );
    const ok = await add({ ...twice, schedule_slots: [course.slots[0]?.id, course.slots[1]?.id] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().calculated_price).toBe("145.00");
  });

  it("academy weeks belong to the academy; the price is weeks × day part", async () => {
    const base = {
      product_page: academy.page.id,
      purchase_option: academy.option("Academy (1st half)").id,
      visitor: nine,
    };
    await expectError(base, "academy_weeks", "weeks_required");
    await expectError({ ...base, academy_weeks: [999_999] }, "academy_weeks", "week_not_on_page");
    await expectError(
      { ...base, academy_weeks: [academy.weeks[0]?.id], academy_number_of_weeks: 2 },
      "academy_number_of_weeks",
      "weeks_count_mismatch",
    );
    const ok = await add({ ...base, academy_weeks: [academy.weeks[0]?.id, academy.weeks[1]?.id] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      calculated_price: "378.00",
      academy_number_of_weeks: 2,
      recurrent_price: "0.00",
    });
  });

  it("a week's seats are its own bookings: another family's paid one takes the last, a cancelled one frees it; a week that is over is not offered", async () => {
    const db = ctx.database.db;
    const week = academy.weeks.at(-1);
    if (!week) throw new Error("the demo academy has no coming week");
    const item = {
      product_page: academy.page.id,
      purchase_option: academy.option("Academy (1st half)").id,
      academy_weeks: [week.id],
    };
    await db.update(academyWeeks).set({ seats: 1 }).where(eq(academyWeeks.id, week.id));
    try {
      const other = await createParent(db);
      const otherChild = await createChild(db, other.id, 9, "Andere");
      const theirs = await call("POST", "/api/v2/orders/items/", {
        headers: other.headers,
        body: { ...item, visitor: otherChild },
      });
      expect(theirs.statusCode, theirs.body).toBe(201);
      const [line] = await db
        .select({ orderId: orderItems.orderId })
        .from(orderItems)
        .where(eq(orderItems.id, theirs.json().id));
      const setTheirs = (status: "paid" | "cancelled") =>
        db
          .update(orders)
          .set({ status })
          .where(eq(orders.id, line?.orderId ?? 0));

      await setTheirs("paid");
      await expectError({ ...item, visitor: nine }, "academy_weeks", "no_seats_left");

      await setTheirs("cancelled");
      const ours = await add({ ...item, visitor: nine });
      expect(ours.statusCode, ours.body).toBe(201);
      const removed = await call("DELETE", `/api/v2/orders/items/${ours.json().id}/`, {
        headers: parent.headers,
      });
      expect(removed.statusCode, removed.body).toBe(204);

      await db
        .update(academyWeeks)
        .set({ startsOn: "2020-01-06", endsOn: "2020-01-10" })
        .where(eq(academyWeeks.id, week.id));
      await expectError({ ...item, visitor: nine }, "academy_weeks", "week_not_on_page");
    } finally {
      await db
        .update(academyWeeks)
        .set({ seats: week.seats, startsOn: week.startsOn, endsOn: week.endsOn })
        .where(eq(academyWeeks.id, week.id));
    }
  });

  it("the child's age fits the age group, in German and Russian", async () => {
    await expectError(courseItem(twelve), "visitor", "age_not_in_group");
    await expectError(workshopItem(six), "visitor", "age_not_in_group");
    const ru = await add(workshopItem(six), "ru");
    expect(ru.json().visitor[0]).toMatch(/[а-я]/);
  });

  it("no seat left, and no child twice in one slot", async () => {
    const [full] = await ctx.database.db
      .insert(scheduleSlots)
      .values({ productPageId: course.page.id, weekday: 4, start: "18:00", end: "19:00", seats: 0 })
      .returning();
    await expectError({ ...courseItem(six), schedule_slots: [full?.id] }, "schedule_slots", "no_seats_left");
    await ctx.database.db.delete(scheduleSlots).where(eq(scheduleSlots.id, full?.id ?? 0));

    const first = await add(courseItem(six, 2));
    expect(first.statusCode, first.body).toBe(201);
    await expectError(courseItem(six, 2), "schedule_slots", "already_booked");
  });

  it("a gift card has no child; every other item needs one by checkout (D94)", async () => {
    const card = { product_page: giftCard.page.id, purchase_option: giftCard.options[0]?.id };
    await expectError({ ...card, visitor: six }, "visitor", "visitor_not_allowed");
    const ok = await add(card);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ visitor: null, guest_visitor: null, calculated_price: "25.00" });
    // Added without a child, named later: checkout refuses it until then (existing-client-orders.test.ts).
    const later = await add(courseItem(null));
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().visitor).toBeNull();
  });
});

describe("a cart holds a bounded number of items", () => {
  it("refuses the item past the limit with a message, and keeps the cart as it was", async () => {
    const cartId = await guestCart();
    const card = { product_page: giftCard.page.id, purchase_option: giftCard.options[0]?.id };
    for (let i = 0; i < CART_MAX_ITEMS; i++) {
      expect((await call("POST", "/api/v2/orders/items/", { cartId, body: card })).statusCode).toBe(201);
    }
    const refused = await call("POST", "/api/v2/orders/items/", { cartId, body: card });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ non_field_errors: ["cart_full"] });
    expect((await call("GET", "/api/v2/orders/current/", { cartId })).json().items).toHaveLength(
      CART_MAX_ITEMS,
    );
  });
});

describe("prices come from the catalogue", () => {
  it("ignores any price in the request and gives the second child 10 % off the course", async () => {
    const parent = await createParent(ctx.database.db);
    const a = await createChild(ctx.database.db, parent.id, 6, "Anna");
    const b = await createChild(ctx.database.db, parent.id, 5, "Ben");
    await call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: { ...courseItem(a), calculated_price: "0.01", price: 1 },
    });
    await call("POST", "/api/v2/orders/items/", { headers: parent.headers, body: courseItem(b, 1) });
    const cart = (await call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(cart.items.map((i: { discount_amount: string }) => i.discount_amount)).toEqual(["0.00", "7.90"]);
    expect(cart).toMatchObject({
      total_price: "158.00",
      total_discount: "7.90",
      total_checkout_price: "150.10",
      total_recurrent_price: "150.10",
    });
  });
});

describe("promocodes", () => {
  const setCode = (promocode: unknown, headers: Headers) =>
    call("PUT", "/api/v2/orders/current/set_promocode/", { headers, body: { promocode } });

  it("applies a valid code in any case and removes it with an empty one", async () => {
    const parent = await createParent(ctx.database.db);
    const child = await createChild(ctx.database.db, parent.id, 11);
    await call("POST", "/api/v2/orders/items/", { headers: parent.headers, body: workshopItem(child) });
    const applied = await setCode("welcome10", parent.headers);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      promocode: "WELCOME10",
      total_discount: "6.50",
      total_checkout_price: "58.50",
    });
    const removed = await setCode("", parent.headers);
    expect(removed.json()).toMatchObject({ promocode: null, total_checkout_price: "65.00" });
  });

  it("setting and taking off a code answers the cart as its next read shows it, the items the code changes and the others (D479)", async () => {
    const parent = await createParent(ctx.database.db);
    const six = await createChild(ctx.database.db, parent.id, 6);
    const eleven = await createChild(ctx.database.db, parent.id, 11);
    const twelve = await createChild(ctx.database.db, parent.id, 12);
    // FERIEN15 takes 15 € off the workshops (130 € together), not the course.
    for (const body of [courseItem(six), workshopItem(eleven), workshopItem(twelve)]) {
      const added = await call("POST", "/api/v2/orders/items/", { headers: parent.headers, body });
      expect(added.statusCode, added.body).toBe(201);
    }
    const discounts = (order: { items: { discount_amount: string }[] }) =>
      order.items.map((item) => item.discount_amount);
    const before = discounts(
      (await call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json(),
    );
    for (const code of ["FERIEN15", ""]) {
      const reply = await setCode(code, parent.headers);
      expect(reply.statusCode, reply.body).toBe(200);
      const read = await call("GET", "/api/v2/orders/current/", { headers: parent.headers });
      expect(reply.json()).toEqual(read.json());
      const changed = discounts(reply.json()).map((amount, i) => amount !== before[i]);
      expect(changed).toEqual(code ? [false, true, true] : [false, false, false]);
    }
  });

  it("says why a code does not apply: unknown, expired, used up, too small an order, wrong products", async () => {
    const db = ctx.database.db;
    await db.insert(promocodes).values([
      { code: "OLD5", percentOff: 5, validUntil: new Date("2020-01-01") },
      { code: "GONE5", percentOff: 5, maxUses: 0 },
      { code: "BIG20", amountOffCents: 2000, minTotalCents: 50_000 },
      { code: "ACADEMY5", percentOff: 5, productTypes: ["Academy"] },
    ]);
    const parent = await createParent(db);
    const child = await createChild(db, parent.id, 11);
    await call("POST", "/api/v2/orders/items/", { headers: parent.headers, body: workshopItem(child) });
    for (const [code, error] of [
      ["NOPE", "promocode_invalid"],
      ["OLD5", "promocode_expired"],
      ["GONE5", "promocode_used_up"],
      ["BIG20", "promocode_min_total"],
      ["ACADEMY5", "promocode_not_applicable"],
    ]) {
      const res = await setCode(code, parent.headers);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error_codes).toEqual({ promocode: [error] });
    }
    const cart = (await call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(cart).toMatchObject({ promocode: null, total_checkout_price: "65.00" });
  });
});

describe("a code used up after it was set (D598)", () => {
  it("stays on the cart without its discount, on the next read and the next change, as the checkout charges", async () => {
    const db = ctx.database.db;
    await db.insert(promocodes).values([{ code: "LAST50", percentOff: 50, maxUses: 1 }]);
    const parent = await createParent(db);
    const child = await createChild(db, parent.id, 11);
    await call("POST", "/api/v2/orders/items/", { headers: parent.headers, body: workshopItem(child) });
    const set = await call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: "LAST50" },
    });
    expect(set.statusCode, set.body).toBe(200);
    const read = async () =>
      (await call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(await read()).toMatchObject({ promocode: "LAST50", total_checkout_price: "32.50" });
    expect(await read()).toMatchObject({ total_checkout_price: "32.50" });
    // Its last use goes to another family's order: counted as the checkout counts it.
    const other = await createParent(db);
    const [order] = await db
      .insert(orders)
      .values({ userId: other.id, status: "awaiting_payment", cartId: crypto.randomUUID() })
      .returning({ id: orders.id });
    const [code] = await db.select().from(promocodes).where(eq(promocodes.code, "LAST50"));
    await db.insert(promocodeRedemptions).values({
      promocodeId: code?.id ?? 0,
      orderId: order?.id ?? 0,
      userId: other.id,
      discountCents: 3250,
    });
    expect(await read()).toMatchObject({ promocode: "LAST50", total_checkout_price: "65.00" });
    // A change prices it the same way, and writes it so.
    const [item] = (await read()).items as { id: number }[];
    const edited = await call("PATCH", `/api/v2/orders/items/${item?.id}/`, {
      headers: parent.headers,
      body: { comment: "Bringt eine Schürze mit" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [stored] = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.id, item?.id ?? 0));
    expect(stored?.promocodeDiscountCents).toBe(0);
    expect(await read()).toMatchObject({ promocode: "LAST50", total_checkout_price: "65.00" });
  });
});

describe("signing in brings the guest cart along", () => {
  it("merges the guest cart into the parent's cart without duplicates; the guest cart is gone", async () => {
    const parent = await createParent(ctx.database.db);
    const child = await createChild(ctx.database.db, parent.id, 6);
    const cartId = await guestCart();
    const guestItem = (await call("POST", "/api/v2/orders/items/", { cartId, body: courseItem(1) })).json();
    await call("POST", "/api/v2/orders/items/", { cartId, body: courseItem(1) }); // the same booking twice is refused…
    await call("POST", "/api/v2/orders/items/", { cartId, body: courseItem(2, 1) });
    await call("POST", "/api/v2/orders/items/", { headers: parent.headers, body: courseItem(child) });

    const merged = (await call("GET", "/api/v2/orders/current/", { headers: parent.headers, cartId })).json();
    expect(merged.items).toHaveLength(3);
    expect(merged.cart_id).not.toBe(cartId);
    expect((await call("GET", "/api/v2/orders/current/", { cartId })).statusCode).toBe(404);
    // …and merging again (a retried sign-in) changes nothing.
    const again = (await call("GET", "/api/v2/orders/current/", { headers: parent.headers, cartId })).json();
    expect(again.items).toHaveLength(3);

    const reassigned = await call("PATCH", `/api/v2/orders/items/${guestItem.id}/`, {
      headers: parent.headers,
      body: { visitor: child },
    });
    expect(reassigned.statusCode, reassigned.body).toBe(400);
    expect(reassigned.json().error_codes).toEqual({ schedule_slots: ["already_booked"] });
    const other = await createChild(ctx.database.db, parent.id, 7, "Lea");
    const ok = await call("PATCH", `/api/v2/orders/items/${guestItem.id}/`, {
      headers: parent.headers,
      body: { visitor: other },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ visitor: { id: other }, guest_visitor: null });
    const comment = await call(
      "PATCH",
      `/api/v2/orders/items/${merged.items.find((i: { guest_visitor: number | null }) => i.guest_visitor === 2).id}/`,
      {
        headers: parent.headers,
        body: { comment: "Bringt eine Schürze mit" },
      },
    );
    expect(comment.statusCode, comment.body).toBe(200);
    expect(comment.json()).toMatchObject({ guest_visitor: 2, comment: "Bringt eine Schürze mit" });
  });

  it("keeps every ticket that names no child yet: two bought as a guest and one in the parent's cart are three", async () => {
    const parent = await createParent(ctx.database.db);
    await call("POST", "/api/v2/orders/items/", { headers: parent.headers, body: workshopItem(null) });
    const cartId = await guestCart();
    for (const _ of [1, 2]) {
      const added = await call("POST", "/api/v2/orders/items/", { cartId, body: workshopItem(null) });
      expect(added.statusCode, added.body).toBe(201);
    }
    const guest = (await call("GET", "/api/v2/orders/current/", { cartId })).json();
    expect(guest.items).toHaveLength(2);

    const merged = (await call("GET", "/api/v2/orders/current/", { headers: parent.headers, cartId })).json();
    expect(merged.items).toHaveLength(3);
    const price = Number(guest.items[0].calculated_price);
    expect(Number(merged.total_checkout_price)).toBe(3 * price);
  });

  it("a guest's code comes along and is written on the parent's own item too, with the cart's totals (D471)", async () => {
    const parent = await createParent(ctx.database.db);
    const child = await createChild(ctx.database.db, parent.id, 6);
    const own = await call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: courseItem(child),
    });
    expect(own.json().promocode_discount_cents).toBe(0);
    const cartId = await guestCart();
    await call("POST", "/api/v2/orders/items/", { cartId, body: courseItem(1, 1) });
    const coded = await call("PUT", "/api/v2/orders/current/set_promocode/", {
      cartId,
      body: { promocode: "WELCOME10" },
    });
    expect(coded.statusCode, coded.body).toBe(200);

    const merged = (await call("GET", "/api/v2/orders/current/", { headers: parent.headers, cartId })).json();
    expect(merged.promocode).toBe("WELCOME10");
    expect(merged.items).toHaveLength(2);
    const mine = merged.items.find((item: { id: number }) => item.id === own.json().id);
    // The parent's item was stored without the code: the merge's reprice wrote its discount.
    expect(mine.promocode_discount_cents).toBeGreaterThan(0);
    type Line = { list_price_cents: number; discount_amount_cents: number; promocode_discount_cents: number };
    const items: Line[] = merged.items;
    for (const item of items) expect(item.promocode_discount_cents).toBeGreaterThan(0);
    expect(merged.total_checkout_price_cents).toBe(
      items.reduce((sum, item) => sum + item.list_price_cents - item.discount_amount_cents, 0),
    );
    expect(merged.total_discount_cents).toBe(
      items.reduce((sum, item) => sum + item.discount_amount_cents, 0),
    );
  });
});

describe("malformed requests are 400, never 500, and write nothing", () => {
  it.each([
    ["not an object", "[]"],
    ["ids as words", { product_page: "abc", purchase_option: "x", visitor: "y" }],
    ["negative ids", { product_page: -1, purchase_option: 0, visitor: -5 }],
    ["huge ids", { product_page: 1e30, purchase_option: 2 ** 40, visitor: 1 }],
    ["slots not a list", { product_page: 1, purchase_option: 1, visitor: 1, schedule_slots: "1,2" }],
    [
      "too many slots",
      { product_page: 1, purchase_option: 1, visitor: 1, schedule_slots: [1, 2, 3, 4, 5, 6, 7, 8] },
    ],
    ["repeated slots", { product_page: 1, purchase_option: 1, visitor: 1, schedule_slots: [1, 1] }],
    ["comment too long", { product_page: 1, purchase_option: 1, visitor: 1, comment: "x".repeat(501) }],
    ["comment not text", { product_page: 1, purchase_option: 1, visitor: 1, comment: { a: 1 } }],
  ])("%s", async (_name, body) => {
    const cartId = await guestCart();
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/v2/orders/items/?cart_id=${cartId}`,
      headers: { "content-type": "application/json" },
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(400);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(
      await ctx.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order?.id ?? 0)),
    ).toEqual([]);
  });

  it("bad ids in paths and a bad promocode body", async () => {
    const cartId = await guestCart();
    // Not a number: no item, as Django REST's `<int:pk>` route answers it.
    const word = await call("PATCH", "/api/v2/orders/items/abc/", { cartId, body: {} });
    expect(word.statusCode).toBe(404);
    expect(word.json().error_codes).toEqual({ detail: "not_found" });
    expect((await call("DELETE", "/api/v2/orders/items/99999999999/", { cartId })).statusCode).toBe(404);
    expect(
      (await call("PUT", "/api/v2/orders/current/set_promocode/", { cartId, body: { promocode: 5 } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call("PUT", "/api/v2/orders/current/set_promocode/", {
          cartId,
          body: { promocode: "x".repeat(65) },
        })
      ).statusCode,
    ).toBe(400);
  });
});

// These write as another instance of the shop would: straight to the database, not through this cart.
describe("the current order read again (D430): another writer's change shows in the next read", () => {
  const current = (headers: Headers, locale = "de") =>
    call("GET", "/api/v2/orders/current/", { headers, locale });

  async function parentWithCourse() {
    const parent = await createParent(ctx.database.db);
    const child = await createChild(ctx.database.db, parent.id, 6);
    const added = await call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: courseItem(child),
    });
    expect(added.statusCode, added.body).toBe(201);
    return { parent, child, item: added.json().id as number };
  }

  const onlyItem = async (headers: Headers) => {
    const read = await current(headers);
    expect(read.statusCode, read.body).toBe(200);
    const order = OrderSchema.parse(read.json());
    expect(order.items).toHaveLength(1);
    return order.items[0] as NonNullable<(typeof order.items)[0]>;
  };

  it("sends the same reply while nothing changed, privately, and a 304 to a client that has it", async () => {
    const { parent } = await parentWithCourse();
    const first = await current(parent.headers);
    const again = await current(parent.headers);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers["cache-control"]).toBe("private, no-store");
    expect(again.headers["content-type"]).toBe("application/json; charset=utf-8");
    const etag = String(first.headers.etag);
    const unchanged = await current({ ...parent.headers, "if-none-match": etag });
    expect(unchanged.statusCode).toBe(304);
    // Another language is another reply.
    const russian = await current(parent.headers, "ru");
    expect(russian.json().items[0].product_page.name).not.toBe(first.json().items[0].product_page.name);
  });

  it("shows the next read every write of another writer: the child, the item, its slot, the cart", async () => {
    const db = ctx.database.db;
    const { parent, child, item } = await parentWithCourse();
    expect((await onlyItem(parent.headers)).visitor_name).toBe("Mila Muster");

    await db.update(visitors).set({ firstName: "Lena" }).where(eq(visitors.id, child));
    expect((await onlyItem(parent.headers)).visitor_name).toBe("Lena Muster");

    await db.update(orderItems).set({ comment: "Bitte mit Schürze" }).where(eq(orderItems.id, item));
    expect((await onlyItem(parent.headers)).comment).toBe("Bitte mit Schürze");

    // The chosen time changed (a link removed and another written), the item's own row untouched.
    const other = course.slots[1]?.id;
    if (other === undefined) throw new Error("the course has one slot");
    await db.delete(orderItemSlots).where(eq(orderItemSlots.orderItemId, item));
    await db.insert(orderItemSlots).values({ orderItemId: item, scheduleSlotId: other });
    expect((await onlyItem(parent.headers)).schedule_slot_details.map((slot) => slot.id)).toEqual([other]);

    await db.update(orders).set({ payerFirstName: "Eva-Maria" }).where(eq(orders.userId, parent.id));
    expect((await current(parent.headers)).json().payer_first_name).toBe("Eva-Maria");

    // An item removed by another instance is gone at once.
    await db.delete(orderItems).where(eq(orderItems.id, item));
    expect((await current(parent.headers)).json().items).toEqual([]);
  });

  it("shows a promocode's new text, and a guest's cart the same way", async () => {
    const db = ctx.database.db;
    const cartId = await guestCart();
    const added = await call("POST", "/api/v2/orders/items/", { cartId, body: workshopItem(1) });
    expect(added.statusCode, added.body).toBe(201);
    const [code] = await db
      .insert(promocodes)
      .values({ code: `READ${Date.now()}`, percentOff: 10 })
      .returning();
    if (!code) throw new Error("no code");
    expect(
      (await call("PUT", "/api/v2/orders/current/set_promocode/", { cartId, body: { promocode: code.code } }))
        .statusCode,
    ).toBe(200);
    expect((await call("GET", "/api/v2/orders/current/", { cartId })).json().promocode).toBe(code.code);
    await db
      .update(promocodes)
      .set({ code: `${code.code}X` })
      .where(eq(promocodes.id, code.id));
    expect((await call("GET", "/api/v2/orders/current/", { cartId })).json().promocode).toBe(`${code.code}X`);
  });

  it("reads a gift card on the cart as it is now: its balance is the card's, spent elsewhere too", async () => {
    const db = ctx.database.db;
    const { parent } = await parentWithCourse();
    const [card] = await db
      .insert(giftCards)
      .values({ code: `TEST-READ-${Date.now()}`, initialCents: 5_000, balanceCents: 5_000 })
      .returning();
    if (!card) throw new Error("no card");
    const set = await call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: card.code },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await current(parent.headers)).json().gift_card.balance_cents).toBe(5_000);
    // Another family's payment spent part of it (the card's own row; nothing of this cart changed).
    await db.update(giftCards).set({ balanceCents: 1_500 }).where(eq(giftCards.id, card.id));
    expect((await current(parent.headers)).json().gift_card.balance_cents).toBe(1_500);
  });

  it("reads asked for at once share a statement (D431), and each gets its own cart, its writer's change in it", async () => {
    const db = ctx.database.db;
    const guests = await Promise.all([guestCart(), guestCart(), guestCart()]);
    for (const [index, cartId] of guests.entries()) {
      const added = await call("POST", "/api/v2/orders/items/", { cartId, body: workshopItem(index + 1) });
      expect(added.statusCode, added.body).toBe(201);
    }
    const parents = [await parentWithCourse(), await parentWithCourse()];
    // Each reads once, so a later read must notice the change below rather than make a first reply.
    await Promise.all(guests.map((cartId) => call("GET", "/api/v2/orders/current/", { cartId })));
    await Promise.all(parents.map(({ parent }) => current(parent.headers)));
    await db
      .update(visitors)
      .set({ firstName: "Ida" })
      .where(eq(visitors.id, parents[1]?.child ?? 0));

    // All at once, a guest's cart_id also in capitals (a UUID in any case names the same cart).
    const reads = await Promise.all([
      ...guests.map((cartId) => call("GET", "/api/v2/orders/current/", { cartId })),
      call("GET", "/api/v2/orders/current/", { cartId: guests[0]?.toUpperCase() ?? "" }),
      ...parents.map(({ parent }) => current(parent.headers)),
      call("GET", "/api/v2/orders/current/", { cartId: "00000000-0000-4000-8000-000000000000" }),
    ]);
    const orders = reads.map((read) => read.json());
    expect(reads.map((read) => read.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 404]);
    expect(orders.slice(0, 4).map((order) => order.cart_id)).toEqual([...guests, guests[0]]);
    expect(orders.slice(0, 4).map((order) => order.items[0].guest_visitor)).toEqual([1, 2, 3, 1]);
    expect(orders[4].items[0].id).toBe(parents[0]?.item);
    expect(orders[4].items[0].visitor_name).toBe("Mila Muster");
    expect(orders[5].items[0].id).toBe(parents[1]?.item);
    expect(orders[5].items[0].visitor_name).toBe("Ida Muster");
  });

  it("is sent again without reading the cart while the database's snapshot stays (D443)", async () => {
    const db = ctx.database.db;
    const { parent, child } = await parentWithCourse();
    // The shop as the route runs it, with the snapshot in the test's hand: on PostgreSQL the test files
    // beside this one commit to their own databases and move the real one.
    const service = createCartService({
      db,
      siblingDiscountPercent: 10,
      publicUrl: "http://shop.test",
      changes: ctx.database.changes,
    });
    let snapshot = "s1";
    const fingerprints = { ...batchedFingerprints(db), snapshot: async () => snapshot };
    const reuse = createCurrentOrderReuse(ctx.database.changes);
    const encode = (order: Order) => ({
      bytes: Buffer.from(JSON.stringify(order)),
      etag: "",
      contentType: "application/json",
    });
    const read = async (caller: CartCaller) => {
      const reply = await currentOrderReply(service.deps, reuse, fingerprints, caller, "de", encode);
      return OrderSchema.parse(JSON.parse(reply.bytes.toString())).items.map((item) => item.visitor_name);
    };
    const caller = { userId: parent.id };
    expect(await read(caller)).toEqual(["Mila Muster"]);
    // Written while the snapshot "stays": the kept reply is sent, so neither the cart nor its fingerprint
    // was read. The snapshot moves with every commit, so this is only ever a commit made at the same time.
    await db.update(visitors).set({ firstName: "Lena" }).where(eq(visitors.id, child));
    expect(await read(caller)).toEqual(["Mila Muster"]);
    snapshot = "s2";
    expect(await read(caller)).toEqual(["Lena Muster"]);
    // A guest cart named beside the parent's is merged, never answered by the parent's kept reply.
    const guest = await guestCart();
    const added = await call("POST", "/api/v2/orders/items/", { cartId: guest, body: workshopItem(1) });
    expect(added.statusCode, added.body).toBe(201);
    snapshot = "s3";
    expect(await read(caller)).toEqual(["Lena Muster"]);
    expect(await read({ ...caller, cartId: guest })).toHaveLength(2);
  });

  it("shows an offer renamed in the catalogue once the catalogue's change reaches this instance", async () => {
    const { parent } = await parentWithCourse();
    const before = (await onlyItem(parent.headers)).product_page.name;
    await renamed(course.page.id, before, async () => {
      // The change comes by the catalogue's notification, as it ends the catalogue's epoch (D85).
      await expect
        .poll(async () => (await onlyItem(parent.headers)).product_page.name, { timeout: 5_000 })
        .toBe(`${before} (neu)`);
    });
  });
});

describe("the add's reply is the item as the cart's read answers it (D399, D468)", () => {
  const add = (headers: Headers, body: unknown, locale: string) =>
    call("POST", "/api/v2/orders/items/", { headers, body, locale });
  const itemsOf = async (headers: Headers, locale: string) => {
    const read = await call("GET", "/api/v2/orders/current/", { headers, locale });
    expect(read.statusCode, read.body).toBe(200);
    return OrderSchema.parse(read.json()).items;
  };
  const giftItem = () => ({ product_page: giftCard.page.id, purchase_option: giftCard.options[0]?.id });

  it("a course's times, an academy's weeks and a gift card, each in German and in Russian", async () => {
    const parent = await createParent(ctx.database.db);
    const six = await createChild(ctx.database.db, parent.id, 6, "Mila");
    const nine = await createChild(ctx.database.db, parent.id, 9, "Lev");
    const academyItem = (week: number) => ({
      product_page: academy.page.id,
      purchase_option: academy.option("Academy (1st half)").id,
      visitor: nine,
      academy_weeks: [academy.weeks[week]?.id],
    });
    const adds: [unknown, string][] = [
      [courseItem(six, 0), "de"],
      [courseItem(six, 1), "ru"],
      [academyItem(0), "ru"],
      [academyItem(1), "de"],
      [giftItem(), "de"],
      [giftItem(), "ru"],
    ];
    for (const [body, locale] of adds) {
      const added = await add(parent.headers, body, locale);
      expect(added.statusCode, added.body).toBe(201);
      const reply = OrderItemSchema.parse(added.json());
      expect(reply).toEqual((await itemsOf(parent.headers, locale)).find((item) => item.id === reply.id));
    }
  });

  it("a change's reply too (D477): another child, other times, other weeks, a comment, in both languages", async () => {
    const parent = await createParent(ctx.database.db);
    const mila = await createChild(ctx.database.db, parent.id, 6, "Mila");
    const tom = await createChild(ctx.database.db, parent.id, 5, "Tom");
    const lev = await createChild(ctx.database.db, parent.id, 9, "Lev");
    const courseId = (await add(parent.headers, courseItem(mila, 0), "de")).json().id;
    const academyId = (
      await add(
        parent.headers,
        {
          product_page: academy.page.id,
          purchase_option: academy.option("Academy (1st half)").id,
          visitor: lev,
          academy_weeks: [academy.weeks[0]?.id],
        },
        "de",
      )
    ).json().id;
    const giftId = (await add(parent.headers, giftItem(), "de")).json().id;
    const changes: [number, unknown, string][] = [
      // The course to the other child at other times, answered in Russian; then back with a comment.
      [courseId, { visitor: tom, schedule_slots: [course.slots[1]?.id] }, "ru"],
      [academyId, { academy_weeks: [academy.weeks[1]?.id, academy.weeks[2]?.id] }, "de"],
      [giftId, { comment: "Für Oma, mit Liebe" }, "ru"],
      [courseId, { visitor: mila, comment: "Allergie: Nüsse" }, "de"],
    ];
    for (const [id, body, locale] of changes) {
      const changed = await call("PATCH", `/api/v2/orders/items/${id}/`, {
        headers: parent.headers,
        body,
        locale,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const reply = OrderItemSchema.parse(changed.json());
      expect(reply).toEqual((await itemsOf(parent.headers, locale)).find((item) => item.id === id));
    }
  });

  it("a change that names no times answers the item's times as stored (D477)", async () => {
    const parent = await createParent(ctx.database.db);
    const ida = await createChild(ctx.database.db, parent.id, 11, "Ida");
    const added = await add(parent.headers, workshopItem(ida), "de");
    expect(added.statusCode, added.body).toBe(201);
    // A dated item stored without its session (as one added while its page offered none): the change's
    // checks take the next session, and the change does not store it, so its reply shows none either.
    const id = added.json().id as number;
    await ctx.database.db.delete(orderItemSlots).where(eq(orderItemSlots.orderItemId, id));
    const changed = await call("PATCH", `/api/v2/orders/items/${id}/`, {
      headers: parent.headers,
      body: { comment: "Bringt eine Schürze mit" },
      locale: "de",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const reply = OrderItemSchema.parse(changed.json());
    expect(reply.schedule_slot_details).toEqual([]);
    expect(reply).toEqual((await itemsOf(parent.headers, "de")).find((item) => item.id === id));
  });

  it("shows the page's new name once the catalogue's change reaches this instance", async () => {
    const parent = await createParent(ctx.database.db);
    const first = await add(parent.headers, giftItem(), "de");
    expect(first.statusCode, first.body).toBe(201);
    const before = first.json().product_page.name as string;
    await renamed(giftCard.page.id, before, async () => {
      // The cart's read shows it once the catalogue's notification came (D85); the add's kept part of the
      // reply is dropped by the same notification.
      await expect
        .poll(async () => (await itemsOf(parent.headers, "de"))[0]?.product_page.name, { timeout: 5_000 })
        .toBe(`${before} (neu)`);
      const second = await add(parent.headers, giftItem(), "de");
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json().product_page.name).toBe(`${before} (neu)`);
    });
  });
});
