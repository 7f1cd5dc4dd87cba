import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { bornYearsAgo, createChild, type Parent } from "./parents.ts";

/** Booking and paying through the API, as the storefront does, for journeys that start after a purchase. */

/** The PayPal stand-in the Playwright config starts beside the shop. */
export const paypalStandInUrl = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT ?? 3198}`;

export type Booking = {
  product_page: number;
  purchase_option: number;
  visitor: number;
  schedule_slots: number[];
};

export async function addToCart(request: APIRequestContext, parent: Parent, booking: Booking) {
  const added = await request.post("/api/v2/orders/items/?locale=de", {
    headers: parent.headers,
    data: booking,
  });
  expect(added.status(), await added.text()).toBe(201);
}

/** Fulfils the parent's cart (seats reserved, PayPal order created); returns PayPal's order id. */
export async function placeOrder(request: APIRequestContext, parent: Parent): Promise<string> {
  return (await stageOrder(request, parent)).paypalId;
}

/** The billing address a parent types at checkout; an order over 250 € needs it (D170). */
const BILLING = { street: "Musterstraße 1", post_code: "10115", city: "Berlin", country: "Deutschland" };

/** The cart staged as a PayPal order: PayPal's order id and the shop's. */
export async function stageOrder(request: APIRequestContext, parent: Parent) {
  const { first_name, last_name } = parent.user as { first_name: string; last_name: string };
  const staged = await request.post("/api/v2/orders/fulfill/?locale=de&payment_gateway=paypal", {
    headers: parent.headers,
    data: { terms_accepted: true, billing: { first_name, last_name, ...BILLING } },
  });
  expect(staged.status(), await staged.text()).toBe(200);
  const { id, order_id } = (await staged.json()) as { id: string; order_id: number };
  return { paypalId: id, orderId: order_id };
}

/** The buyer approves at the stand-in and the shop captures, as the PayPal buttons' onApprove does. */
export async function payPlacedOrder(request: APIRequestContext, parent: Parent, paypalId: string) {
  expect((await request.post(`${paypalStandInUrl}/stand-in/approve/${paypalId}`)).ok()).toBe(true);
  const captured = await request.post(`/api/v2/orders/${paypalId}/capture/?locale=de`, {
    headers: parent.headers,
    data: { orderID: paypalId },
  });
  expect(captured.status(), await captured.text()).toBe(200);
}

type Course = {
  id: number;
  name: string;
  age_group: string;
  schedule_slots: { id: number; weekday: number | null; space: number }[];
  purchase_options: { id: number; schedule_type: string }[];
};

/**
 * A weekly course subscription (1 / week, the slot with most seats left) for a new child of the course's
 * age, paid through the PayPal stand-in; with PayPal's order id and the shop's.
 */
export async function buyWeeklyCourse(request: APIRequestContext, parent: Parent, childName = "Mila") {
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Course");
  const course = ((await reply.json()) as { results: Course[] }).results
    .map((product) => ({
      product,
      option: product.purchase_options.find((o) => o.schedule_type === "Course (1 / week)"),
      slot: product.schedule_slots
        .filter((s) => s.weekday !== null && s.space > 0)
        .sort((a, b) => b.space - a.space)[0],
    }))
    .find((c) => c.option && c.slot);
  if (!course?.option || !course.slot) throw new Error("the seed has no weekly course with seats");
  const age = Number(course.product.age_group.match(/^\d+/)?.[0]) + 1;
  const child = await createChild(request, parent, childName, bornYearsAgo(age));
  await addToCart(request, parent, {
    product_page: course.product.id,
    purchase_option: course.option.id,
    visitor: child.id,
    schedule_slots: [course.slot.id],
  });
  const { paypalId, orderId } = await stageOrder(request, parent);
  await payPlacedOrder(request, parent, paypalId);
  return { course: course.product, child, paypalId, orderId };
}

/** A webhook event signed as the stand-in verifies it (its signature is `stand-in-signature-<transmission id>`). */
export async function paypalWebhook(
  request: APIRequestContext,
  eventType: string,
  resource: Record<string, unknown>,
) {
  const eventId = `WH-E2E-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const transmissionId = `tx-${eventId}`;
  const res = await request.post("/api/v2/payments/paypal/webhook/", {
    headers: {
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": `${paypalStandInUrl}/certs/stand-in`,
      "paypal-transmission-id": transmissionId,
      "paypal-transmission-sig": `stand-in-signature-${transmissionId}`,
      "paypal-transmission-time": new Date().toISOString(),
    },
    data: { id: eventId, event_type: eventType, create_time: new Date().toISOString(), resource },
  });
  expect(res.status(), await res.text()).toBe(200);
}
