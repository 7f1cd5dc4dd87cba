import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";

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
