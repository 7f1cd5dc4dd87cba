import type { Tx } from "../db/index.ts";
import { findGiftCardByCode, giftCardUnusable } from "../gift-cards/index.ts";
import { reprice } from "./cart-reprice.ts";
import { type CartDeps, fail, promocodeUsable } from "./cart-shared.ts";
import { type CartRow, countRedemptions, findPromocodeByCode } from "./order.repository.ts";

/**
 * The shop's one promocode rule (also a gift card's code, as the one field takes both): checked against
 * the cart (active, in its dates, uses left, minimum total, product types) and applied by repricing;
 * refused at `promocode`. The cart's `set_promocode` and a booking by phone (D316) both run it.
 */
export async function applyCode(
  deps: Pick<CartDeps, "siblingDiscountPercent">,
  tx: Tx,
  cart: CartRow,
  promocode: string,
): Promise<void> {
  if (promocode === "") {
    cart.promocodeId = null;
    cart.giftCardId = null;
    await reprice(deps, tx, cart);
    return;
  }
  const code = await findPromocodeByCode(tx, promocode);
  if (!code) {
    // The one code field also takes gift cards (the existing client has no other).
    const card = await findGiftCardByCode(tx, promocode);
    if (!card) throw fail("promocode", "promocode_invalid");
    const unusable = giftCardUnusable(card);
    if (unusable) throw fail("promocode", unusable);
    cart.giftCardId = card.id;
    await reprice(deps, tx, cart);
    return;
  }
  const unusable = promocodeUsable(code, new Date());
  if (unusable) throw fail("promocode", unusable);
  const used = await countRedemptions(tx, code.id, cart.userId);
  if (
    (code.maxUses !== null && used.total >= code.maxUses) ||
    (code.maxUsesPerUser !== null && used.byUser >= code.maxUsesPerUser)
  )
    throw fail("promocode", "promocode_used_up");
  cart.promocodeId = code.id;
  const priced = await reprice(deps, tx, cart);
  // The transaction rolls back: a code that does not apply is not kept.
  if (priced.promocode === "promocode_min_total" || priced.promocode === "promocode_not_applicable")
    throw fail("promocode", priced.promocode);
}
