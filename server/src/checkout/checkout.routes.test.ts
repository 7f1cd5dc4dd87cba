import { FulfillReplySchema, OrderSchema } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  giftCards,
  installation,
  invoices,
  orders,
  paymentEvents,
  payments,
  promocodeRedemptions,
  promocodes,
  users,
} from "../db/schema/index.ts";
import { newGiftCardCode } from "../gift-cards/gift-card-code.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { PAYER_ADDRESS } from "../test/paypal-stand-in.ts";
import { ACADEMY_8_11, createChild, createParent, pageBySlug } from "../test/shop-fixtures.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
}, 60_000);
afterAll(() => t?.close());

const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = (orderId: number) => t.db.select().from(payments).where(eq(payments.orderId, orderId));

describe("POST /api/v2/orders/fulfill/", () => {
  it("refuses a guest with 401 and an empty cart with cart_empty", async () => {
    expect(
      (await t.call("POST", "/api/v2/orders/fulfill/", { query: { payment_gateway: "paypal" } })).statusCode,
    ).toBe(401);
    const parent = await createParent(t.db);
    const empty = await t.fulfil(parent.headers);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error_codes).toEqual({ non_field_errors: ["cart_empty"] });
  });

  it("answers a double click on pay after the first started a new cart with cart_empty, twice, and keeps serving", {
    timeout: 20_000,
  }, async () => {
    const parent = await t.parentWithCourse(0);
    const first = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect((await t.fulfil(parent.headers, { cart_id: first.cart_id })).statusCode).toBe(200);
    // The second click names the new, empty cart the first one started (issue 19, item 9: on PGlite this
    // request froze the database for good).
    const fresh = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(fresh.items).toEqual([]);
    const clicks = await Promise.all([
      t.fulfil(parent.headers, { cart_id: fresh.cart_id }),
      t.fulfil(parent.headers, { cart_id: fresh.cart_id }),
    ]);
    for (const click of clicks) {
      expect(click.statusCode, click.body).toBe(400);
      expect(click.json().error_codes).toEqual({ non_field_errors: ["cart_empty"] });
    }
    expect((await t.call("GET", "/readyz")).statusCode).toBe(200);
    expect((await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json().id).toBe(
      fresh.id,
    );
  });

  it("reserves the seats, creates PayPal's order from the catalogue's prices and starts a new cart", async () => {
    const parent = await t.parentWithCourse(0);
    const before = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    const res = await t.fulfil(parent.headers, { cart_id: before.cart_id });
    expect(res.statusCode, res.body).toBe(200);
    const reply = FulfillReplySchema.parse(res.json());
    expect(reply.order_id).toBe(before.id);

    const sent = t.standIn.orders.get(reply.id)?.request as Record<string, unknown>;
    const unit = (sent.purchase_units as Record<string, unknown>[])[0] as Record<string, unknown>;
    expect(sent.intent).toBe("CAPTURE");
    // This installation's id names the order to PayPal, in custom_id, invoice_id and the request id.
    const [shop] = await t.db.select().from(installation);
    expect(shop?.id).toMatch(/^[0-9a-f]{16}$/);
    expect(unit.custom_id).toBe(`${shop?.id}-${before.id}`);
    expect(unit.invoice_id).toBe(`ATELIER-${shop?.id}-${before.id}-1`);
    expect(unit.amount).toMatchObject({
      currency_code: "EUR",
      value: before.total_checkout_price,
      breakdown: { item_total: { currency_code: "EUR", value: before.total_price } },
    });
    expect(unit.items).toHaveLength(1);
    expect(sent.payment_source).toMatchObject({
      paypal: { experience_context: { shipping_preference: "NO_SHIPPING", locale: "de-DE" } },
    });

    const staged = await orderRow(before.id);
    expect(staged?.status).toBe("awaiting_payment");
    expect(staged?.paypalId).toBe(reply.id);
    const minutes = ((staged?.reservedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    const next = OrderSchema.parse(
      (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json(),
    );
    expect(next.id).not.toBe(before.id);
    expect(next.items).toEqual([]);

    // A retried fulfil for the same cart answers the same PayPal order, and PayPal was asked once.
    const again = await t.fulfil(parent.headers, { cart_id: before.cart_id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(reply.id);
    expect(await paymentsOf(before.id)).toHaveLength(1);
  });

  it("refuses a body that declines the terms, and a success_url off the shop's origins", async () => {
    const parent = await t.parentWithCourse(1);
    const terms = await t.fulfil(parent.headers, {}, { terms_accepted: false });
    expect(terms.statusCode).toBe(400);
    expect(terms.json().error_codes).toEqual({ terms_accepted: ["terms_required"] });
    const away = await t.fulfil(parent.headers, {
      success_url: "https://evil.example/ok",
      cancel_url: "http://shop.test/cart",
    });
    expect(away.statusCode).toBe(400);
    expect(away.json().error_codes).toEqual({ success_url: ["redirect_not_allowed"] });
    const current = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(current.status).toBe("in_cart");
    expect(current.items).toHaveLength(1);
  });

  it("stores the billing data sent with the order and records the promocode's use once", async () => {
    const [code] = await t.db
      .insert(promocodes)
      .values({ code: `CHECKOUT${Date.now()}`, percentOff: 10 })
      .returning();
    const parent = await t.parentWithCourse(2);
    const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: code?.code },
    });
    expect(set.statusCode, set.body).toBe(200);
    const billing = {
      first_name: "Анна",
      last_name: "Петрова",
      street: "Kastanienallee 1",
      post_code: "10435",
      city: "Berlin",
      country: "DE",
    };
    const res = await t.fulfil(parent.headers, {}, { terms_accepted: true, billing });
    expect(res.statusCode, res.body).toBe(200);
    const row = await orderRow(res.json().order_id);
    expect(row?.billing).toMatchObject(billing);
    expect(row?.termsAcceptedAt).not.toBeNull();
    const redemptions = await t.db
      .select()
      .from(promocodeRedemptions)
      .where(eq(promocodeRedemptions.orderId, res.json().order_id));
    expect(redemptions).toHaveLength(1);
    expect(redemptions[0]?.discountCents).toBeGreaterThan(0);
  });

  it("checks out a course for two children with a promocode and a gift card paying part: PayPal accepts the breakdown", async () => {
    const [code] = await t.db
      .insert(promocodes)
      .values({ code: `PART${Date.now()}`, percentOff: 10 })
      .returning();
    const [card] = await t.db
      .insert(giftCards)
      .values({ code: newGiftCardCode(), initialCents: 2_000, balanceCents: 2_000 })
      .returning();
    // Two children in two groups: the second child's course carries the sibling discount.
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
    for (const entered of [code?.code, card?.code]) {
      const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
        headers: parent.headers,
        body: { promocode: entered },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(cart.gift_card.applied_cents).toBe(2_000);
    expect(cart.total_discount_cents).toBeGreaterThan(0);
    expect(cart.total_checkout_price_cents).toBeGreaterThan(0);

    const res = await t.fulfil(parent.headers);
    expect(res.statusCode, res.body).toBe(200);
    const sent = t.standIn.orders.get(res.json().id)?.request as {
      purchase_units: { amount: { value: string; breakdown: Record<string, { value: string }> } }[];
    };
    const amount = sent.purchase_units[0]?.amount;
    expect(amount?.value).toBe(cart.total_checkout_price);
    expect(amount?.breakdown.discount?.value).toBe(
      ((cart.total_discount_cents + cart.gift_card.applied_cents) / 100).toFixed(2),
    );
    t.standIn.approve(res.json().id);
    const paid = await t.capture(parent.headers, res.json().id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe("payment_fulfilled");
  });

  it("puts the items back into the cart when PayPal cannot be reached (503)", async () => {
    const parent = await t.parentWithCourse(0);
    t.standIn.failNext("POST /v2/checkout/orders", 500);
    const res = await t.fulfil(parent.headers);
    expect(res.statusCode).toBe(503);
    expect(res.json().error_codes).toEqual({ non_field_errors: ["payment_unavailable"] });
    const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(cart.status).toBe("in_cart");
    expect(cart.items).toHaveLength(1);
  });
});

describe("POST /api/v2/orders/{id}/capture/", () => {
  it("answers 404, not 500, for an order number no row can have", async () => {
    const parent = await createParent(t.db);
    for (const [method, path] of [
      ["GET", "/api/v2/orders/9999999999/"],
      ["POST", "/api/v2/orders/9999999999/capture/"],
    ] as const) {
      const res = await t.call(method, path, {
        headers: parent.headers,
        body: method === "POST" ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
  });

  it("captures once for the owner, answers the paid order, and sends the confirmation mail", async () => {
    const parent = await t.parentWithCourse(1);
    const { id, order_id } = (await t.fulfil(parent.headers)).json();
    const stranger = await createParent(t.db);
    expect((await t.capture(stranger.headers, id)).statusCode).toBe(404);
    expect((await t.capture(parent.headers, id)).json().error_codes).toEqual({
      non_field_errors: ["payment_not_approved"],
    });

    t.standIn.approve(id);
    const res = await t.capture(parent.headers, id);
    expect(res.statusCode, res.body).toBe(200);
    const order = OrderSchema.parse(res.json());
    expect(order.status).toBe("payment_fulfilled");
    expect(order.id).toBe(order_id);
    expect(order.items).toHaveLength(1);
    // Answered from what the capture's transaction read and wrote (D452): the order as read after it.
    const read = await t.call("GET", `/api/v2/orders/${order_id}/`, { headers: parent.headers });
    expect(res.json()).toEqual(read.json());

    // Again, by our number: the same order, no second capture at PayPal.
    const again = await t.capture(parent.headers, String(order_id));
    expect(again.json().status).toBe("payment_fulfilled");
    expect(t.standIn.calls.get("POST /v2/checkout/orders/:id/capture")).toBeGreaterThanOrEqual(2);
    const rows = await paymentsOf(order_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("captured");
    const user = await t.call("GET", "/api/v2/users/me/", { headers: parent.headers });
    const [mail] = await t.mailsTo(user.json().email);
    expect(mail?.template).toBe("order-confirmation");
    expect(mail?.attachments.map((a) => a.kind).sort()).toEqual(["checkin-qr", "invoice-pdf"]);
    // The invoice carries its number in the reply and the school as it is configured today, frozen.
    expect(order.invoice_number).toMatch(/^RE-\d{4}-\d{6}$/);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order_id));
    expect(invoice?.data.seller?.legalName).toBe(t.env.SCHOOL_LEGAL_NAME);
    // The child now holds the seat: booking the same group again for it is refused.
    const twice = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: t.course.page.id,
        purchase_option: t.course.option("Course (1 / week)").id,
        visitor: parent.child,
        schedule_slots: [t.weekly[1]?.id],
      },
    });
    expect(twice.json().error_codes).toEqual({ schedule_slots: ["already_booked"] });
    // The owner reads the order; anyone else gets 404.
    expect((await t.call("GET", `/api/v2/orders/${id}/`, { headers: parent.headers })).json().status).toBe(
      "payment_fulfilled",
    );
    expect(
      (await t.call("GET", `/api/v2/orders/${order_id}/`, { headers: stranger.headers })).statusCode,
    ).toBe(404);
  });

  it("asks for another funding source on INSTRUMENT_DECLINED, keeps the reservation, and captures after the restart", async () => {
    const parent = await t.parentWithCourse(2);
    const { id, order_id } = (await t.fulfil(parent.headers)).json();
    t.standIn.approve(id);
    t.standIn.refuseNextCapture(id, "INSTRUMENT_DECLINED");
    const refused = await t.capture(parent.headers, id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ non_field_errors: ["instrument_declined"] });
    expect((await orderRow(order_id))?.status).toBe("awaiting_payment");
    const retried = await t.capture(parent.headers, id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().status).toBe("payment_fulfilled");
  });

  it("declines for good: the order is declined and the items are back in the cart", async () => {
    const parent = await t.parentWithCourse(0);
    const { id } = (await t.fulfil(parent.headers)).json();
    t.standIn.approve(id);
    t.standIn.declineNextCapture(id);
    const res = await t.capture(parent.headers, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ non_field_errors: ["payment_declined"] });
    const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(cart.items).toHaveLength(1);
  });
});

describe("POST /api/v2/orders/{id}/cancel_payment/", () => {
  it("puts the items back into the cart when the buyer closes PayPal's window", async () => {
    const parent = await t.parentWithCourse(1);
    const { id, order_id } = (await t.fulfil(parent.headers)).json();
    // Meanwhile the parent added something else to the new cart.
    const res = await t.call("POST", `/api/v2/orders/${id}/cancel_payment/`, { headers: parent.headers });
    expect(res.statusCode, res.body).toBe(200);
    const cart = OrderSchema.parse(res.json());
    expect(cart.status).toBe("in_cart");
    expect(cart.items).toHaveLength(1);
    expect(cart.id).toBe(order_id);
    expect((await paymentsOf(order_id))[0]?.status).toBe("failed");
    // Capturing the cancelled payment is refused.
    t.standIn.approve(id);
    expect((await t.capture(parent.headers, id)).json().error_codes).toEqual({
      non_field_errors: ["order_not_payable"],
    });
  });
});

describe("PayPal webhooks", () => {
  it("refuses a forged event and stores nothing", async () => {
    const before = (await t.db.select().from(paymentEvents)).length;
    const event = t.standIn.webhookEvent("PAYMENT.CAPTURE.COMPLETED", { id: "CAPFORGED" });
    const res = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
      headers: { ...event.headers, "paypal-transmission-sig": "forged" },
      body: event.payload,
    });
    expect(res.statusCode).toBe(400);
    expect((await t.db.select().from(paymentEvents)).length).toBe(before);
  });

  it("heals a crash after PayPal's capture: the webhook records the payment once, a repeat changes nothing", async () => {
    const parent = await t.parentWithCourse(2);
    const { id, order_id } = (await t.fulfil(parent.headers)).json();
    t.standIn.captureBehindOurBack(id);
    const event = t.standIn.webhookEvent("PAYMENT.CAPTURE.COMPLETED", t.standIn.captureResource(id));
    for (let i = 0; i < 2; i++) {
      const res = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
        headers: event.headers,
        body: event.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await orderRow(order_id))?.status).toBe("paid");
    expect(await paymentsOf(order_id)).toHaveLength(1);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.payload.id));
    expect(events).toHaveLength(1);
    // The parent's page then asks to capture: PayPal says ORDER_ALREADY_CAPTURED, read as "look it up".
    expect((await t.capture(parent.headers, id)).json().status).toBe("payment_fulfilled");
  });

  it("notes a capture of an order it does not know, and answers 200 so PayPal stops repeating it", async () => {
    const event = t.standIn.webhookEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: "CAPUNKNOWN",
      status: "COMPLETED",
      amount: { currency_code: "EUR", value: "10.00" },
      supplementary_data: { related_ids: { order_id: "SIUNKNOWN" } },
    });
    const res = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
      headers: event.headers,
      body: event.payload,
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.payload.id));
    expect(stored?.processedAt).not.toBeNull();
    // Shown to staff as an event about nothing of the shop's (D201).
    expect(stored?.unmatched).toBe(true);
  });

  it("acknowledges a sale and a status of a subscription it does not know with 200 and keeps them for staff (D201)", async () => {
    const events = [
      t.standIn.webhookEvent("PAYMENT.SALE.COMPLETED", {
        id: "SALEUNKNOWN",
        billing_agreement_id: "I-NOTOURS",
        amount: { total: "49.00", currency: "EUR" },
      }),
      t.standIn.webhookEvent("BILLING.SUBSCRIPTION.SUSPENDED", { id: "I-NOTOURS2", status: "SUSPENDED" }),
    ];
    for (const event of events) {
      for (let delivery = 0; delivery < 3; delivery += 1) {
        const res = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
          headers: event.headers,
          body: event.payload,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const [stored] = await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, event.payload.id));
      expect(stored).toMatchObject({ unmatched: true, processedAt: expect.any(Date) });
    }
  });

  it("refuses a signed body that is no event, or whose fields have another type, with 400 and stores nothing (D202)", async () => {
    const before = (await t.db.select().from(paymentEvents)).length;
    const event = t.standIn.webhookEvent("PAYMENT.CAPTURE.COMPLETED", { id: "CAPSHAPE" });
    const bodies: unknown[] = [
      [1, 2, 3],
      { ...event.payload, resource: "CAPSHAPE" },
      { ...event.payload, resource: [1, 2, 3] },
      { ...event.payload, resource: { id: 5 } },
      { ...event.payload, resource: { id: "CAPSHAPE", amount: "10.00" } },
      {
        ...event.payload,
        resource: { id: "CAPSHAPE", supplementary_data: { related_ids: { order_id: [] } } },
      },
      { ...event.payload, resource: { id: "CAPSHAPE", billing_agreement_id: { $ne: null } } },
      { ...event.payload, id: undefined },
    ];
    for (const body of bodies) {
      const res = await t.call("POST", "/api/v2/payments/paypal/webhook/", { headers: event.headers, body });
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
    }
    expect((await t.db.select().from(paymentEvents)).length).toBe(before);
  });

  it("captures on the server when the buyer approved and closed the tab (CHECKOUT.ORDER.APPROVED)", async () => {
    const parent = await t.parentWithCourse(0);
    const { id, order_id } = (await t.fulfil(parent.headers)).json();
    t.standIn.approve(id);
    const event = t.standIn.webhookEvent("CHECKOUT.ORDER.APPROVED", { id, status: "APPROVED" });
    const res = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
      headers: event.headers,
      body: event.payload,
    });
    expect(res.statusCode).toBe(200);
    expect((await orderRow(order_id))?.status).toBe("paid");
  });
});

describe("the payment worker", () => {
  it("reconciles an order captured at PayPal whose reply and webhook never came", async () => {
    const parent = await t.parentWithCourse(1);
    const { id, order_id } = (await t.fulfil(parent.headers)).json();
    t.standIn.captureBehindOurBack(id);
    await t.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(payments.orderId, order_id));
    const round = await t.app.paymentWorker.runOnce();
    expect(round.reconciled).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order_id))?.status).toBe("paid");
  });

  it("gives a reservation PayPal never saw approved back to the cart when it runs out; approving it later takes no money (D631)", async () => {
    // The existing front end opens PayPal's window; the parent closes it. The client goes to its profile
    // and never calls cancel_payment, and its next cart read is empty.
    const parent = await t.parentWithCourse(2);
    const { id, order_id } = (await t.fulfil(parent.headers)).json();
    const current = () => t.call("GET", "/api/v2/orders/current/", { headers: parent.headers });
    expect((await current()).json().items).toEqual([]);
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order_id));
    expect((await t.app.paymentWorker.runOnce()).expired).toBe(1);
    const cart = (await current()).json();
    expect(cart.status).toBe("in_cart");
    expect(cart.items.map((item: { visitor: { id: number } }) => item.visitor.id)).toEqual([parent.child]);
    expect((await orderRow(order_id))?.status).toBe("cancelled");
    expect((await paymentsOf(order_id))[0]?.status).toBe("failed");

    // Approved at PayPal after all: neither the client's capture nor PayPal's webhook takes the money.
    t.standIn.approve(id);
    const late = await t.capture(parent.headers, id);
    expect(late.statusCode).toBe(400);
    expect(late.json().error_codes).toEqual({ non_field_errors: ["order_not_payable"] });
    expect(late.json().non_field_errors[0]).toContain("Warenkorb");
    const event = t.standIn.webhookEvent("CHECKOUT.ORDER.APPROVED", { id, status: "APPROVED" });
    const hook = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
      headers: event.headers,
      body: event.payload,
    });
    expect(hook.statusCode).toBe(200);
    expect(t.standIn.orders.get(id)?.status).toBe("APPROVED");
    expect((await current()).json().items).toHaveLength(1);
  });

  it("keeps a payment that comes after the reservation ran out, before the worker's round, while the seat is still free", async () => {
    const parent = await t.parentWithCourse(2);
    const { id, order_id } = (await t.fulfil(parent.headers)).json();
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order_id));
    t.standIn.approve(id);
    const late = await t.capture(parent.headers, id);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().status).toBe("payment_fulfilled");
  });

  it("refunds a late payment whose seat was taken meanwhile, and tells the parent", async () => {
    // A workshop session with one seat.
    const session = t.dated[0];
    if (!session) throw new Error("no dated workshop session");
    await t.setSeats(session.id, 1);
    const book = async () => {
      const parent = await createParent(t.db);
      const child = await createChild(t.db, parent.id, 11);
      const added = await t.call("POST", "/api/v2/orders/items/", {
        headers: parent.headers,
        body: {
          product_page: t.workshop.page.id,
          purchase_option: t.workshop.options[0]?.id,
          visitor: child,
          schedule_slots: [session.id],
        },
      });
      expect(added.statusCode, added.body).toBe(201);
      return parent;
    };
    const first = await book();
    const { id, order_id } = (await t.fulfil(first.headers)).json();
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order_id));
    // The seat is free again, and another parent takes it before the worker's round.
    const second = await book();
    expect((await t.fulfil(second.headers)).statusCode).toBe(200);

    t.standIn.approve(id);
    const late = await t.capture(first.headers, id);
    expect(late.statusCode).toBe(400);
    expect(late.json().error_codes).toEqual({ non_field_errors: ["reservation_expired"] });
    await t.app.deferredWork.idle();
    await t.app.paymentWorker.runOnce();
    const [payment] = await paymentsOf(order_id);
    expect(payment?.status).toBe("refunded");
    expect(payment?.refundedCents).toBe(payment?.amountCents);
    expect((await orderRow(order_id))?.status).toBe("refunded");
    expect(t.standIn.orders.get(id)?.refundedCents).toBe(payment?.amountCents);
  });
});

describe("the billing address of an invoice over 250 € (D170, D171)", () => {
  const ADDRESS = { street: "Kastanienallee 1", post_code: "10435", city: "Berlin", country: "Deutschland" };

  const parentWithAcademyWeek = () => t.parentWithAcademyWeek();

  const profileOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

  it("refuses the order without an address, on each missing field in de and ru, and writes nothing", async () => {
    const parent = await parentWithAcademyWeek();
    const billing = { first_name: "Eva", last_name: "Muster", street: "Kastanienallee 1", city: " " };
    const res = await t.fulfil(parent.headers, {}, { terms_accepted: true, billing });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({
      "billing.post_code": ["billing_address_required"],
      "billing.city": ["billing_address_required"],
      "billing.country": ["billing_address_required"],
    });
    expect(res.json()["billing.post_code"][0]).toContain("über 250 €");
    const ru = await t.fulfil(parent.headers, { locale: "ru" }, { terms_accepted: true, billing });
    expect(ru.json()["billing.city"][0]).toContain("больше 250 €");
    // Nothing half-written: the cart is still the cart, no payment, no reservation, the profile unchanged.
    const cart = await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers });
    expect(cart.json().status).toBe("in_cart");
    expect(cart.json().items).toHaveLength(1);
    expect(await paymentsOf(cart.json().id)).toHaveLength(0);
    expect((await orderRow(cart.json().id))?.reservedUntil).toBeNull();
    expect((await profileOf(parent.id))?.street).toBe("");
  });

  it("refuses a post code that does not fit the country, at the post code (D605)", async () => {
    const parent = await parentWithAcademyWeek();
    const billing = { first_name: "Eva", last_name: "Muster", ...ADDRESS, post_code: "ABCDE" };
    const res = await t.fulfil(parent.headers, {}, { terms_accepted: true, billing });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ "billing.post_code": ["post_code_german"] });
    const cart = await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers });
    expect(cart.json().status).toBe("in_cart");
  });

  it("pays the existing client's fulfil without a body through PayPal; the invoice takes the payer's address (issue 31 item 10, D290)", async () => {
    const parent = await parentWithAcademyWeek();
    // The existing client has no address fields: its fulfil sends no body, PayPal returns payer.address.
    const res = await t.fulfil(parent.headers, {}, null);
    expect(res.statusCode, res.body).toBe(200);
    const { id, order_id } = FulfillReplySchema.parse(res.json());
    t.standIn.approve(id);
    const captured = await t.capture(parent.headers, id);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json().status).toBe("payment_fulfilled");
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order_id));
    expect(invoice?.data.totalCents).toBeGreaterThan(25_000);
    expect(invoice?.data.buyer).toMatchObject({
      street: PAYER_ADDRESS.address_line_1,
      post_code: PAYER_ADDRESS.postal_code,
      city: PAYER_ADDRESS.admin_area_2,
      country: "Deutschland",
    });
    // The empty profile keeps it for the next order, as an address typed at checkout is kept (D171).
    expect(await profileOf(parent.id)).toMatchObject({
      street: PAYER_ADDRESS.address_line_1,
      city: "Berlin",
    });
  });

  it("still refuses an existing client's fulfil without an address on the demo gateway, which collects none", async () => {
    const demo = await createCheckoutTestApp({ gateway: "demo" });
    try {
      const parent = await createParent(demo.db);
      const child = await createChild(demo.db, parent.id, 9, "Lev");
      const academy = await pageBySlug(demo.db, ACADEMY_8_11);
      await demo.call("POST", "/api/v2/orders/items/", {
        headers: parent.headers,
        body: {
          product_page: academy.page.id,
          purchase_option: academy.option("Academy (full day)").id,
          visitor: child,
          academy_weeks: [academy.weeks[0]?.id],
        },
      });
      const res = await demo.fulfil(parent.headers, {}, null);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error_codes).sort()).toEqual([
        "billing.city",
        "billing.country",
        "billing.post_code",
        "billing.street",
      ]);
    } finally {
      await demo.close();
    }
  });

  it("places the order with the address, prints it on the invoice and keeps it on an empty profile only", async () => {
    const parent = await parentWithAcademyWeek();
    const billing = { first_name: "Eva", last_name: "Muster", ...ADDRESS };
    const res = await t.fulfil(parent.headers, {}, { terms_accepted: true, billing });
    expect(res.statusCode, res.body).toBe(200);
    const { id, order_id } = FulfillReplySchema.parse(res.json());
    expect((await orderRow(order_id))?.billing).toMatchObject(ADDRESS);
    expect(await profileOf(parent.id)).toMatchObject({
      street: ADDRESS.street,
      postCode: ADDRESS.post_code,
      city: ADDRESS.city,
      country: ADDRESS.country,
    });
    t.standIn.approve(id);
    expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order_id));
    expect(invoice?.data.buyer).toMatchObject(ADDRESS);
    expect(invoice?.data.totalCents).toBeGreaterThan(25_000);

    // A later order with another address bills that one, and the profile keeps its own.
    const again = await parentWithAcademyWeek();
    await t.db
      .update(users)
      .set({ street: "Profilweg 2", postCode: "10115", city: "Berlin", country: "Deutschland" })
      .where(eq(users.id, again.id));
    const other = await t.fulfil(again.headers, {}, { terms_accepted: true, billing });
    expect(other.statusCode, other.body).toBe(200);
    expect((await orderRow(other.json().order_id))?.billing).toMatchObject(ADDRESS);
    expect((await profileOf(again.id))?.street).toBe("Profilweg 2");
  });

  it("asks no address up to 250 €", async () => {
    const parent = await t.parentWithCourse(1);
    const res = await t.fulfil(
      parent.headers,
      {},
      { terms_accepted: true, billing: { first_name: "Eva", last_name: "Muster" } },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await profileOf(parent.id))?.street).toBe("");
  });
});
