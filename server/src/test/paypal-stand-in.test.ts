import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PayPalStandIn, startPayPalStandIn } from "./paypal-stand-in.ts";

/** The browser's side of the stand-in: the JS SDK stub and the buyer's approval (the web's e2e tests use them). */
describe("PayPal stand-in for the browser", () => {
  let standIn: PayPalStandIn;
  beforeAll(async () => {
    standIn = await startPayPalStandIn();
  });
  afterAll(() => standIn.close());

  async function createOrder(): Promise<string> {
    const basic = Buffer.from(`${standIn.clientId}:${standIn.clientSecret}`).toString("base64");
    const token = await fetch(`${standIn.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}` },
    }).then((res) => res.json() as Promise<{ access_token: string }>);
    const created = await fetch(`${standIn.url}/v2/checkout/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${token.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [{ amount: { currency_code: "EUR", value: "10.00" } }],
      }),
    }).then((res) => res.json() as Promise<{ id: string }>);
    return created.id;
  }

  it("serves a JS SDK stub that defines window.paypal.Buttons, and refuses a request without client id", async () => {
    const sdk = await fetch(`${standIn.url}/sdk/js?client-id=stand-in-client&currency=EUR`);
    expect(sdk.status).toBe(200);
    expect(sdk.headers.get("content-type")).toContain("javascript");
    const code = await sdk.text();
    expect(code).toContain("window.paypal");
    expect(code).toContain(`var origin = ${JSON.stringify(standIn.url)}`);
    // The stub is plain script the browser can run.
    expect(() => new Function(code)).not.toThrow();
    expect((await fetch(`${standIn.url}/sdk/js`)).status).toBe(400);
  });

  it("approves an order for the buyer, across origins", async () => {
    const id = await createOrder();
    const preflight = await fetch(`${standIn.url}/stand-in/approve/${id}`, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    const approved = await fetch(`${standIn.url}/stand-in/approve/${id}`, {
      method: "POST",
      headers: { origin: "http://127.0.0.1:3100" },
    });
    expect(approved.status).toBe(200);
    expect(approved.headers.get("access-control-allow-origin")).toBe("*");
    expect(await approved.json()).toEqual({ id, status: "APPROVED" });
    expect(standIn.orders.get(id)?.status).toBe("APPROVED");
    expect((await fetch(`${standIn.url}/stand-in/approve/SI999`, { method: "POST" })).status).toBe(404);
  });
});
