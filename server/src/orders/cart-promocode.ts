import type { Locale } from "@atelier/contract";
import { allInOrder, askTogether, type Tx } from "../db/index.ts";
import { findGiftCardByCode, giftCardUnusable } from "../gift-cards/index.ts";
import { type CodeAndCard, planReprice, withPlannedDiscounts, writePlan } from "./cart-reprice.ts";
import { type CartDeps, fail, promocodeUsable, promocodeUsedUp } from "./cart-shared.ts";
import { cartLines } from "./cart-transfer.ts";
import {
  type CartItemRow,
  type CartLine,
  type CartRow,
  findCartItems,
  findPromocodeWithUses,
  type PromocodeRow,
} from "./order.repository.ts";

/** What setting a code answers: the code and card as read, and with `itemsIn` the cart's items as written. */
export type CodeApplied = CodeAndCard & { items?: CartItemRow[] };

/**
 * The shop's one promocode rule (also a gift card's code, as the one field takes both): checked against
 * the cart (active, in its dates, uses left, minimum total, product types) and applied by repricing;
 * refused at `promocode`. The cart's `set_promocode` and a booking by phone (D316) both run it. The cart is
 * priced before anything is written, so a code that does not apply writes nothing (D470); with `last` the
 * cart's one write goes out with the transaction's commit (D455). Answers the cart's code and card as read,
 * for the reply (D472); with `itemsIn` (a language) also the cart's items as written, read in the same write
 * to PostgreSQL as the cart's (on PGlite one after the other, D479), so that the reply reads nothing after
 * the commit.
 */
export async function applyCode(
  deps: Pick<CartDeps, "siblingDiscountPercent">,
  tx: Tx,
  cart: CartRow,
  promocode: string,
  { last = false, itemsIn }: { last?: boolean; itemsIn?: Locale } = {},
): Promise<CodeApplied> {
  /**
   * The cart priced with its code and card as now set, and written. A code being set (`code`) must apply
   * to the cart; a code already on it stays when a gift card is set, whatever it gives now.
   */
  const apply = async (code?: PromocodeRow, lines?: CartLine[]) => {
    const plan = await planReprice(deps, tx, cart, lines ?? (await cartLines(tx, cart)), code);
    const outcome = plan.priced.promocode;
    if (code && (outcome === "promocode_min_total" || outcome === "promocode_not_applicable"))
      throw fail("promocode", outcome);
    const shown = { code: plan.code, card: plan.card };
    if (!itemsIn) {
      await writePlan(tx, cart, plan, { last });
      return shown;
    }
    // The items are read right before the cart's write, in its write to PostgreSQL and under the cart's
    // lock; of what the reply shows, the write changes only their discounts, which the plan holds (D479).
    const [items] = await askTogether(tx, () =>
      allInOrder([findCartItems(tx, cart.id, itemsIn), writePlan(tx, cart, plan, { last })]),
    );
    return { ...shown, items: withPlannedDiscounts(items, plan) };
  };
  if (promocode === "") {
    cart.promocodeId = null;
    cart.giftCardId = null;
    return apply();
  }
  const found = await findPromocodeWithUses(tx, promocode, cart.userId);
  if (!found) {
    // The one code field also takes gift cards (the existing client has no other).
    const card = await findGiftCardByCode(tx, promocode);
    if (!card) throw fail("promocode", "promocode_invalid");
    const unusable = giftCardUnusable(card);
    if (unusable) throw fail("promocode", unusable);
    // A card pays for the school's offers, not for another card (D612): bought with it, a card the school
    // gave for a few weeks would become one of three years, and its deactivation would miss the new one.
    const lines = await cartLines(tx, cart);
    if (lines.some((line) => line.productType === "GiftCard"))
      throw fail("promocode", "gift_card_pays_no_gift_card");
    cart.giftCardId = card.id;
    return apply(undefined, lines);
  }
  const { code, used } = found;
  const unusable = promocodeUsable(code, new Date());
  if (unusable) throw fail("promocode", unusable);
  if (promocodeUsedUp(code, used)) throw fail("promocode", "promocode_used_up");
  cart.promocodeId = code.id;
  return apply(code);
}
