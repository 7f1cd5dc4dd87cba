import type { Order } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftCards } from "../db/index.ts";
import { newGiftCardCode } from "../gift-cards/gift-card-code.ts";
import { formatMoney } from "../mail/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createChild } from "../test/shop-fixtures.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
}, 60_000);
afterAll(() => t?.close());

const urls = {
  success_url: "http://shop.test/payment-complete/return",
  cancel_url: "http://shop.test/cart?payment=cancelled",
};

describe("the offline demo gateway (no PayPal account configured)", () => {
  it("says so in the payment config", async () => {
    const config = (await t.call("GET", "/api/v2/payments/config/")).json();
    expect(config).toMatchObject({
      gateway: "demo",
      client_id: null,
      currency: "EUR",
      reservation_minutes: 15,
    });
  });

  it("redirects to its approval page, marked as a demo, then back with the token; capture pays the order", async () => {
    const parent = await t.parentWithCourse(0);
    const res = await t.fulfil(parent.headers, urls);
    expect(res.statusCode, res.body).toBe(200);
    const { id, url, order_id } = res.json();
    expect(url).toBe(`http://shop.test/payments/demo/${id}`);

    const page = await t.app.inject({ method: "GET", url: `/payments/demo/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("DEMO");
    expect(page.body).toContain("kein echtes Geld");
    // The shop's icon, or the browser asks for /favicon.ico and logs a 404 on every visit.
    expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');

    const approved = await t.app.inject({
      method: "POST",
      url: `/payments/demo/${id}/approve`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`${urls.success_url}?token=${id}&PayerID=DEMOPAYER`);

    const captured = await t.capture(parent.headers, id);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json()).toMatchObject({ id: order_id, status: "payment_fulfilled" });
  });

  it("speaks the language the parent checks out in", async () => {
    const parent = await t.parentWithCourse(2);
    const { id } = (await t.fulfil(parent.headers, { ...urls, locale: "ru" })).json();
    const page = await t.app.inject({ method: "GET", url: `/payments/demo/${id}` });
    expect(page.body).toContain('lang="ru"');
    expect(page.body).toContain("ДЕМО");
  });

  it("sends the buyer who cancels back to the cart with the token, and the items return", async () => {
    const parent = await t.parentWithCourse(1);
    const { id } = (await t.fulfil(parent.headers, urls)).json();
    const cancelled = await t.app.inject({ method: "POST", url: `/payments/demo/${id}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`http://shop.test/cart?payment=cancelled&token=${id}`);
    const cart = (
      await t.call("POST", `/api/v2/orders/${id}/cancel_payment/`, { headers: parent.headers })
    ).json();
    expect(cart.items).toHaveLength(1);
    // An unknown demo order is a 404 page; webhooks are refused without a PayPal account.
    expect(
      (await t.app.inject({ method: "GET", url: "/payments/demo/DEMO0000000000000000" })).statusCode,
    ).toBe(404);
    const hook = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
      body: { id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: {} },
    });
    expect(hook.statusCode).toBe(403);
  });
});

describe("the demo approval page's lines (issue 24)", () => {
  it("shows each line at the amount of the server's order: the sibling's course less its discount, the gift card apart", async () => {
    const [card] = await t.db
      .insert(giftCards)
      .values({ code: newGiftCardCode(), initialCents: 1_000, balanceCents: 1_000 })
      .returning();
    const parent = await t.parentWithCourse(0);
    const sibling = await createChild(t.db, parent.id, 6, "Lev");
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: t.course.page.id,
        purchase_option: t.course.option("Course (1 / week)").id,
        visitor: sibling,
        schedule_slots: [t.weekly[1]?.id],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: card?.code },
    });
    expect(set.statusCode, set.body).toBe(200);
    const cart = (
      await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })
    ).json() as Order;
    expect(cart.items.some((item) => item.sibling_discount_cents > 0)).toBe(true);

    const { id } = (await t.fulfil(parent.headers, urls)).json();
    const page = await t.app.inject({ method: "GET", url: `/payments/demo/${id}` });
    const rows = [...page.body.matchAll(/<tr><td>(.*?)<\/td><td>(.*?)<\/td><\/tr>/g)].map((row) => [
      row[1]?.replace(/<\/?strong>/g, ""),
      row[2]?.replace(/<\/?strong>/g, ""),
    ]);
    const money = (cents: number) => formatMoney(cents, "de");
    const lineAmounts = cart.items.map((item) => money(item.list_price_cents - item.discount_amount_cents));
    expect(rows.slice(0, cart.items.length).map((row) => row[1])).toEqual(lineAmounts);
    expect(rows[cart.items.length]).toEqual(["Mit Gutschein bezahlt", `−${money(1_000)}`]);
    expect(rows.at(-1)).toEqual(["Gesamt", money(cart.total_checkout_price_cents)]);
  });
});
