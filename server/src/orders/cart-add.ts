import { CART_MAX_ITEMS, type Locale, type OrderItem, type OrderItemRequest } from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { checkBooking } from "./cart-check.ts";
import { answerItem } from "./cart-reply.ts";
import { reprice } from "./cart-reprice.ts";
import { type CartCaller, type CartDeps, fail, type PricingRow } from "./cart-shared.ts";
import { change } from "./cart-transfer.ts";
import { type BookableFacts, type CartRow, findCartLines, insertCartItem } from "./order.repository.ts";

/**
 * Checks a booking against the locked cart, adds it and reprices; returns the new item's id. The cart's
 * items are read once, as light lines, for the checks and the reprice (D387); `facts` are the page and
 * option when the caller has read them.
 */
export async function addBooking(
  deps: Pick<CartDeps, "siblingDiscountPercent">,
  tx: Tx,
  cart: CartRow,
  request: OrderItemRequest,
  facts?: BookableFacts,
) {
  const items = await findCartLines(tx, cart.id);
  if (items.length >= CART_MAX_ITEMS) throw AppError.validation("non_field_errors", "cart_full");
  const booking = await checkBooking(tx, cart, request, items, null, undefined, facts);
  const id = await insertCartItem(tx, { orderId: cart.id, ...booking });
  const added: PricingRow = {
    ...booking,
    id,
    siblingDiscountCents: 0,
    promocodeDiscountCents: 0,
    recurrentDiscountCents: 0,
  };
  await reprice(deps, tx, cart, [...items, added]);
  return id;
}

/** `POST /orders/items/`: a parent's add, answered with the item as committed. */
export async function addItem(
  deps: CartDeps,
  caller: CartCaller,
  request: OrderItemRequest,
  locale: Locale,
): Promise<OrderItem> {
  const { cart, result: itemId } = await change(deps, caller, locale, async (tx, cart) => {
    // A birthday party is asked for and staff confirm it into an order (D158, D160); a parent's cart
    // never takes one, or it would skip the school's answer (D180). Staff orders add it through
    // `addBooking`. The page and option read here are the ones the booking is checked against (D387).
    const facts = await deps.bookable(tx, request.product_page, request.purchase_option);
    if (!facts) throw fail("product_page", "product_not_found");
    if (facts.page.productType === "BirthdayParty") throw fail("product_page", "party_by_request");
    return addBooking(deps, tx, cart, request, facts);
  });
  const item = await answerItem(deps, cart, itemId, locale);
  if (!item) throw AppError.notFound();
  return item;
}
