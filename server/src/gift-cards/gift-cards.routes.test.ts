import { berlinDate } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftCardLedger, giftCards, orders } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent, GIFT_CARD, pageBySlug } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";
import { giftCardExpiry, newGiftCardCode } from "./gift-card-code.ts";
import { printedGiftCardCode } from "./gift-cards.repository.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
}, 60_000);
afterAll(() => t?.close());

/** A paid order of a gift card of the seed's first amount; returns the card the order created. */
const buyGiftCard = () => t.buyGiftCard();

/** A 300 € card, an amount of its own, sent through the page's first option (25 €) as the shop's form does. */
async function addOwnAmountCard(headers: Record<string, string>) {
  const page = await pageBySlug(t.db, GIFT_CARD);
  const card = await t.call("POST", "/api/v2/orders/items/", {
    headers,
    body: {
      product_page: page.page.id,
      purchase_option: page.options[0]?.id,
      gift_card: { amount_cents: 30_000, recipient_name: "Oma Inge" },
    },
  });
  expect(card.statusCode, card.body).toBe(201);
  return card;
}

const balanceOf = async (id: number) =>
  (await t.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]?.balanceCents;

describe(`gift cards (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("codes are unguessable groups of four, valid three years to the end of the year", () => {
    const codes = new Set(Array.from({ length: 2000 }, newGiftCardCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(giftCardExpiry(new Date("2026-11-24T12:00:00Z")).toISOString()).toBe("2029-12-31T22:59:59.000Z");
    // Typed with spaces, without hyphens or across lines, a code is read as printed (D488).
    for (const typed of ["puam duty 9hmv pnmt", "PUAMDUTY9HMVPNMT", " PUAM-DUTY 9HMV–PNMT\n"])
      expect(printedGiftCardCode(typed).toUpperCase(), typed).toBe("PUAM-DUTY-9HMV-PNMT");
    expect(printedGiftCardCode(" WELCOME10 ")).toBe("WELCOME10");
  });

  it("a gift card in the cart names no place, though its page has a house (a voucher is not attended)", async () => {
    const parent = await createParent(t.db);
    const page = await pageBySlug(t.db, GIFT_CARD);
    expect(page.page.locationId).not.toBeNull();
    const added = await addOwnAmountCard(parent.headers);
    expect(added.json().terms).toMatchObject({ house: null });
    const terms = await t.call("GET", "/api/v2/orders/terms/", {
      headers: parent.headers,
      query: { product_page: String(page.page.id), purchase_option: String(page.options[0]?.id) },
    });
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json()).toMatchObject({ house: null });
  });

  it("a paid gift card order creates the card with a ledger entry and mails it as a PDF", async () => {
    const { parent, card } = await buyGiftCard();
    expect(card.balanceCents).toBe(card.initialCents);
    const ledger = await t.db.select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, card.id));
    expect(ledger.map((row) => [row.kind, row.amountCents])).toEqual([["issue", card.initialCents]]);
    const email = (await t.call("GET", "/api/v2/users/me/", { headers: parent.headers })).json().email;
    const mail = (await t.mailsTo(email)).find((m) => m.template === "gift-card");
    expect(mail?.text).toContain(card.code);
    expect(mail?.attachments).toEqual([
      { kind: "gift-card-pdf", giftCardId: card.id, filename: `Gutschein-${card.code}.pdf` },
    ]);
  });

  it("a second parent redeems it through the promocode field in two orders until the balance is zero", async () => {
    const { card, parent: buyer } = await buyGiftCard();
    // The buyer's history shows the card's code and what is left, as each payment leaves it (D606).
    const historyCard = async () => {
      const history = await t.call("GET", "/api/v2/orders/items/history/", { headers: buyer.headers });
      expect(history.statusCode, history.body).toBe(200);
      return history.json().find((item: { gift_card: unknown }) => item.gift_card !== null)?.gift_card;
    };
    expect(await historyCard()).toEqual({
      code: card.code,
      initial_cents: card.initialCents,
      balance_cents: card.initialCents,
      // The last day in Berlin: three years to the end of the year it was bought in.
      valid_until: card.expiresAt ? berlinDate(card.expiresAt) : null,
      deactivated: false,
    });
    let remaining = card.initialCents;
    for (let order = 0; remaining > 0 && order < 5; order++) {
      const parent = await t.parentWithCourse(order % 3);
      const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
        headers: parent.headers,
        // Typed as people type it: small letters, spaces for hyphens, or all in one (D488).
        body: {
          promocode: [
            card.code.toLowerCase().replaceAll("-", " "),
            card.code.replaceAll("-", ""),
            card.code.toLowerCase(),
          ][order % 3],
        },
      });
      expect(set.statusCode, set.body).toBe(200);
      const cart = set.json();
      const due = cart.total_price_cents - cart.total_discount_cents;
      expect(cart.gift_card.applied_cents).toBe(Math.min(remaining, due));
      expect(cart.total_checkout_price_cents).toBe(due - cart.gift_card.applied_cents);
      const staged = await t.fulfil(parent.headers);
      expect(staged.statusCode, staged.body).toBe(200);
      if (cart.total_checkout_price_cents > 0) {
        const sent = t.standIn.orders.get(staged.json().id)?.request as {
          purchase_units: { amount: { value: string } }[];
        };
        expect(sent.purchase_units[0]?.amount.value).toBe(cart.total_checkout_price);
        t.standIn.approve(staged.json().id);
        expect((await t.capture(parent.headers, staged.json().id)).json().status).toBe("payment_fulfilled");
      }
      remaining -= cart.gift_card.applied_cents;
      expect(await balanceOf(card.id)).toBe(remaining);
      expect((await historyCard())?.balance_cents).toBe(remaining);
    }
    expect(remaining).toBe(0);
    const parent = await t.parentWithCourse(0);
    const empty = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: card.code },
    });
    expect(empty.json().error_codes).toEqual({ promocode: ["gift_card_empty"] });
  });

  it("a card pays for no other card, set on a cart that holds one or with one added after it (D612)", async () => {
    const { card } = await buyGiftCard();
    const parent = await createParent(t.db);
    await addOwnAmountCard(parent.headers);
    const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: card.code },
    });
    expect(set.statusCode, set.body).toBe(400);
    expect(set.json().error_codes).toEqual({ promocode: ["gift_card_pays_no_gift_card"] });
    expect(await balanceOf(card.id)).toBe(card.initialCents);
    // A course first, the card on it, then a card to buy: refused at the offer.
    const other = await t.parentWithCourse(0);
    const onCourse = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: other.headers,
      body: { promocode: card.code },
    });
    expect(onCourse.statusCode, onCourse.body).toBe(200);
    const page = await pageBySlug(t.db, GIFT_CARD);
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: other.headers,
      body: { product_page: page.page.id, purchase_option: page.options[0]?.id },
    });
    expect(added.statusCode, added.body).toBe(400);
    expect(added.json().error_codes).toEqual({ product_page: ["gift_card_pays_no_gift_card"] });
  });

  it("a card set on a cart that a sign-in then merges a gift card into is taken off (D612)", async () => {
    const { card } = await buyGiftCard();
    const parent = await t.parentWithCourse(0);
    const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: card.code },
    });
    expect(set.json().gift_card, set.body).not.toBeNull();
    // As a guest, the same parent put a gift card into a cart of their own.
    const guestCart = (await t.call("POST", "/api/v2/orders/init/")).json().cart_id as string;
    const page = await pageBySlug(t.db, GIFT_CARD);
    const added = await t.call("POST", "/api/v2/orders/items/", {
      query: { cart_id: guestCart },
      body: { product_page: page.page.id, purchase_option: page.options[0]?.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    const merged = await t.call("GET", "/api/v2/orders/current/", {
      headers: parent.headers,
      query: { cart_id: guestCart },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().items).toHaveLength(2);
    expect(merged.json().gift_card).toBeNull();
    expect(merged.json().total_checkout_price_cents).toBe(
      merged.json().total_price_cents - merged.json().total_discount_cents,
    );
  });

  it("a card's code set beside a promocode: the reply shows both as the cart's next read does (D472)", async () => {
    const { card } = await buyGiftCard();
    const parent = await t.parentWithCourse(0);
    const setCode = (promocode: string) =>
      t.call("PUT", "/api/v2/orders/current/set_promocode/", {
        headers: parent.headers,
        body: { promocode },
      });
    expect((await setCode("WELCOME10")).statusCode).toBe(200);
    const set = await setCode(card.code);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ promocode: "WELCOME10", gift_card: { code: card.code } });
    const read = await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers });
    expect(set.json()).toEqual(read.json());
  });

  it("a promocode discounts the course beside a gift card, never the card; the card holds what its line cost and is named by it (D482, D485)", async () => {
    const parent = await t.parentWithCourse(0);
    const card = await addOwnAmountCard(parent.headers);
    const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: "WELCOME10" },
    });
    expect(set.statusCode, set.body).toBe(200);
    const cart = set.json();
    const cardLine = cart.items.find((item: { id: number }) => item.id === card.json().id);
    const courseLine = cart.items.find((item: { id: number }) => item.id !== card.json().id);
    expect(cardLine).toMatchObject({
      list_price_cents: 30_000,
      discount_amount_cents: 0,
      calculated_price_cents: 30_000,
    });
    expect(cart.total_discount_cents).toBe(Math.round(courseLine.list_price_cents / 10));
    expect(cart.total_checkout_price_cents).toBe(
      courseLine.list_price_cents - cart.total_discount_cents + 30_000,
    );

    // A change of the card (its greeting) answers the same name (D485).
    const greeted = await t.call("PATCH", `/api/v2/orders/items/${card.json().id}/`, {
      headers: parent.headers,
      body: { comment: "Alles Gute, Oma!" },
    });
    expect(greeted.statusCode, greeted.body).toBe(200);
    expect(greeted.json().purchase_option_name).toBe("Gutschein über 300 €");

    const { id } = (await t.fulfil(parent.headers)).json();
    t.standIn.approve(id);
    expect((await t.capture(parent.headers, id)).json().status).toBe("payment_fulfilled");
    const [issued] = await t.db.select().from(giftCards).where(eq(giftCards.buyerUserId, parent.id));
    expect(issued).toMatchObject({ initialCents: 30_000, balanceCents: 30_000 });

    // Named by its own amount, not by the 25 € option the form sends it through (D485): in the reply, the
    // cart, the parent's history and the order's mail.
    expect(card.json().purchase_option_name).toBe("Gutschein über 300 €");
    expect(cardLine.purchase_option_name).toBe("Gutschein über 300 €");
    const history = await t.call("GET", "/api/v2/orders/items/history/", {
      headers: parent.headers,
      query: { locale: "ru" },
    });
    const bought = history.json().find((item: { id: number }) => item.id === card.json().id);
    expect(bought.purchase_option.name).toBe("Сертификат на 300 €");
    const email = (await t.call("GET", "/api/v2/users/me/", { headers: parent.headers })).json().email;
    const confirmation = (await t.mailsTo(email)).find((m) => m.template === "order-confirmation");
    expect(confirmation?.text).toContain("Gutschein über 300 €");
    expect(confirmation?.text).not.toContain("Gutschein über 25 €");

    // A cart of gift cards only: the code has nothing to discount, said in the parent's language.
    const buyer = await createParent(t.db);
    await addOwnAmountCard(buyer.headers);
    const refused = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: buyer.headers,
      query: { locale: "de" },
      body: { promocode: "WELCOME10" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      promocode: ["Dieser Gutscheincode gilt für keinen Artikel im Warenkorb."],
      error_codes: { promocode: ["promocode_not_applicable"] },
    });
    const after = (await t.call("GET", "/api/v2/orders/current/", { headers: buyer.headers })).json();
    expect(after).toMatchObject({
      promocode: null,
      total_discount_cents: 0,
      total_checkout_price_cents: 30_000,
    });
  });

  it("a cancelled checkout gives the card's amount back", async () => {
    const { card } = await buyGiftCard();
    const parent = await t.parentWithCourse(1);
    await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: card.code },
    });
    const { id } = (await t.fulfil(parent.headers)).json();
    expect(await balanceOf(card.id)).toBeLessThan(card.initialCents);
    await t.call("POST", `/api/v2/orders/${id}/cancel_payment/`, { headers: parent.headers });
    expect(await balanceOf(card.id)).toBe(card.initialCents);
  });

  it("a reservation with a gift card part given back to the cart when it ran out: the card keeps its balance, a late approval takes nothing (D631)", async () => {
    const { card } = await buyGiftCard();
    const parent = await t.parentWithCourse(2);
    await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: card.code },
    });
    const staged = (await t.fulfil(parent.headers)).json();
    // The card pays part: the rest is PayPal's to take.
    expect(staged.id).not.toBe(String(staged.order_id));
    expect(await balanceOf(card.id)).toBeLessThan(card.initialCents);
    // The existing front end reads the cart after `fulfill`: a new, empty cart the items will move into.
    expect(
      (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json().items,
    ).toEqual([]);
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, staged.order_id));
    await t.app.paymentWorker.runOnce();
    expect(await balanceOf(card.id)).toBe(card.initialCents);
    const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(cart.items).toHaveLength(1);
    expect(cart.gift_card?.code).toBe(card.code);
    t.standIn.approve(staged.id);
    const late = await t.capture(parent.headers, staged.id);
    expect(late.json().error_codes).toEqual({ non_field_errors: ["order_not_payable"] });
    expect(t.standIn.orders.get(staged.id)?.status).toBe("APPROVED");
    expect(await balanceOf(card.id)).toBe(card.initialCents);
  });

  it("a cart whose card another order spent meanwhile shows what the card pays now, and the checkout charges that", async () => {
    const { card } = await buyGiftCard();
    const [first, second] = [await t.parentWithCourse(0), await t.parentWithCourse(1)];
    const carts = [];
    for (const parent of [first, second]) {
      const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
        headers: parent.headers,
        body: { promocode: card.code },
      });
      expect(set.statusCode, set.body).toBe(200);
      carts.push(set.json());
    }
    expect(carts[0].gift_card.applied_cents).toBeGreaterThan(0);
    const spent = await t.fulfil(second.headers);
    expect(spent.statusCode, spent.body).toBe(200);
    const left = (await balanceOf(card.id)) ?? 0;
    expect(left).toBe(card.initialCents - carts[1].gift_card.applied_cents);

    const read = (await t.call("GET", "/api/v2/orders/current/", { headers: first.headers })).json();
    const due = carts[0].total_price_cents - carts[0].total_discount_cents;
    expect(read.gift_card).toMatchObject({ applied_cents: Math.min(left, due), balance_cents: left });
    expect(read.total_checkout_price_cents).toBe(due - Math.min(left, due));
    const sum = read.items.reduce(
      (cents: number, item: { calculated_price: string }) =>
        cents + Math.round(Number(item.calculated_price) * 100),
      0,
    );
    expect(sum).toBe(read.total_checkout_price_cents);
    const staged = await t.fulfil(first.headers);
    expect(staged.statusCode, staged.body).toBe(200);
    const sent = t.standIn.orders.get(staged.json().id)?.request as {
      purchase_units: { amount: { value: string } }[];
    };
    expect(sent.purchase_units[0]?.amount.value).toBe(read.total_checkout_price);
  });

  it("two orders spending one card at once never take more than its balance", async () => {
    const { card } = await buyGiftCard();
    const parents = await Promise.all(Array.from({ length: 6 }, (_, i) => t.parentWithCourse(i % 3)));
    for (const parent of parents)
      await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
        headers: parent.headers,
        body: { promocode: card.code },
      });
    const replies = await Promise.all(parents.map((parent) => t.fulfil(parent.headers)));
    expect(
      replies.map((reply) => `${reply.statusCode} ${reply.statusCode === 200 ? "" : reply.body}`),
    ).toEqual(replies.map(() => "200 "));
    const ledger = await t.db.select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, card.id));
    const spent = -ledger
      .filter((row) => row.kind === "redeem")
      .reduce((sum, row) => sum + row.amountCents, 0);
    expect(spent).toBe(card.initialCents);
    expect(await balanceOf(card.id)).toBe(0);
  }, 60_000);
});
