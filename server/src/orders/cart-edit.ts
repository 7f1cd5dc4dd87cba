import type { Locale, OrderItem, OrderItemPatch } from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { checkBooking } from "./cart-check.ts";
import { answerItem, toItem } from "./cart-reply.ts";
import { planReprice, writePlan } from "./cart-reprice.ts";
import { type CartCaller, type CartDeps, giftCardRequestOf } from "./cart-shared.ts";
import { cartLines, change } from "./cart-transfer.ts";
import { type CartRow, replaceItemChoices } from "./order.repository.ts";

/** The cart's lines (read with its lock), the one of `itemId` and the others; 404 when the cart has no such item. */
async function lineOf(tx: Tx, cart: CartRow, itemId: number) {
  const items = await cartLines(tx, cart);
  const item = items.find((candidate) => candidate.id === itemId);
  if (!item) throw AppError.notFound();
  return { items, item, others: items.filter((other) => other.id !== itemId) };
}

/**
 * `PATCH /orders/items/:id/`: the item's child, slots, weeks or comment changed, checked as an add is. The
 * cart's lines go with its lock, and the item's changes with the reprice's write and the commit (D455, D470,
 * D476); the page and option are the add's kept reads (D389, D468), and the reply is the item as written
 * (D477).
 */
export async function updateItem(
  deps: CartDeps,
  caller: CartCaller,
  itemId: number,
  patch: OrderItemPatch,
  locale: Locale,
): Promise<OrderItem> {
  const { cart, result } = await change(
    deps,
    caller,
    locale,
    async (tx, cart) => {
      const { items, item, others } = await lineOf(tx, cart, itemId);
      const facts = await deps.bookable(tx, item.productPageId, item.purchaseOptionId);
      const booking = await checkBooking(
        tx,
        cart,
        {
          product: null,
          product_page: item.productPageId,
          purchase_option: item.purchaseOptionId,
          visitor: patch.visitor !== undefined ? patch.visitor : (item.visitorId ?? item.guestVisitorRef),
          schedule_slots: patch.schedule_slots ?? item.slots.map((slot) => slot.id),
          academy_weeks: patch.academy_weeks ?? item.weeks.map((week) => week.id),
          academy_number_of_weeks: patch.academy_number_of_weeks ?? null,
          comment: patch.comment ?? item.comment,
          gift_card: giftCardRequestOf(item),
        },
        others,
        patch.visitor === undefined ? item.guestVisitorRef : null,
        undefined,
        facts,
      );
      const { slotIds, weekIds, productPageId, productType, purchaseOptionId, scheduleType, ...changes } =
        booking;
      await replaceItemChoices(tx, itemId, {
        ...(patch.schedule_slots ? { slotIds } : {}),
        ...(patch.academy_weeks ? { weekIds } : {}),
      });
      // What the reply shows of the page and option: the add's kept read (D468); a gift card of an amount of
      // its own is named by that amount (D485), which only the item's read after the commit knows.
      const ownAmount =
        item.productType === "GiftCard" && item.calculatedPriceCents !== facts?.option?.basePriceCents;
      const offer = ownAmount
        ? undefined
        : await deps.offerShown(tx, item.productPageId, item.purchaseOptionId, locale);
      // The cart priced as it will be: the item with its changes. Its discounts are still the stored ones,
      // which the plan compares the new ones with. The item's changes go with the reprice's write and the
      // commit (D476), which answers the item's child, slots and weeks (D477).
      // Its slots and weeks as stored: a change that names none keeps them (a dated item checked with the
      // next session, when it has none stored, does not store that session either).
      const edited = {
        ...item,
        ...changes,
        slotIds: patch.schedule_slots ? slotIds : item.slots.map((slot) => slot.id),
        weekIds: patch.academy_weeks ? weekIds : item.weeks.map((week) => week.id),
      };
      const lines = items.map((line) => (line.id === itemId ? edited : line));
      const written = await writePlan(tx, cart, await planReprice(deps, tx, cart, lines), {
        edited,
        last: true,
      });
      return written && offer ? { ...written, ...offer } : undefined;
    },
    true,
  );
  // Only when the cart's gift card pays part of the item is the cart read again: the card's share is
  // spread over all its items (D223).
  if (result && cart.giftCardCents === 0) return toItem(deps.media, result, 0);
  const item = await answerItem(deps, cart, itemId, locale);
  if (!item) throw AppError.notFound();
  return item;
}

/**
 * Removes an item; with `productPageId` (delete_course) only when it books that page. Two writes to
 * PostgreSQL, as an add (D455, D470): the cart's lines go with its lock; the item's removal, the others'
 * new discounts and the cart's totals go in one statement with the commit.
 */
export async function removeItem(
  deps: CartDeps,
  caller: CartCaller,
  itemId: number,
  locale: Locale,
  productPageId?: number,
): Promise<void> {
  await change(
    deps,
    caller,
    locale,
    async (tx, cart) => {
      const { item, others } = await lineOf(tx, cart, itemId);
      if (productPageId !== undefined && item.productPageId !== productPageId) throw AppError.notFound();
      const plan = await planReprice(deps, tx, cart, others);
      await writePlan(tx, cart, plan, { removed: [itemId], last: true });
    },
    true,
  );
}
