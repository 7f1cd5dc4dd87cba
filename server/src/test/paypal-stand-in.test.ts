import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PayPalStandIn, startPayPalStandIn } from "./paypal-stand-in.ts";

let standIn: PayPalStandIn;
beforeAll(async () => {
  standIn = await startPayPalStandIn();
});
afterAll(() => standIn.close());

/** `POST /v2/checkout/orders` with a fresh token, and a PayPal-Request-Id when given. */
const post = (body: unknown, requestId?: string) => postTo("/v2/checkout/orders", body, requestId);

/** A POST to PayPal's API with a fresh token, and a PayPal-Request-Id when given. */
async function postTo(path: string, body: unknown, requestId?: string) {
  const basic = Buffer.from(`${standIn.clientId}:${standIn.clientSecret}`).toString("base64");
  const token = await fetch(`${standIn.url}/v1/oauth2/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}` },
  }).then((res) => res.json() as Promise<{ access_token: string }>);
  return fetch(`${standIn.url}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token.access_token}`,
      "content-type": "application/json",
      ...(requestId ? { "paypal-request-id": requestId } : {}),
    },
    body: JSON.stringify(body),
  });
}

const money = (value: string) => ({ currency_code: "EUR", value });
const item = (name: string, value: string, quantity = "1") => ({
  name,
  quantity,
  unit_amount: money(value),
});

/** An order of two items (60.00 + 2 × 15.00) with the given amount and breakdown. */
const order = (amount: string, breakdown: Record<string, unknown>) => ({
  intent: "CAPTURE",
  purchase_units: [
    {
      reference_id: "order-1",
      amount: { ...money(amount), breakdown },
      items: [item("Kurs", "60.00"), item("Workshop", "15.00", "2")],
    },
  ],
});

/** The Orders v2 checks the stand-in makes as PayPal does, so a request that does not add up fails tests. */
describe("PayPal stand-in: Orders v2 amounts and request ids", () => {
  const refusal = async (res: Response) => {
    expect(res.status).toBe(422);
    const body = (await res.json()) as { name: string; details: { issue: string; field: string }[] };
    expect(body.name).toBe("UNPROCESSABLE_ENTITY");
    return body.details[0];
  };

  it("accepts amount = item_total + tax_total + shipping + handling + insurance − shipping_discount − discount", async () => {
    const res = await post(
      order("80.50", {
        item_total: money("90.00"),
        tax_total: money("1.00"),
        shipping: money("2.00"),
        handling: money("3.00"),
        insurance: money("0.50"),
        shipping_discount: money("1.00"),
        discount: money("15.00"),
      }),
    );
    expect(res.status).toBe(201);
  });

  it("refuses an amount the breakdown does not add up to (AMOUNT_MISMATCH), e.g. a gift card left out", async () => {
    // 90.00 of items, 10.00 of discounts and 20.00 paid by a gift card: 60.00 due, but the breakdown says 80.00.
    const detail = await refusal(
      await post(order("60.00", { item_total: money("90.00"), discount: money("10.00") })),
    );
    expect(detail).toMatchObject({
      issue: "AMOUNT_MISMATCH",
      field: "/purchase_units/@reference_id=='order-1'/amount/value",
    });
    expect(
      (await post(order("60.00", { item_total: money("90.00"), discount: money("30.00") }))).status,
    ).toBe(201);
  });

  it("refuses an item_total other than Σ unit_amount × quantity (ITEM_TOTAL_MISMATCH), and items without one", async () => {
    const detail = await refusal(await post(order("75.00", { item_total: money("75.00") })));
    expect(detail?.issue).toBe("ITEM_TOTAL_MISMATCH");
    const missing = await post({
      intent: "CAPTURE",
      purchase_units: [{ amount: money("60.00"), items: [item("Kurs", "60.00")] }],
    });
    expect((await refusal(missing))?.issue).toBe("ITEM_TOTAL_REQUIRED");
  });

  it("replays the first answer to a repeated PayPal-Request-Id, and refuses the id with another body", async () => {
    const body = order("90.00", { item_total: money("90.00") });
    const first = (await (await post(body, "shop-a-1-create")).json()) as { id: string };
    const again = (await (await post(body, "shop-a-1-create")).json()) as { id: string };
    expect(again.id).toBe(first.id);
    const other = await post(
      order("80.00", { item_total: money("90.00"), discount: money("10.00") }),
      "shop-a-1-create",
    );
    expect((await refusal(other))?.issue).toBe("PAYPAL_REQUEST_ID_PREVIOUSLY_USED");
  });

  it("refuses a refund while the balance is too low, and answers that request id so ever after (D565)", async () => {
    const created = (await (await post(order("90.00", { item_total: money("90.00") }))).json()) as {
      id: string;
    };
    standIn.approve(created.id);
    await postTo(`/v2/checkout/orders/${created.id}/capture`, {});
    const captureId = standIn.orders.get(created.id)?.captureId ?? "";
    const refund = (requestId: string) =>
      postTo(`/v2/payments/captures/${captureId}/refund`, { amount: money("10.00") }, requestId);
    standIn.refuseRefunds(created.id, true);
    expect((await refusal(await refund("refund-1")))?.issue).toBe("REFUND_FAILED_INSUFFICIENT_FUNDS");
    standIn.refuseRefunds(created.id, false);
    // The same id gets PayPal's first answer again; a new one is refunded.
    expect((await refusal(await refund("refund-1")))?.issue).toBe("REFUND_FAILED_INSUFFICIENT_FUNDS");
    expect((await refund("refund-1-retry-1")).status).toBe(201);
    expect(standIn.orders.get(created.id)?.refundedCents).toBe(1_000);
  });
});

/** The browser's side of the stand-in: the JS SDK stub and the buyer's approval (the web's e2e tests use them). */
describe("PayPal stand-in for the browser", () => {
  async function createOrder(): Promise<string> {
    const created = await post({
      intent: "CAPTURE",
      purchase_units: [{ amount: { currency_code: "EUR", value: "10.00" } }],
    });
    return ((await created.json()) as { id: string }).id;
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
