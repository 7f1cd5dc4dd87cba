import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, giftCardLedger, giftCards, orders, promocodes } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { type createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/** Content pages, promocodes and gift cards in the back office (D123–D125). */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

const auditOf = (resource: string, recordId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, resource), eq(auditLog.recordId, recordId)))
    .orderBy(auditLog.id);

/** A parent with a course in the cart, so a code can be tried on it (a card pays for no gift card, D612). */
const parentWithCart = () => t.parentWithCourse(0);

/** The order a parent placed (their cart became it). */
const orderOf = async (userId: number) =>
  (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)))[0]?.id;

const tryCode = (headers: Record<string, string>, promocode: string) =>
  t.call("PUT", "/api/v2/orders/current/set_promocode/", { headers, body: { promocode } });

describe(`content pages in the back office (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("staff edit the prices page in German and Russian; the shop shows it on the next request; a stale save is a 409", async () => {
    const list = await t.call("GET", "/api/v2/admin/content-pages/", {
      headers: staff.headers,
      query: { filter: JSON.stringify({ q: "prices" }) },
    });
    expect(list.statusCode, list.body).toBe(200);
    const prices = list.json().find((page: { key: string }) => page.key === "prices");
    expect(prices).toBeTruthy();
    // Read first, so the shop's reply is cached: the staff commit must end it.
    const shopBefore = (await t.call("GET", "/api/v2/pages/prices/", { query: { locale: "ru" } })).json();

    const { id, key: _key, updated_at: _u, version, ...fields } = prices;
    const body = {
      ...fields,
      version,
      body: {
        de: "## Preise\n\nEin Kurs kostet **89 €** im Monat.",
        ru: "## Цены\n\nКурс стоит **89 €** в месяц.",
      },
    };
    const saved = await t.call("PUT", `/api/v2/admin/content-pages/${id}/`, { headers: staff.headers, body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).not.toBe(version);

    const shopAfter = (await t.call("GET", "/api/v2/pages/prices/", { query: { locale: "ru" } })).json();
    expect(shopAfter.body).toBe(body.body.ru);
    expect(shopAfter.body).not.toBe(shopBefore.body);
    expect((await t.call("GET", "/api/v2/pages/prices/", { query: { locale: "de" } })).json().body).toBe(
      body.body.de,
    );

    // The second save read the same version: refused, the first one's text stays.
    const stale = await t.call("PUT", `/api/v2/admin/content-pages/${id}/`, {
      headers: staff.headers,
      query: { locale: "ru" },
      body: { ...body, body: { de: "Alt", ru: "Старое" } },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_codes).toEqual({ detail: "stale_version" });
    expect(stale.json().detail).toMatch(/^Кто-то уже изменил эту запись/);
    expect((await t.call("GET", "/api/v2/pages/prices/", { query: { locale: "de" } })).json().body).toBe(
      body.body.de,
    );

    const audit = await auditOf("content-pages", id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "update",
      userId: staff.id,
      before: { key: "prices", body: prices.body },
      after: { key: "prices", body: body.body },
    });
  });

  it("two staff saving the same page at once: one is saved whole, the other gets 409 and changes nothing", async () => {
    const [page] = (
      await t.call("GET", "/api/v2/admin/content-pages/", {
        headers: staff.headers,
        query: { filter: JSON.stringify({ q: "about-us" }) },
      })
    ).json();
    const { id, key: _key, updated_at: _u, ...fields } = page;
    const auditBefore = (await auditOf("content-pages", id)).length;
    const save = (text: string) =>
      t.call("PUT", `/api/v2/admin/content-pages/${id}/`, {
        headers: staff.headers,
        body: { ...fields, body: { de: text, ru: text } },
      });
    const replies = await Promise.all([save("Fassung A"), save("Fassung B")]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = replies.find((r) => r.statusCode === 200)?.json();
    const now = (
      await t.call("GET", `/api/v2/admin/content-pages/${id}/`, { headers: staff.headers })
    ).json();
    expect(now.body).toEqual(winner.body);
    expect(await auditOf("content-pages", id)).toHaveLength(auditBefore + 1);
  });

  it("a page needs a German title, and a key has one page", async () => {
    const [page] = (await t.call("GET", "/api/v2/admin/content-pages/", { headers: staff.headers })).json();
    const { id, key, updated_at: _u, version, ...fields } = page;
    const noTitle = await t.call("PUT", `/api/v2/admin/content-pages/${id}/`, {
      headers: staff.headers,
      query: { locale: "ru" },
      body: { ...fields, version, title: { de: " ", ru: "Заголовок" } },
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error_codes).toEqual({ "title.de": ["required"] });
    expect(noTitle.json()["title.de"]).toEqual(["Это поле обязательно."]);

    const twice = await t.call("POST", "/api/v2/admin/content-pages/", {
      headers: staff.headers,
      body: { key, ...fields },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error_codes).toEqual({ key: ["content_page_exists"] });
    expect(await auditOf("content-pages", id)).toEqual(
      (await auditOf("content-pages", id)).filter((entry) => entry.action !== "create"),
    );
  });
});

describe(`promocodes in the back office (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  const newCode = (code: string) => ({
    code,
    percent_off: 10,
    amount_off_cents: null,
    valid_from: "2020-01-01T00:00:00+01:00",
    valid_until: "2099-12-31T23:59:59+01:00",
    max_uses: 100,
    max_uses_per_user: 1,
    min_total_cents: 0,
    product_types: ["Course"],
    is_active: true,
  });

  it("staff create a code a parent can use; deactivated, the cart refuses it; the uses are listed", async () => {
    const created = await t.call("POST", "/api/v2/admin/promocodes/", {
      headers: staff.headers,
      body: newCode("HERBST10"),
    });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json();
    expect(code).toMatchObject({ code: "HERBST10", percent_off: 10, uses: 0, is_active: true });

    const parent = await t.parentWithCourse();
    const applied = await tryCode(parent.headers, "herbst10");
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await t.fulfil(parent.headers)).statusCode).toBe(200);
    const id = await orderOf(parent.id);

    const uses = await t.call("GET", "/api/v2/admin/promocode-uses/", {
      headers: staff.headers,
      query: { filter: JSON.stringify({ promocode: code.id }) },
    });
    expect(uses.statusCode, uses.body).toBe(200);
    expect(uses.json()).toMatchObject([
      { promocode: code.id, order: id, user: parent.id, user_email: expect.stringMatching(/@example\.org$/) },
    ]);
    expect(uses.json()[0].discount_cents).toBeGreaterThan(0);
    expect(uses.headers["content-range"]).toBe("promocode-uses 0-0/1");
    const read = (
      await t.call("GET", `/api/v2/admin/promocodes/${code.id}/`, { headers: staff.headers })
    ).json();
    expect(read.uses).toBe(1);

    const { id: _id, created_at: _c, uses: _u, version, ...fields } = read;
    const off = await t.call("PUT", `/api/v2/admin/promocodes/${code.id}/`, {
      headers: staff.headers,
      body: { ...fields, version, is_active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const other = await t.parentWithCourse();
    const refused = await tryCode(other.headers, "HERBST10");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ promocode: ["promocode_invalid"] });

    const audit = await auditOf("promocodes", code.id);
    expect(audit.map((entry) => entry.action)).toEqual(["create", "update"]);
    expect(audit[1]).toMatchObject({
      before: { is_active: true, uses: 1 },
      after: { is_active: false, uses: 1 },
    });
  });

  it("refuses a second code written the same way, both kinds of discount, an end before the start; writes nothing", async () => {
    const n = async () => ({
      codes: (await t.db.select({ n: count() }).from(promocodes))[0]?.n,
      audit: (await t.db.select({ n: count() }).from(auditLog))[0]?.n,
    });
    expect(
      (
        await t.call("POST", "/api/v2/admin/promocodes/", {
          headers: staff.headers,
          body: newCode("WINTER5"),
        })
      ).statusCode,
    ).toBe(201);
    const before = await n();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ code: "winter5" }, { code: ["promocode_taken"] }],
      [{ code: "WINTER 5" }, { code: ["invalid_promocode"] }],
      [{ amount_off_cents: 500 }, { percent_off: ["percent_or_amount"] }],
      [{ percent_off: null }, { percent_off: ["percent_or_amount"] }],
      [{ valid_until: "2019-12-31T00:00:00Z" }, { valid_until: ["end_before_start"] }],
      [{ product_types: ["Spaceship"] }, { "product_types.0": ["invalid_choice"] }],
      [{ product_types: ["Course", "GiftCard"] }, { product_types: ["promocode_gift_card"] }],
    ];
    for (const [change, codes] of cases) {
      const res = await t.call("POST", "/api/v2/admin/promocodes/", {
        headers: staff.headers,
        query: { locale: "ru" },
        body: { ...newCode("WINTER6"), ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error_codes, JSON.stringify(change)).toEqual(codes);
    }
    expect(await n()).toEqual(before);
  });
});

describe(`gift cards in the back office (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("staff issue a card by hand with a reason; a parent pays with it; deactivated, it pays nothing; the history shows every change", async () => {
    const issued = await t.call("POST", "/api/v2/admin/gift-cards/", {
      headers: staff.headers,
      body: { amount_cents: 20_000, reason: "Kulanz: Kurs am 3. Mai ausgefallen", expires_on: null },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const card = issued.json();
    expect(card).toMatchObject({
      initial_cents: 20_000,
      balance_cents: 20_000,
      issued_by: staff.id,
      reason: "Kulanz: Kurs am 3. Mai ausgefallen",
      is_active: true,
      order_item: null,
    });
    expect(card.code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);

    const parent = await parentWithCart();
    const applied = await tryCode(parent.headers, card.code);
    expect(applied.statusCode, applied.body).toBe(200);
    const { id: orderId } = (await t.fulfil(parent.headers)).json();
    t.standIn.approve(orderId);
    expect((await t.capture(parent.headers, orderId)).json().status).toBe("payment_fulfilled");

    const read = (
      await t.call("GET", `/api/v2/admin/gift-cards/${card.id}/`, { headers: staff.headers })
    ).json();
    expect(read.balance_cents).toBeLessThan(20_000);
    expect(read.balance_cents).toBeGreaterThan(0);
    const history = await t.call("GET", "/api/v2/admin/gift-card-ledger/", {
      headers: staff.headers,
      query: { filter: JSON.stringify({ gift_card: card.id }) },
    });
    expect(history.statusCode, history.body).toBe(200);
    const spent = 20_000 - read.balance_cents;
    expect(history.json()).toMatchObject([
      { kind: "issue", amount_cents: 20_000, balance_cents: 20_000, order: null },
      {
        kind: "redeem",
        amount_cents: -spent,
        balance_cents: read.balance_cents,
        order: await orderOf(parent.id),
      },
    ]);

    // Deactivated on a stale version: 409, still active; on the current one: the cart refuses the card.
    const stale = await t.call("PUT", `/api/v2/admin/gift-cards/${card.id}/`, {
      headers: staff.headers,
      body: { is_active: false, version: card.version },
    });
    expect(stale.statusCode).toBe(409);
    const off = await t.call("PUT", `/api/v2/admin/gift-cards/${card.id}/`, {
      headers: staff.headers,
      body: { is_active: false, version: read.version },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ is_active: false, balance_cents: read.balance_cents });
    const other = await parentWithCart();
    const refused = await tryCode(other.headers, card.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ promocode: ["gift_card_deactivated"] });

    const audit = await auditOf("gift-cards", card.id);
    expect(audit.map((entry) => entry.action)).toEqual(["create", "update"]);
    expect(audit[0]).toMatchObject({ before: null, after: { reason: "Kulanz: Kurs am 3. Mai ausgefallen" } });
    expect(audit[1]).toMatchObject({ before: { is_active: true }, after: { is_active: false } });
    // The code pays: it is not copied into the audit log.
    expect(JSON.stringify(audit)).not.toContain(card.code);
  });

  it("a card needs a reason, a value from 1 € to 1000 € and an end in the future; nothing is written otherwise", async () => {
    const n = async () => ({
      cards: (await t.db.select({ n: count() }).from(giftCards))[0]?.n,
      ledger: (await t.db.select({ n: count() }).from(giftCardLedger))[0]?.n,
      audit: (await t.db.select({ n: count() }).from(auditLog))[0]?.n,
    });
    const before = await n();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ reason: "  " }, { reason: ["required"] }],
      [{ amount_cents: 99 }, { amount_cents: ["too_small"] }],
      [{ amount_cents: 100_001 }, { amount_cents: ["too_big"] }],
      [{ expires_on: "2020-01-01" }, { expires_on: ["date_in_past"] }],
    ];
    for (const [change, codes] of cases) {
      const res = await t.call("POST", "/api/v2/admin/gift-cards/", {
        headers: staff.headers,
        body: { amount_cents: 1_000, reason: "Entschädigung", expires_on: null, ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error_codes, JSON.stringify(change)).toEqual(codes);
    }
    expect(await n()).toEqual(before);
  });
});
