import { CART_MAX_ITEMS, type Locale, type OrderItem, type OrderItemRequest } from "@atelier/contract";
import { commitWith, type Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { checkBooking } from "./cart-check.ts";
import { answerItem, toItem } from "./cart-reply.ts";
import { planReprice } from "./cart-reprice.ts";
import { type CartCaller, type CartDeps, fail, type PricingRow } from "./cart-shared.ts";
import { cartLines, change } from "./cart-transfer.ts";
import {
  type BookableFacts,
  type CartRow,
  insertCartItemWithTotals,
  type OfferShown,
  updateItemDiscounts,
} from "./order.repository.ts";

/**
 * The new item's id while it is priced: above every stored item's id, as the id the insert gives it is
 * (pricing breaks ties between children by their first item's id).
 */
const NEW_ITEM = Number.MAX_SAFE_INTEGER;

/**
 * Checks a booking against the locked cart, adds it and reprices; returns the new item's id. The cart's
 * items are read once, as light lines, for the checks and the reprice (D387); `facts` are the page and
 * option when the caller has read them. The cart is priced with the new item before it is stored, and the
 * item with its discounts, its slots and weeks and the cart's totals are written in one statement (D399);
 * `cart` is brought up to date in place, as `writePlan` does.
 */
export async function addBooking(
  deps: Pick<CartDeps, "siblingDiscountPercent">,
  tx: Tx,
  cart: CartRow,
  request: OrderItemRequest,
  facts?: BookableFacts,
) {
  return (await insertBooking(deps, tx, cart, request, facts)).id;
}

/**
 * `addBooking`, and with `offer` (what the item shows of its page and option) the new item as the cart's
 * read answers it, from the same statement (D399, D468). With `last` the insert is the transaction's last
 * statement and goes out with its commit (D455).
 */
async function insertBooking(
  deps: Pick<CartDeps, "siblingDiscountPercent">,
  tx: Tx,
  cart: CartRow,
  request: OrderItemRequest,
  facts?: BookableFacts,
  offer?: OfferShown,
  last = false,
) {
  const items = await cartLines(tx, cart);
  if (items.length >= CART_MAX_ITEMS) throw AppError.validation("non_field_errors", "cart_full");
  const booking = await checkBooking(tx, cart, request, items, null, undefined, facts);
  const added: PricingRow = {
    ...booking,
    id: NEW_ITEM,
    siblingDiscountCents: 0,
    promocodeDiscountCents: 0,
    recurrentDiscountCents: 0,
  };
  const plan = await planReprice(deps, tx, cart, [...items, added]);
  const own = plan.items.find((change) => change.id === NEW_ITEM);
  const updatedAt = new Date();
  await updateItemDiscounts(
    tx,
    cart.id,
    plan.items.filter((change) => change !== own),
    updatedAt,
  );
  const insert = () =>
    insertCartItemWithTotals(
      tx,
      {
        orderId: cart.id,
        ...booking,
        siblingDiscountCents: own?.siblingDiscountCents ?? 0,
        promocodeDiscountCents: own?.promocodeDiscountCents ?? 0,
        recurrentDiscountCents: own?.recurrentDiscountCents ?? 0,
      },
      plan.cart,
      updatedAt,
      offer,
    );
  const inserted = await (last ? commitWith(tx, insert) : insert());
  Object.assign(cart, plan.cart, { updatedAt });
  return inserted;
}

/**
 * `POST /orders/items/`: a parent's add, answered with the item as committed. The add's statement answers
 * the item too (D399); only when the cart's gift card pays part of it is the cart read again after the
 * commit, since the card's share is spread over all its items (D223).
 */
export async function addItem(
  deps: CartDeps,
  caller: CartCaller,
  request: OrderItemRequest,
  locale: Locale,
): Promise<OrderItem> {
  // The cart's lines go with its lock and the commit with the insert: two writes to PostgreSQL (D455).
  const { cart, result } = await change(
    deps,
    caller,
    locale,
    async (tx, cart) => {
      // A birthday party is asked for and staff confirm it into an order (D158, D160); a parent's cart
      // never takes one, or it would skip the school's answer (D180). Staff orders add it through
      // `addBooking`. The page and option read here are the ones the booking is checked against (D387).
      const facts = await deps.bookable(tx, request.product_page, request.purchase_option);
      if (!facts) throw fail("product_page", "product_not_found");
      if (facts.page.productType === "BirthdayParty") throw fail("product_page", "party_by_request");
      if (facts.page.productType === "GiftCard" && cart.giftCardId !== null)
        throw fail("product_page", "gift_card_pays_no_gift_card");
      // The reply's page and option come from a kept read, so the add's statement reads only the item's
      // own child, slots and weeks (D468). An option of another page is refused by the checks; it has none.
      // A gift card of an amount of its own is named by that amount (D485), which the kept read of its
      // option does not know: its reply is read with the item after the commit.
      const ownAmount = request.gift_card && request.gift_card.amount_cents !== facts.option?.basePriceCents;
      const offer = ownAmount
        ? undefined
        : await deps.offerShown(tx, request.product_page, request.purchase_option, locale);
      // Nothing runs in the transaction after the insert, so its commit goes with it.
      return insertBooking(deps, tx, cart, request, facts, offer, true);
    },
    true,
  );
  if (result.row && cart.giftCardCents === 0) return toItem(deps.media, result.row, 0);
  const item = await answerItem(deps, cart, result.id, locale);
  if (!item) throw AppError.notFound();
  return item;
}
