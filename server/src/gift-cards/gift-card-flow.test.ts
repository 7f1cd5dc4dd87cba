import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { todayInBerlin } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftCards, mailOutbox, users } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { COURSE_5_7, createParent, GIFT_CARD, pageBySlug } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";
import { renderGiftCardPdf } from "./gift-card-pdf.ts";
import { giftCardSendMoment } from "./gift-cards.service.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
}, 60_000);
afterAll(() => t?.close());

const inDays = (days: number) => {
  const day = new Date(`${todayInBerlin()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

async function addGiftCard(headers: Record<string, string>, giftCard: Record<string, unknown> | undefined) {
  const page = await pageBySlug(t.db, GIFT_CARD);
  return t.call("POST", "/api/v2/orders/items/", {
    headers,
    body: { product_page: page.page.id, purchase_option: page.options[0]?.id, gift_card: giftCard },
  });
}

describe(`a gift card of its own (issue 24, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("is worth the amount the buyer chose, names no child, and its recipient's mail waits for the chosen day", async () => {
    const parent = await createParent(t.db);
    const sendOn = inDays(10);
    const added = await addGiftCard(parent.headers, {
      amount_cents: 6_000,
      recipient_name: "Lukas Becker",
      message: "Alles Gute zum Geburtstag!",
      deliver_to: "recipient",
      recipient_email: "Oma.Becker@Example.org",
      send_on: sendOn,
    });
    expect(added.statusCode, added.body).toBe(201);
    const item = added.json();
    expect(item.visitor).toBeNull();
    expect(item.calculated_price_cents).toBe(6_000);
    expect(item.gift_card).toEqual({
      recipient_name: "Lukas Becker",
      message: "Alles Gute zum Geburtstag!",
      deliver_to: "recipient",
      recipient_email: "oma.becker@example.org",
      send_on: sendOn,
    });
    const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(cart.total_checkout_price_cents).toBe(6_000);

    const { id } = (await t.fulfil(parent.headers)).json();
    const sent = t.standIn.orders.get(id)?.request as { purchase_units: { amount: { value: string } }[] };
    expect(sent.purchase_units[0]?.amount.value).toBe("60.00");
    t.standIn.approve(id);
    expect((await t.capture(parent.headers, id)).json().status).toBe("payment_fulfilled");

    const [card] = await t.db.select().from(giftCards).where(eq(giftCards.buyerUserId, parent.id));
    expect(card).toMatchObject({ initialCents: 6_000, recipientName: "Lukas Becker" });
    const toRecipient = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "oma.becker@example.org"));
    expect(toRecipient).toHaveLength(1);
    expect(toRecipient[0]?.text).toContain(card?.code);
    expect(toRecipient[0]?.text).toContain("Alles Gute zum Geburtstag!");
    expect(toRecipient[0]?.attachments).toEqual([
      { kind: "gift-card-pdf", giftCardId: card?.id, filename: `Gutschein-${card?.code}.pdf` },
    ]);
    // Not before 9:00 in Berlin on the chosen day.
    expect(toRecipient[0]?.nextAttemptAt.toISOString()).toBe(giftCardSendMoment(sendOn)?.toISOString());
    const email = (await t.call("GET", "/api/v2/users/me/", { headers: parent.headers })).json().email;
    const buyerMail = (await t.mailsTo(email)).find((m) => m.template === "gift-card");
    expect(buyerMail?.text).toContain("oma.becker@example.org");
    expect(buyerMail?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("withdrawn by the buyer, or refunded whole by staff, its recipient's mail waiting for its day is taken back (D552)", async () => {
    const staff = await createParent(t.db);
    await t.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
    const buy = async (recipient: string) => {
      const parent = await createParent(t.db);
      const added = await addGiftCard(parent.headers, {
        amount_cents: 5_000,
        recipient_name: "Lukas",
        message: "Für dich",
        deliver_to: "recipient",
        recipient_email: recipient,
        send_on: inDays(7),
      });
      expect(added.statusCode, added.body).toBe(201);
      const { id, order_id } = (await t.fulfil(parent.headers)).json();
      t.standIn.approve(id);
      expect((await t.capture(parent.headers, id)).json().status).toBe("payment_fulfilled");
      return { parent, itemId: added.json().id as number, orderId: order_id as number };
    };
    const waiting = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

    const withdrawn = await buy("oma.widerruf@example.org");
    expect(await waiting("oma.widerruf@example.org")).toHaveLength(1);
    const reply = await t.call("POST", `/api/v2/orders/items/${withdrawn.itemId}/withdraw/`, {
      headers: withdrawn.parent.headers,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await waiting("oma.widerruf@example.org")).toEqual([]);

    const refunded = await buy("oma.erstattet@example.org");
    const staffRefund = await t.call("POST", `/api/v2/admin/orders/${refunded.orderId}/refunds/`, {
      headers: staff.headers,
      body: {
        request_id: randomUUID(),
        item: refunded.itemId,
        amount_cents: 5_000,
        cancel_item: false,
        reason: "Doppelt gekauft",
      },
    });
    expect(staffRefund.statusCode, staffRefund.body).toBe(200);
    expect(await waiting("oma.erstattet@example.org")).toEqual([]);

    // Refunded in part: the recipient's mail still goes on its day, saying what the card is worth now (D629).
    const part = await buy("oma.teil@example.org");
    const [before] = await waiting("oma.teil@example.org");
    expect(before?.text).toContain("50,00");
    const partRefund = await t.call("POST", `/api/v2/admin/orders/${part.orderId}/refunds/`, {
      headers: staff.headers,
      body: {
        request_id: randomUUID(),
        item: part.itemId,
        amount_cents: 2_000,
        cancel_item: false,
        reason: "Teilweise erstattet",
      },
    });
    expect(partRefund.statusCode, partRefund.body).toBe(200);
    const after = await waiting("oma.teil@example.org");
    expect(after).toHaveLength(1);
    expect(after[0]?.text).toContain("30,00");
    expect(after[0]?.text).not.toContain("50,00");
    expect(after[0]?.nextAttemptAt.getTime()).toBe(before?.nextAttemptAt.getTime());
    expect(after[0]?.attachments).toEqual(before?.attachments);
    // The buyer's own copy of the card, written at the purchase, stays as it was.
    const [buyer] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, part.parent.id));
    const buyerCards = (await waiting(buyer?.email ?? "")).filter((mail) => mail.template === "gift-card");
    expect(buyerCards).toHaveLength(1);
    expect(buyerCards[0]?.text).toContain("50,00");
    // The buyer's refund mail says what the card is worth now (D640); a card refunded whole is worth nothing.
    const refundMail = async (orderId: number) => {
      const [mail] = (
        await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, "staff-refund"))
      ).filter((row) => row.subject.includes(`Nr. ${orderId}`));
      return mail?.text.replace(/\s+/g, " ") ?? "";
    };
    expect(await refundMail(part.orderId)).toContain("Der Gutschein ist jetzt noch 30,00 € wert.");
    expect(await refundMail(refunded.orderId)).toContain("50,00 €");
    expect(await refundMail(refunded.orderId)).not.toContain("jetzt noch");
  });

  it("a recipient's mail the outbox gave up on, sent again by staff after part of the card was refunded, names what the card is worth now (D641)", async () => {
    const staff = await createParent(t.db);
    await t.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
    const parent = await createParent(t.db);
    const added = await addGiftCard(parent.headers, {
      amount_cents: 5_000,
      recipient_name: "Lukas",
      message: "Für dich",
      deliver_to: "recipient",
      recipient_email: "opa.aufgegeben@example.org",
      send_on: inDays(7),
    });
    expect(added.statusCode, added.body).toBe(201);
    const { id, order_id: orderId } = (await t.fulfil(parent.headers)).json();
    t.standIn.approve(id);
    expect((await t.capture(parent.headers, id)).json().status).toBe("payment_fulfilled");
    const [buyer] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, parent.id));
    const giftCardMailTo = async (to: string) =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).find(
        (mail) => mail.template === "gift-card",
      );
    const [recipientMail, buyerMail] = [
      await giftCardMailTo("opa.aufgegeben@example.org"),
      await giftCardMailTo(buyer?.email ?? ""),
    ];
    if (!recipientMail || !buyerMail) throw new Error("the card's mails are missing");
    // On its day the mail server was away for good: the outbox gave up on both.
    for (const mail of [recipientMail, buyerMail])
      await t.db
        .update(mailOutbox)
        .set({ status: "failed", attempts: 8, nextAttemptAt: new Date(Date.now() - 60_000) })
        .where(eq(mailOutbox.id, mail.id));
    const partRefund = await t.call("POST", `/api/v2/admin/orders/${orderId}/refunds/`, {
      headers: staff.headers,
      body: {
        request_id: randomUUID(),
        item: added.json().id,
        amount_cents: 2_000,
        cancel_item: false,
        reason: "Teilweise erstattet",
      },
    });
    expect(partRefund.statusCode, partRefund.body).toBe(200);
    expect((await giftCardMailTo("opa.aufgegeben@example.org"))?.text).toContain("50,00");

    for (const mail of [recipientMail, buyerMail]) {
      const resent = await t.call("POST", `/api/v2/admin/mails/${mail.id}/resend/`, {
        headers: staff.headers,
      });
      expect(resent.statusCode, resent.body).toBe(200);
    }
    const again = await giftCardMailTo("opa.aufgegeben@example.org");
    expect(again).toMatchObject({
      id: recipientMail.id,
      status: "pending",
      attempts: 0,
      subject: recipientMail.subject,
      attachments: recipientMail.attachments,
    });
    expect(again?.text).toContain("30,00");
    expect(again?.text).not.toContain("50,00");
    expect(again?.text).toContain("Für dich");
    expect(again?.html).toContain("30,00");
    // The buyer's copy of the purchase goes again as it was written.
    const buyerAgain = await giftCardMailTo(buyer?.email ?? "");
    expect(buyerAgain).toMatchObject({ id: buyerMail.id, status: "pending", text: buyerMail.text });
  });

  it("tells the buyer's given-up copy from the recipient's mail by what each is, not by its address: a card given to the buyer's own address, and after the buyer's new e-mail", async () => {
    const staff = await createParent(t.db);
    await t.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
    const parent = await createParent(t.db);
    const [buyer] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, parent.id));
    const buyerAddress = buyer?.email ?? "";
    // A card the buyer has mailed to their own address on its day, to hand it over as a present.
    const toSelf = await addGiftCard(parent.headers, {
      amount_cents: 4_000,
      recipient_name: "Mila",
      message: "Zum Schulanfang",
      deliver_to: "recipient",
      recipient_email: buyerAddress,
      send_on: inDays(7),
    });
    expect(toSelf.statusCode, toSelf.body).toBe(201);
    const { id, order_id: orderId } = (await t.fulfil(parent.headers)).json();
    t.standIn.approve(id);
    expect((await t.capture(parent.headers, id)).json().status).toBe("payment_fulfilled");
    const mails = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyerAddress))).filter(
      (mail) => mail.template === "gift-card",
    );
    const buyerCopy = mails.find((mail) => mail.subject.includes(String(orderId)));
    const present = mails.find((mail) => mail !== buyerCopy);
    if (!buyerCopy || !present) throw new Error("the card's mails are missing");
    expect([buyerCopy.kind, present.kind]).toEqual([null, "gift-card-recipient"]);
    for (const mail of [buyerCopy, present])
      await t.db
        .update(mailOutbox)
        .set({ status: "failed", attempts: 8, nextAttemptAt: new Date(Date.now() - 60_000) })
        .where(eq(mailOutbox.id, mail.id));
    const partRefund = await t.call("POST", `/api/v2/admin/orders/${orderId}/refunds/`, {
      headers: staff.headers,
      body: {
        request_id: randomUUID(),
        item: toSelf.json().id,
        amount_cents: 1_000,
        cancel_item: false,
        reason: "Teilweise",
      },
    });
    expect(partRefund.statusCode, partRefund.body).toBe(200);
    const resend = async (mailId: number) => {
      const resent = await t.call("POST", `/api/v2/admin/mails/${mailId}/resend/`, {
        headers: staff.headers,
      });
      expect(resent.statusCode, resent.body).toBe(200);
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
      return row;
    };

    // The present at the buyer's own address is written anew with what the card is worth now.
    const presentAgain = await resend(present.id);
    expect(presentAgain).toMatchObject({ status: "pending", to: buyerAddress, kind: "gift-card-recipient" });
    expect(presentAgain?.subject).toBe("Ein Geschenkgutschein von Atelier für Sie");
    expect(presentAgain?.text).toContain("30,00");
    expect(presentAgain?.text).not.toContain("40,00");

    // The buyer moves to a new address; their copy of the purchase still goes again as it was written.
    await t.db
      .update(users)
      .set({ email: `neu-${buyerAddress}` })
      .where(eq(users.id, parent.id));
    expect(await resend(buyerCopy.id)).toMatchObject({
      status: "pending",
      to: buyerAddress,
      subject: buyerCopy.subject,
      text: buyerCopy.text,
      html: buyerCopy.html,
      kind: null,
    });
  });

  it("marks the recipients' mails written before their kind was stored, by their subject (migration 0074)", async () => {
    const parent = await createParent(t.db);
    const added = await addGiftCard(parent.headers, {
      amount_cents: 3_000,
      recipient_name: "Lukas",
      message: "",
      deliver_to: "recipient",
      recipient_email: "tante.vorher@example.org",
      send_on: inDays(3),
    });
    expect(added.statusCode, added.body).toBe(201);
    const { id } = (await t.fulfil(parent.headers)).json();
    t.standIn.approve(id);
    expect((await t.capture(parent.headers, id)).json().status).toBe("payment_fulfilled");
    const before = await t.db
      .select({ id: mailOutbox.id, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "gift-card"));
    expect(new Set(before.map((mail) => mail.kind))).toEqual(new Set([null, "gift-card-recipient"]));
    await t.db.update(mailOutbox).set({ kind: null });
    const migration = readFileSync(
      fileURLToPath(new URL("../db/migrations/0074_mail_kind.sql", import.meta.url)),
      "utf8",
    );
    // The column is there already; its hand-written backfill as committed.
    const [, backfill] = migration.split("--> statement-breakpoint");
    await t.db.execute(sql.raw(backfill ?? ""));
    const after = await t.db
      .select({ id: mailOutbox.id, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "gift-card"));
    expect(after.sort((a, b) => a.id - b.id)).toEqual(before.sort((a, b) => a.id - b.id));
  });

  it("refuses an amount outside the limits, a recipient without an address, a past day, and details on a course", async () => {
    const parent = await createParent(t.db);
    const base = { recipient_name: "Mila", deliver_to: "buyer" };
    const refused = async (giftCard: Record<string, unknown>) => {
      const reply = await addGiftCard(parent.headers, giftCard);
      expect(reply.statusCode, reply.body).toBe(400);
      return reply.json().error_codes;
    };
    expect(await refused({ ...base, amount_cents: 500 })).toEqual({
      "gift_card.amount_cents": ["gift_card_amount_range"],
    });
    expect(await refused({ ...base, amount_cents: 60_000 })).toEqual({
      "gift_card.amount_cents": ["gift_card_amount_range"],
    });
    expect(await refused({ ...base, amount_cents: 2_550 })).toEqual({
      "gift_card.amount_cents": ["gift_card_whole_euros"],
    });
    expect(await refused({ ...base, amount_cents: 2_500, deliver_to: "recipient" })).toEqual({
      "gift_card.recipient_email": ["required"],
    });
    expect(
      await refused({
        ...base,
        amount_cents: 2_500,
        deliver_to: "recipient",
        recipient_email: "a@b.de",
        send_on: inDays(-1),
      }),
    ).toEqual({ "gift_card.send_on": ["date_in_past"] });
    const course = await pageBySlug(t.db, COURSE_5_7);
    const onCourse = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: course.page.id,
        purchase_option: course.options[0]?.id,
        gift_card: { ...base, amount_cents: 2_500 },
      },
    });
    expect(onCourse.statusCode).toBe(400);
    expect(onCourse.json().error_codes).toEqual({ gift_card: ["gift_card_details_not_allowed"] });
    const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(cart.items).toEqual([]);
  });

  it("keeps the existing client's gift card (no details) at the option's price, mailed to the buyer only", async () => {
    const parent = await createParent(t.db);
    const page = await pageBySlug(t.db, GIFT_CARD);
    const added = await addGiftCard(parent.headers, undefined);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().calculated_price_cents).toBe(page.options[0]?.basePriceCents);
    expect(added.json().gift_card).toBeNull();
  });

  it("prints the recipient and the message on the PDF, Cyrillic included", async () => {
    const bytes = await renderGiftCardPdf(
      {
        code: "ACDE-FGHJ-KMNP-QRTU",
        balanceCents: 5_000,
        expiresAt: new Date("2029-12-31T22:59:59Z"),
        locale: "ru",
        recipientName: "Соня Иванова",
        message: "С днём рождения! Рисуй и радуйся.",
      },
      { legalName: "Atelier", address: "Berlin", publicUrl: "https://atelier.example" },
    );
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(5_000);
  });

  it("sends at 9:00 Berlin time on the chosen day, summer and winter, and at once for today", () => {
    expect(giftCardSendMoment("2030-07-01")?.toISOString()).toBe("2030-07-01T07:00:00.000Z");
    expect(giftCardSendMoment("2030-12-01")?.toISOString()).toBe("2030-12-01T08:00:00.000Z");
    expect(giftCardSendMoment(todayInBerlin())).toBeUndefined();
    expect(giftCardSendMoment(null)).toBeUndefined();
  });
});
