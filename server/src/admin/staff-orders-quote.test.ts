import { randomUUID } from "node:crypto";
import {
  AdminGiftCardSchema,
  AdminOrderSchema,
  AdminStaffOrderQuoteSchema,
  AdminStaffOrderSchema,
} from "@atelier/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox, orders, users } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createChild, createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * Issue 29 in the back office: the price of a booking by phone before saving (D275), its payment link
 * mailed again (D276), and a gift card issued by hand mailed and printed (D277).
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
}, 300_000);
afterAll(() => t?.close());

type Headers = Record<string, string>;

const emailOf = async (id: number) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email ?? "";

/** A parent with two children of 6 (siblings: the second course line gets the sibling discount). */
async function family() {
  const parent = await createParent(t.db);
  const first = await createChild(t.db, parent.id, 6);
  const second = await createChild(t.db, parent.id, 6);
  const line = (child: number, slot: number) => ({
    product_page: t.course.page.id,
    purchase_option: t.course.option("Course (1 / week)").id,
    visitor: child,
    schedule_slots: [t.weekly[slot]?.id],
  });
  return { ...parent, items: [line(first, 0), line(second, 1)] };
}

const quote = (body: Record<string, unknown>, headers: Headers = staff.headers) =>
  t.call("POST", "/api/v2/admin/staff-orders/quote/", { headers, body });
const book = (body: Record<string, unknown>) =>
  t.call("POST", "/api/v2/admin/staff-orders/", { headers: staff.headers, body });
const resend = (id: number, headers: Headers = staff.headers) =>
  t.call("POST", `/api/v2/admin/orders/${id}/resend-payment-link/`, { headers });

describe(`the price of a booking by phone before saving (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("is for staff only: guests 401, parents 403", async () => {
    const call = await family();
    expect((await quote({ parent: call.id, items: call.items }, {})).statusCode).toBe(401);
    expect((await quote({ parent: call.id, items: call.items }, call.headers)).statusCode).toBe(403);
  });

  it("prices each line and the total as saving does, and writes nothing: no order, no mail, no audit", async () => {
    const call = await family();
    const audited = (await t.db.select().from(auditLog)).length;
    const res = await quote({ parent: call.id, items: call.items });
    expect(res.statusCode, res.body).toBe(200);
    const priced = AdminStaffOrderQuoteSchema.parse(res.json());
    const list = t.course.option("Course (1 / week)").basePriceCents;
    expect(priced.lines).toHaveLength(2);
    expect(priced.lines.map((l) => l.price_cents)).toEqual([list, list]);
    // The second child's line is cheaper (the shop's sibling discount), and the total adds the lines.
    const discounts = priced.lines.map((l) => l.discount_cents);
    expect(Math.max(...discounts)).toBeGreaterThan(0);
    expect(priced.total_checkout_price_cents).toBe(priced.lines.reduce((s, l) => s + l.amount_cents, 0));
    expect(await t.db.select().from(orders).where(eq(orders.userId, call.id))).toEqual([]);
    expect(await t.mailsTo(await emailOf(call.id))).toEqual([]);
    expect((await t.db.select().from(auditLog)).length).toBe(audited);

    const saved = await book({
      request_id: randomUUID(),
      parent: call.id,
      hold_minutes: null,
      items: call.items,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const order = AdminStaffOrderSchema.parse(saved.json());
    expect(order.total_checkout_price_cents).toBe(priced.total_checkout_price_cents);
    expect(order.total_recurrent_price_cents).toBe(priced.total_recurrent_price_cents);
  });

  it("refuses what saving would refuse (a child of the wrong age) as a 400 at the field", async () => {
    const parent = await createParent(t.db);
    const old = await createChild(t.db, parent.id, 12);
    const res = await quote({
      parent: parent.id,
      items: [
        {
          product_page: t.course.page.id,
          purchase_option: t.course.option("Course (1 / week)").id,
          visitor: old,
          schedule_slots: [t.weekly[0]?.id],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error_codes).toBeDefined();
    expect(await t.db.select().from(orders).where(eq(orders.userId, parent.id))).toEqual([]);
  });
});

describe(`a promocode in a booking by phone (D316, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  /** A code made in the back office, as staff make it. */
  async function code(fields: Record<string, unknown> = {}) {
    const name = `TEL${randomUUID().slice(0, 8).toUpperCase()}`;
    const made = await t.call("POST", "/api/v2/admin/promocodes/", {
      headers: staff.headers,
      body: {
        code: name,
        percent_off: 10,
        amount_off_cents: null,
        valid_from: null,
        valid_until: null,
        max_uses: null,
        max_uses_per_user: null,
        min_total_cents: 0,
        product_types: [],
        is_active: true,
        ...fields,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    return name;
  }

  it("a 10 % code lowers the quote and the saved order alike, by the shop's rule; the order keeps the code", async () => {
    const call = await family();
    const plain = AdminStaffOrderQuoteSchema.parse(
      (await quote({ parent: call.id, items: call.items })).json(),
    );
    const ten = await code();
    const res = await quote({ parent: call.id, items: call.items, promocode: ten.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    const priced = AdminStaffOrderQuoteSchema.parse(res.json());
    expect(priced.total_checkout_price_cents).toBeLessThan(plain.total_checkout_price_cents);
    // Each line's discount grows by the code's 10 % of what the sibling discount left (the cart's rule).
    for (const [index, line] of priced.lines.entries()) {
      const before = plain.lines[index];
      expect(line.price_cents).toBe(before?.price_cents);
      expect(line.discount_cents).toBeGreaterThan(before?.discount_cents ?? 0);
    }
    expect(priced.total_checkout_price_cents).toBe(priced.lines.reduce((s, l) => s + l.amount_cents, 0));

    const saved = await book({
      request_id: randomUUID(),
      parent: call.id,
      items: call.items,
      promocode: ten,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const built = AdminStaffOrderSchema.parse(saved.json());
    expect(built.total_checkout_price_cents).toBe(priced.total_checkout_price_cents);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, built.id));
    expect(row?.promocodeId).not.toBeNull();
    // The audit entry names the code that gave the discount (D609).
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "staff-orders"), eq(auditLog.recordId, built.id)));
    expect(entry?.after).toMatchObject({ promocode: ten, gift_card_cents: 0 });
  });

  it("a gift card named on the phone is spent when the order is saved, not by its quote (D505)", async () => {
    const call = await family();
    const issued = await t.call("POST", "/api/v2/admin/gift-cards/", {
      headers: staff.headers,
      body: { amount_cents: 3000, reason: "Gutschein am Telefon genannt", expires_on: null },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const card = AdminGiftCardSchema.parse(issued.json());
    const balance = async () =>
      AdminGiftCardSchema.parse(
        (await t.call("GET", `/api/v2/admin/gift-cards/${card.id}/`, { headers: staff.headers })).json(),
      ).balance_cents;
    const plain = AdminStaffOrderQuoteSchema.parse(
      (await quote({ parent: call.id, items: call.items })).json(),
    );
    const priced = AdminStaffOrderQuoteSchema.parse(
      (await quote({ parent: call.id, items: call.items, promocode: card.code })).json(),
    );
    expect(priced.total_checkout_price_cents).toBe(plain.total_checkout_price_cents - 3000);
    expect(await balance()).toBe(3000);

    const saved = await book({
      request_id: randomUUID(),
      parent: call.id,
      items: call.items,
      promocode: card.code,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const built = AdminStaffOrderSchema.parse(saved.json());
    expect(built.total_checkout_price_cents).toBe(priced.total_checkout_price_cents);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, built.id));
    expect(row?.giftCardCents).toBe(3000);
    // The audit entry records the card's part, never its code: the code pays (D125, D609).
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "staff-orders"), eq(auditLog.recordId, built.id)));
    expect(entry?.after).toMatchObject({ promocode: null, gift_card_cents: 3000 });
    expect(JSON.stringify(entry)).not.toContain(card.code);
    // The payment link's mail shows the card's part, so its lines add up to what is left to pay (D552).
    const [linkMail] = (await t.mailsTo(await emailOf(call.id))).filter((m) => m.template === "payment-link");
    expect(linkMail?.text).toContain("Mit Gutschein bezahlt: −30,00");
    expect(linkMail?.text).toContain("Noch zu bezahlen:");
    // The card paid its part of this order: it has nothing left for another.
    expect(await balance()).toBe(0);
    // Another family's booking by phone (its quote checks the same and saves nothing).
    const other = await family();
    const again = await quote({ parent: other.id, items: other.items, promocode: card.code });
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json().error_codes, again.body).toEqual({ promocode: ["gift_card_empty"] });
  });

  it("the same booking sent twice at once with a card's code builds one order and answers it twice (D505)", async () => {
    const call = await family();
    const issued = await t.call("POST", "/api/v2/admin/gift-cards/", {
      headers: staff.headers,
      body: { amount_cents: 2000, reason: "Gutschein am Telefon genannt", expires_on: null },
    });
    const card = AdminGiftCardSchema.parse(issued.json());
    const body = { request_id: randomUUID(), parent: call.id, items: call.items, promocode: card.code };
    // The second waits behind the first on the units' locks and then finds the card spent by it.
    const [first, second] = await Promise.all([book(body), book(body)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(await t.db.select().from(orders).where(eq(orders.userId, call.id))).toHaveLength(1);
  });

  it("a code's use on the phone counts against its limit, as a checkout's does (D505)", async () => {
    const once = await code({ max_uses: 1 });
    const first = await family();
    const saved = await book({
      request_id: randomUUID(),
      parent: first.id,
      items: first.items,
      promocode: once,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = await family();
    const refused = await book({
      request_id: randomUUID(),
      parent: second.id,
      items: second.items,
      promocode: once,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes?.promocode).toContain("promocode_used_up");
    expect(await t.db.select().from(orders).where(eq(orders.userId, second.id))).toEqual([]);
  });

  it("a code the cart refuses is refused at `promocode` in words, and nothing is saved", async () => {
    const call = await family();
    const unknown = await quote({ parent: call.id, items: call.items, promocode: "GIBTSNICHT" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_codes?.promocode).toContain("promocode_invalid");
    expect(unknown.json().promocode?.[0]).toMatch(/\w/);
    const high = await code({ min_total_cents: 10_000_000 });
    const below = await book({
      request_id: randomUUID(),
      parent: call.id,
      items: call.items,
      promocode: high,
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().error_codes?.promocode).toContain("promocode_min_total");
    expect(await t.db.select().from(orders).where(eq(orders.userId, call.id))).toEqual([]);
  });
});

describe(`the payment link mailed again (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  async function phoneOrder() {
    const call = await family();
    const res = await book({
      request_id: randomUUID(),
      parent: call.id,
      hold_minutes: 120,
      items: call.items.slice(0, 1),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { call, order: AdminStaffOrderSchema.parse(res.json()) };
  }
  const linkMails = async (parentId: number) =>
    (await t.mailsTo(await emailOf(parentId))).filter((m) => m.template === "payment-link");

  it("is for staff only (401, 403); an order that does not exist is a 404", async () => {
    const { call, order } = await phoneOrder();
    expect((await resend(order.id, {})).statusCode).toBe(401);
    expect((await resend(order.id, call.headers)).statusCode).toBe(403);
    expect((await resend(2_000_000_000)).statusCode).toBe(404);
    expect(await linkMails(call.id)).toHaveLength(1);
  });

  it("copies the link's mail once however often it is clicked within minutes, audits the copy, and stops after five", async () => {
    const { call, order } = await phoneOrder();
    const shown = AdminOrderSchema.parse(
      (await t.call("GET", `/api/v2/admin/orders/${order.id}/`, { headers: staff.headers })).json(),
    );
    expect(shown.payment_link).toBe(true);
    expect(shown.reserved_until).not.toBeNull();

    const first = await resend(order.id);
    expect(first.statusCode, first.body).toBe(200);
    const second = await resend(order.id);
    expect(second.json().mail).toBe(first.json().mail);
    const mails = await linkMails(call.id);
    expect(mails).toHaveLength(2);
    // The copy is the parent's mail as written, in their language, with the same link.
    expect(mails[1]?.text).toBe(mails[0]?.text);
    expect(mails[1]?.locale).toBe(mails[0]?.locale);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "order_mails"), eq(auditLog.recordId, first.json().mail)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: staff.id, action: "create" });

    // Minutes later (the copy sent long ago), staff ask again: a new copy, up to five in all.
    const age = async () =>
      t.db
        .update(mailOutbox)
        .set({ status: "sent", createdAt: sql`now() - interval '1 hour'` })
        .where(eq(mailOutbox.to, await emailOf(call.id)));
    for (let copy = 2; copy <= 5; copy++) {
      await age();
      const again = await resend(order.id);
      expect(again.statusCode, again.body).toBe(200);
      expect(await linkMails(call.id)).toHaveLength(copy + 1);
    }
    await age();
    const refused = await resend(order.id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error_codes.non_field_errors).toEqual(["payment_link_resend_limit"]);
    expect(await linkMails(call.id)).toHaveLength(6);
  });

  it("refuses once the hold ran out, and for a shop order without a link", async () => {
    const { call, order } = await phoneOrder();
    await t.db
      .update(orders)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order.id));
    const late = await resend(order.id);
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().error_codes.non_field_errors).toEqual(["payment_link_expired"]);
    expect(await linkMails(call.id)).toHaveLength(1);

    const [shopOrder] = await t.db
      .insert(orders)
      .values({ userId: call.id, locale: "de", status: "awaiting_payment" })
      .returning({ id: orders.id });
    const none = await resend(shopOrder?.id ?? 0);
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().error_codes.non_field_errors).toEqual(["no_payment_link"]);
  });
});

describe(`a gift card issued by hand, mailed and printed (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  async function issue() {
    const res = await t.call("POST", "/api/v2/admin/gift-cards/", {
      headers: staff.headers,
      body: { amount_cents: 5000, reason: "Entschädigung für einen ausgefallenen Kurs", expires_on: null },
    });
    expect(res.statusCode, res.body).toBe(201);
    return AdminGiftCardSchema.parse(res.json());
  }
  const mailCard = (id: number, body: Record<string, unknown>, headers: Headers = staff.headers) =>
    t.call("POST", `/api/v2/admin/gift-cards/${id}/mail/`, { headers, body });

  it("mails the card with its PDF in the chosen language, once per request while it waits, and audits it", async () => {
    const card = await issue();
    const to = `beschenkt-${Date.now()}@example.org`;
    const body = { to, locale: "ru", recipient_name: "Аня", message: "С днём рождения!" };
    const res = await mailCard(card.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect((await mailCard(card.id, body)).json().mail).toBe(res.json().mail);
    const mails = await t.mailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "gift-card", locale: "ru" });
    expect(mails[0]?.text).toContain(card.code);
    expect(mails[0]?.text).toContain("С днём рождения!");
    expect(mails[0]?.attachments).toEqual([
      { kind: "gift-card-pdf", giftCardId: card.id, filename: `Gutschein-${card.code}.pdf` },
    ]);
    const after = AdminGiftCardSchema.parse(
      (await t.call("GET", `/api/v2/admin/gift-cards/${card.id}/`, { headers: staff.headers })).json(),
    );
    expect(after).toMatchObject({ locale: "ru", recipient_name: "Аня", message: "С днём рождения!" });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.resource, "gift_card_mails"));
    expect(audit.filter((a) => a.recordId === res.json().mail)).toHaveLength(1);

    // Once sent, staff asking again send a second mail.
    await t.db.update(mailOutbox).set({ status: "sent" }).where(eq(mailOutbox.to, to));
    const again = await mailCard(card.id, body);
    expect(again.json().mail).not.toBe(res.json().mail);
    expect(await t.mailsTo(to)).toHaveLength(2);
  });

  it("is for staff only, 404 for a card that does not exist, 400 for a bad address or a deactivated card", async () => {
    const card = await issue();
    const parent = await createParent(t.db);
    const body = { to: "jemand@example.org", locale: "de" };
    expect((await mailCard(card.id, body, {})).statusCode).toBe(401);
    expect((await mailCard(card.id, body, parent.headers)).statusCode).toBe(403);
    expect((await mailCard(2_000_000_000, body)).statusCode).toBe(404);
    expect((await mailCard(card.id, { ...body, to: "kein-at" })).statusCode).toBe(400);
    await t.call("PUT", `/api/v2/admin/gift-cards/${card.id}/`, {
      headers: staff.headers,
      body: { is_active: false, version: card.version },
    });
    const off = await mailCard(card.id, body);
    expect(off.statusCode, off.body).toBe(400);
    expect(off.json().error_codes.non_field_errors).toEqual(["gift_card_deactivated"]);
    expect(await t.mailsTo("jemand@example.org")).toEqual([]);
  });

  it("downloads the card as the PDF a bought card gets, for staff only, audited as an export", async () => {
    const card = await issue();
    const parent = await createParent(t.db);
    const url = `/api/v2/admin/gift-cards/${card.id}/pdf/`;
    expect((await t.call("GET", url, { headers: parent.headers })).statusCode).toBe(403);
    const res = await t.call("GET", url, { headers: staff.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/pdf");
    expect(res.headers["content-disposition"]).toContain(`Gutschein-${card.code}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "gift-cards"), eq(auditLog.recordId, card.id)));
    expect(audit.map((a) => a.action)).toContain("export");
    // The audit log keeps no code: it pays (D527).
    expect(JSON.stringify(audit)).not.toContain(card.code);
  });
});
