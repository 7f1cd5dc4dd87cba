import { BOOKING_RULES } from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { findGiftCard, giftCardShare } from "../gift-cards/index.ts";
import {
  type CartDeps,
  childKey,
  type PricingRow,
  promocodeUsable,
  toPricingPromocode,
} from "./cart-shared.ts";
import {
  type CartRow,
  findCartLines,
  findChildrenWithSubscription,
  findPromocode,
  updateCart,
  updateCartItem,
} from "./order.repository.ts";
import { priceCart } from "./pricing.ts";

/**
 * Discounts and totals of the cart from its items' catalogue prices; only changed rows are written,
 * and `cart` is brought up to date in place from the row the update returns (so a change need not read
 * the cart again, D387). `known` are the cart's items when the caller has them (the add passes what it
 * read and inserted); otherwise their light lines are read.
 */
export async function reprice(
  { siblingDiscountPercent }: Pick<CartDeps, "siblingDiscountPercent">,
  tx: Tx,
  cart: CartRow,
  known?: PricingRow[],
) {
  const items: PricingRow[] = known ?? (await findCartLines(tx, cart.id));
  const code = cart.promocodeId === null ? undefined : await findPromocode(tx, cart.promocodeId);
  const usable = code && promocodeUsable(code, new Date()) === null ? code : undefined;
  const hasSubscriptions = items.some((item) => BOOKING_RULES[item.scheduleType].recurring);
  const running =
    hasSubscriptions && cart.userId !== null ? await findChildrenWithSubscription(tx, cart.userId) : [];
  const priced = priceCart(
    items.map((item) => ({
      id: item.id,
      productType: item.productType,
      scheduleType: item.scheduleType,
      childKey: childKey(item),
      listCents: item.calculatedPriceCents,
      recurrentListCents: item.recurrentPriceCents,
    })),
    {
      siblingDiscountPercent,
      promocode: usable ? toPricingPromocode(usable) : null,
      childrenWithSubscription: new Set(running.map((id) => `v${id}`)),
    },
  );
  for (const [index, item] of items.entries()) {
    const next = priced.items[index];
    if (!next) continue;
    if (
      next.siblingDiscountCents !== item.siblingDiscountCents ||
      next.promocodeDiscountCents !== item.promocodeDiscountCents ||
      next.recurrentDiscountCents !== item.recurrentDiscountCents
    ) {
      await updateCartItem(tx, item.id, {
        siblingDiscountCents: next.siblingDiscountCents,
        promocodeDiscountCents: next.promocodeDiscountCents,
        recurrentDiscountCents: next.recurrentDiscountCents,
      });
    }
  }
  // A gift card pays what it can of what is due now (its balance is spent only at checkout).
  const card = cart.giftCardId === null ? undefined : await findGiftCard(tx, cart.giftCardId);
  const giftCardCents = card ? giftCardShare(card, priced.totalCheckoutCents) : 0;
  Object.assign(
    cart,
    await updateCart(tx, cart.id, {
      promocodeId: cart.promocodeId,
      giftCardId: cart.giftCardId,
      giftCardCents,
      totalPriceCents: priced.totalPriceCents,
      discountCents: priced.discountCents,
      totalCheckoutCents: priced.totalCheckoutCents - giftCardCents,
      totalRecurrentCents: priced.totalRecurrentCents,
    }),
  );
  return { ...priced, giftCardCents };
}
