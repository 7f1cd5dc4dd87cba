import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PayPalStandIn, startPayPalStandIn } from "../test/paypal-stand-in.ts";
import { type CreateOrderRequest, createPayPalClient, eur, PayPalError } from "./paypal-client.ts";

let paypal: PayPalStandIn;
beforeAll(async () => {
  paypal = await startPayPalStandIn();
});
afterAll(() => paypal?.close());
beforeEach(() => paypal.calls.clear());

const client = (overrides: Partial<Parameters<typeof createPayPalClient>[0]> = {}) =>
  createPayPalClient({
    baseUrl: paypal.url,
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    ...overrides,
  });

const order = (invoice: string): CreateOrderRequest => ({
  intent: "CAPTURE",
  purchase_units: [
    {
      invoice_id: invoice,
      custom_id: invoice,
      amount: { ...eur(14410), breakdown: { item_total: eur(15800), discount: eur(1390) } },
      items: [
        { name: "Kleine Maler", quantity: "1", unit_amount: eur(7900), category: "DIGITAL_GOODS" },
        { name: "Kleine Maler", quantity: "1", unit_amount: eur(7900), category: "DIGITAL_GOODS" },
      ],
    },
  ],
  payment_source: { paypal: { experience_context: { locale: "de-DE", shipping_preference: "NO_SHIPPING" } } },
});

describe("PayPal client against the local stand-in", () => {
  it("money as PayPal writes it", () => {
    expect(eur(7900)).toEqual({ currency_code: "EUR", value: "79.00" });
    expect(eur(5)).toEqual({ currency_code: "EUR", value: "0.05" });
  });

  it("takes one token for many calls, shared by concurrent callers", async () => {
    const paypalClient = client();
    await Promise.all([
      paypalClient.createOrder(order("A-1"), "a-1"),
      paypalClient.createOrder(order("A-2"), "a-2"),
    ]);
    await paypalClient.createOrder(order("A-3"), "a-3");
    expect(paypal.calls.get("POST /v1/oauth2/token")).toBe(1);
  });

  it("renews the token shortly before it expires, and once more when PayPal refuses it", async () => {
    let clock = 0;
    const paypalClient = client({ now: () => clock });
    await paypalClient.getOrder((await paypalClient.createOrder(order("B-1"), "b-1")).id);
    clock += (paypal.tokenLifetimeS - 30) * 1000; // inside the safety margin
    await paypalClient.createOrder(order("B-2"), "b-2");
    expect(paypal.calls.get("POST /v1/oauth2/token")).toBe(2);
    paypal.revokeTokens();
    await paypalClient.createOrder(order("B-3"), "b-3");
    expect(paypal.calls.get("POST /v1/oauth2/token")).toBe(3);
  });

  it("a retried write with the same PayPal-Request-Id gets the first answer, not a second order", async () => {
    const paypalClient = client();
    const first = await paypalClient.createOrder(order("C-1"), "order-42-create");
    const again = await paypalClient.createOrder(order("C-1"), "order-42-create");
    expect(again.id).toBe(first.id);
    expect(
      [...paypal.orders.values()].filter(
        (o) => (o.request.purchase_units as { invoice_id: string }[])[0]?.invoice_id === "C-1",
      ),
    ).toHaveLength(1);
  });

  it("captures an approved order once; a retried capture replays it; refunds partly and then the rest", async () => {
    const paypalClient = client();
    const created = await paypalClient.createOrder(order("D-1"), "d-1");
    expect(created.status).toBe("CREATED");
    expect(created.links?.find((l) => l.rel === "approve")?.href).toContain(created.id);
    await expect(paypalClient.captureOrder(created.id, "d-1-capture-early")).rejects.toMatchObject({
      status: 422,
      issue: "ORDER_NOT_APPROVED",
      retryable: false,
    });
    paypal.approve(created.id);
    const captured = await paypalClient.captureOrder(created.id, "d-1-capture");
    const replay = await paypalClient.captureOrder(created.id, "d-1-capture");
    const capture = captured.purchase_units?.[0]?.payments?.captures?.[0];
    expect(captured.status).toBe("COMPLETED");
    expect(replay.purchase_units?.[0]?.payments?.captures?.[0]?.id).toBe(capture?.id);
    await expect(paypalClient.captureOrder(created.id, "d-1-capture-other")).rejects.toMatchObject({
      issue: "ORDER_ALREADY_CAPTURED",
    });

    const part = await paypalClient.refundCapture(capture?.id ?? "", "d-1-refund-1", { amount: eur(4000) });
    expect(part).toMatchObject({ status: "COMPLETED", amount: { value: "40.00" } });
    const rest = await paypalClient.refundCapture(capture?.id ?? "", "d-1-refund-2");
    expect(rest.amount?.value).toBe("104.10");
    await expect(
      paypalClient.refundCapture(capture?.id ?? "", "d-1-refund-3", { amount: eur(1) }),
    ).rejects.toMatchObject({
      issue: "REFUND_AMOUNT_EXCEEDED",
    });
  });

  it("verifies webhook signatures through PayPal", async () => {
    const paypalClient = client();
    const headers = {
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": `${paypal.url}/cert.pem`,
      "paypal-transmission-id": "tx-1",
      "paypal-transmission-sig": paypal.signatureFor("tx-1"),
      "paypal-transmission-time": new Date().toISOString(),
    };
    const event = { id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED" };
    expect(await paypalClient.verifyWebhookSignature(headers, event, paypal.webhookId)).toBe(true);
    expect(
      await paypalClient.verifyWebhookSignature(
        { ...headers, "paypal-transmission-sig": "forged" },
        event,
        paypal.webhookId,
      ),
    ).toBe(false);
    expect(await paypalClient.verifyWebhookSignature(headers, event, "WH-OTHER")).toBe(false);
  });

  it("server errors and time-outs are retryable failures; wrong credentials are not; no secret in the message", async () => {
    const paypalClient = client({ timeoutMs: 200 });
    paypal.failNext("POST /v2/checkout/orders", 503);
    const unavailable = await paypalClient.createOrder(order("E-1"), "e-1").catch((error: unknown) => error);
    expect(unavailable).toBeInstanceOf(PayPalError);
    expect(unavailable).toMatchObject({ status: 503, retryable: true });

    paypal.failNext("POST /v2/checkout/orders", 500, 1000);
    await expect(paypalClient.createOrder(order("E-2"), "e-2")).rejects.toMatchObject({
      status: 0,
      retryable: true,
    });
    // The same request id after the failures creates the order once.
    expect((await paypalClient.createOrder(order("E-2"), "e-2")).status).toBe("CREATED");

    const wrong = createPayPalClient({
      baseUrl: paypal.url,
      clientId: paypal.clientId,
      clientSecret: "wrong-secret-xyz",
    });
    const refused = await wrong.createOrder(order("E-3"), "e-3").catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 401, retryable: false });
    expect(String((refused as Error).message)).not.toContain("wrong-secret-xyz");
  });
});
