import { randomUUID } from "node:crypto";
import { todayInBerlin } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../db/client.ts";
import { giftCards, mailOutbox, orderItems, payments, scheduleSlots, users } from "../db/schema/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { type PayPalStandIn, startPayPalStandIn } from "./paypal-stand-in.ts";
import {
  ACADEMY_8_11,
  COURSE_5_7,
  createChild,
  createParent,
  createStaff,
  GIFT_CARD,
  pageBySlug,
  WORKSHOP_10,
} from "./shop-fixtures.ts";
import { createTestApp } from "./test-app.ts";

type Call = (
  method: "POST",
  url: string,
  o: { headers?: Record<string, string>; body?: unknown },
) => Promise<{ statusCode: number; body: string }>;

/** A parent without an address and a full-day academy week (over 250 €) for their child Lev in the cart. */
async function academyWeekInCart(db: Database["db"], call: Call) {
  const parent = await createParent(db);
  const child = await createChild(db, parent.id, 9, "Lev");
  const academy = await pageBySlug(db, ACADEMY_8_11);
  const added = await call("POST", "/api/v2/orders/items/", {
    headers: parent.headers,
    body: {
      product_page: academy.page.id,
      purchase_option: academy.option("Academy (full day)").id,
      visitor: child,
      academy_weeks: [academy.weeks[0]?.id],
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  return parent;
}

type Reply = { statusCode: number; body: string; json(): unknown };

/**
 * A course whose weekly lesson is not today (a withdrawal then refunds all of it), paid with PayPal: the
 * parent, the order, its item and payment, and PayPal's order id.
 */
async function paidCourseNotToday(shop: {
  db: Database["db"];
  weekly: { weekday: number | null }[];
  standIn: PayPalStandIn;
  parentWithCourse(slotIndex: number): Promise<Awaited<ReturnType<typeof createParent>>>;
  fulfil(headers: Record<string, string>): Promise<Reply>;
  capture(headers: Record<string, string>, id: string): Promise<Reply>;
}) {
  const today = (new Date(`${todayInBerlin()}T00:00:00Z`).getUTCDay() + 6) % 7;
  const parent = await shop.parentWithCourse(shop.weekly.findIndex((slot) => slot.weekday !== today));
  const fulfilled = await shop.fulfil(parent.headers);
  expect(fulfilled.statusCode, fulfilled.body).toBe(200);
  const { id: gatewayOrderId, order_id: orderId } = fulfilled.json() as { id: string; order_id: number };
  shop.standIn.approve(gatewayOrderId);
  const captured = await shop.capture(parent.headers, gatewayOrderId);
  expect(captured.statusCode, captured.body).toBe(200);
  const [item] = await shop.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const [payment] = await shop.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!item || !payment) throw new Error("no item or payment");
  return { ...parent, orderId, itemId: item.id, payment, gatewayOrderId };
}

/**
 * A new parent who bought the shop's gift card at its first amount and paid by PayPal: the parent, the card
 * and the order that bought it.
 */
async function buyGiftCard(shop: {
  db: Database["db"];
  call: Call;
  standIn: PayPalStandIn;
  fulfil(headers: Record<string, string>): Promise<Reply>;
  capture(headers: Record<string, string>, id: string): Promise<Reply>;
}) {
  const parent = await createParent(shop.db);
  const page = await pageBySlug(shop.db, GIFT_CARD);
  const added = await shop.call("POST", "/api/v2/orders/items/", {
    headers: parent.headers,
    body: { product_page: page.page.id, purchase_option: page.options[0]?.id },
  });
  expect(added.statusCode, added.body).toBe(201);
  const { id, order_id: orderId } = (await shop.fulfil(parent.headers)).json() as {
    id: string;
    order_id: number;
  };
  shop.standIn.approve(id);
  expect(((await shop.capture(parent.headers, id)).json() as { status: string }).status).toBe(
    "payment_fulfilled",
  );
  const [card] = await shop.db.select().from(giftCards).where(eq(giftCards.buyerUserId, parent.id));
  if (!card) throw new Error("no gift card issued");
  return { parent, card, orderId };
}

/**
 * A course booking (weekly slot `slotIndex`) staff built on the phone for a new parent (D157), with the
 * code `promocode` if given, opened at PayPal through the mailed payment link: its gateway order `id`.
 */
async function bookedByStaff(
  shop: {
    db: Database["db"];
    call: (
      method: "POST",
      url: string,
      o: { headers?: Record<string, string>; body?: unknown; query?: Record<string, string> },
    ) => Promise<{ statusCode: number; body: string; json(): unknown }>;
    course: Awaited<ReturnType<typeof pageBySlug>>;
    weekly: { id: number }[];
  },
  slotIndex: number,
  promocode?: string,
  /** The payment call's query: PayPal's by default; Stripe's with its return addresses. */
  payQuery: Record<string, string> = { payment_gateway: "paypal" },
) {
  const { db, call, course, weekly } = shop;
  const staff = await createStaff(db);
  const parent = await createParent(db);
  const child = await createChild(db, parent.id, 6);
  const item = {
    product_page: course.page.id,
    purchase_option: course.option("Course (1 / week)").id,
    visitor: child,
    schedule_slots: [weekly[slotIndex]?.id],
  };
  const booked = await call("POST", "/api/v2/admin/staff-orders/", {
    headers: staff.headers,
    body: { request_id: randomUUID(), parent: parent.id, hold_minutes: null, items: [item], promocode },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  const [email] = await db.select({ email: users.email }).from(users).where(eq(users.id, parent.id));
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email?.email ?? ""), eq(mailOutbox.template, "payment-link")));
  const token = /\/pay\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
  const opened = await call("POST", `/api/v2/orders/payment_link/${token}/pay/`, {
    headers: parent.headers,
    query: payQuery,
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return { ...parent, ...(opened.json() as { id: string; order_id: number }) };
}

/**
 * A shop wired to a PayPal stand-in on 127.0.0.1 (or to the demo gateway), with the demo catalogue; the
 * payment worker does not run by itself (tests call `app.paymentWorker.runOnce()`).
 */
export async function createCheckoutTestApp(
  options: {
    gateway?: "paypal" | "demo";
    env?: Record<string, string>;
    /** A stand-in shared with another shop (one PayPal account, two installations); closed by its owner. */
    standIn?: PayPalStandIn;
    /** A database of the caller's (e.g. an embedded one in a PostgreSQL run); the caller closes it. */
    database?: Database;
  } = {},
) {
  const standIn = options.standIn ?? (await startPayPalStandIn());
  const paypalEnv: Record<string, string> =
    options.gateway === "demo"
      ? {}
      : {
          PAYPAL_API_BASE: standIn.url,
          PAYPAL_CLIENT_ID: standIn.clientId,
          PAYPAL_CLIENT_SECRET: standIn.clientSecret,
          PAYPAL_WEBHOOK_ID: standIn.webhookId,
        };
  const ctx = await createTestApp({
    ...(options.database ? { database: options.database } : {}),
    ...(process.env.CHECKOUT_TEST_LOG ? { logger: { level: "error" } } : {}),
    env: {
      ...paypalEnv,
      PAYMENT_WORKER_INTERVAL_MS: "3600000",
      CHECKOUT_RATE_LIMIT_PER_MINUTE: "100000",
      ...options.env,
    },
  });
  const db = ctx.database.db;
  await seedDemoCatalogue(db, { staffEmail: "staff@atelier-test.example" });
  const [course, workshop] = await Promise.all([pageBySlug(db, COURSE_5_7), pageBySlug(db, WORKSHOP_10)]);
  const weekly = course.slots.filter((slot) => slot.weekday !== null);
  const dated = workshop.slots.filter((slot) => slot.date !== null);

  type Options = { headers?: Record<string, string>; body?: unknown; query?: Record<string, string> };
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT", url: string, o: Options = {}) =>
    ctx.app.inject({
      method,
      url: `${url}?${new URLSearchParams({ locale: "de", ...o.query })}`,
      ...(o.headers ? { headers: o.headers } : {}),
      ...(o.body !== undefined ? { payload: o.body as Record<string, unknown> } : {}),
    });

  /**
   * A parent with a child of `age` and a course booking (weekly slot `slotIndex`) in the cart: a monthly
   * subscription, or another of the course's options (`TERMINKARTEN`, a meeting card).
   */
  async function parentWithCourse(slotIndex = 0, age = 6, scheduleType = "Course (1 / week)") {
    const parent = await createParent(db);
    const child = await createChild(db, parent.id, age);
    const added = await call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: course.page.id,
        purchase_option: course.option(scheduleType).id,
        visitor: child,
        schedule_slots: [weekly[slotIndex]?.id],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    return { ...parent, child };
  }

  const fulfil = (
    headers: Record<string, string>,
    query: Record<string, string> = {},
    body: unknown = { terms_accepted: true },
  ) =>
    call("POST", "/api/v2/orders/fulfill/", {
      headers,
      query: { payment_gateway: "paypal", ...query },
      body,
    });

  const capture = (headers: Record<string, string>, id: string) =>
    call("POST", `/api/v2/orders/${id}/capture/`, { headers, body: { orderID: id, payerID: "PAYER1" } });

  const setSeats = (slotId: number, seats: number) =>
    db.update(scheduleSlots).set({ seats }).where(eq(scheduleSlots.id, slotId));

  const mailsTo = async (email: string) =>
    (await db.select().from(mailOutbox)).filter((mail) => mail.to === email);

  return {
    ...ctx,
    db,
    standIn,
    course,
    workshop,
    weekly,
    dated,
    call,
    parentWithCourse,
    paidCourseNotToday: () => paidCourseNotToday({ db, weekly, standIn, parentWithCourse, fulfil, capture }),
    parentWithAcademyWeek: () => academyWeekInCart(db, call),
    fulfil,
    capture,
    setSeats,
    mailsTo,
    bookedByStaff: (slotIndex: number, promocode?: string, payQuery?: Record<string, string>) =>
      bookedByStaff({ db, call, course, weekly }, slotIndex, promocode, payQuery),
    buyGiftCard: () => buyGiftCard({ db, call, standIn, fulfil, capture }),
    close: async () => {
      await ctx.close();
      if (!options.standIn) await standIn.close();
    },
  };
}
