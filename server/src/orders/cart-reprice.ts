import { BOOKING_RULES } from "@atelier/contract";
import { commitWith, type Tx } from "../db/index.ts";
import { findGiftCard, type GiftCardRow, giftCardShare } from "../gift-cards/index.ts";
import {
  type CartDeps,
  childKey,
  codeUsedUp,
  type PricingRow,
  promocodeUsable,
  toPricingPromocode,
} from "./cart-shared.ts";
import {
  type CartRow,
  type CartTotalsChange,
  type EditedItem,
  type EditedShown,
  findCartLines,
  findChildrenWithSubscription,
  findPromocode,
  type PromocodeRow,
  updateItemDiscounts,
  writeRepricedCart,
} from "./order.repository.ts";
import { priceCart } from "./pricing.ts";

/** What a reprice writes: the items whose discounts changed, and the cart's totals, code and card. */
export type RepricePlan = {
  items: {
    id: number;
    siblingDiscountCents: number;
    promocodeDiscountCents: number;
    recurrentDiscountCents: number;
  }[];
  cart: CartTotalsChange;
  priced: ReturnType<typeof priceCart>;
} & CodeAndCard;

/** The cart's code and gift card as a plan read them (or was given the code): what a reply shows of them. */
export type CodeAndCard = { code: PromocodeRow | undefined; card: GiftCardRow | undefined };

/**
 * Prices the cart's items (reading its promocode, a running subscription of the family, its gift card)
 * and says what changes, without writing: the add writes the plan with its new item in one statement
 * (D399); every other change writes it with `writePlan`.
 */
export async function planReprice(
  { siblingDiscountPercent }: Pick<CartDeps, "siblingDiscountPercent">,
  tx: Tx,
  cart: CartRow,
  items: PricingRow[],
  /** The cart's promocode when the caller has just read it (setting a code), so it is not read again. */
  known?: PromocodeRow,
): Promise<RepricePlan> {
  const code =
    cart.promocodeId === null
      ? undefined
      : known?.id === cart.promocodeId
        ? known
        : await findPromocode(tx, cart.promocodeId);
  // A code used up by other orders (or by the family's own, merged from a guest cart) stays on the cart
  // without its discount, as an expired one does (D25, D598); one without limits is not counted (D470), nor
  // one just set, whose uses its setting counted.
  const usable =
    code &&
    promocodeUsable(code, new Date()) === null &&
    (code === known || !(await codeUsedUp(tx, code, cart.userId)))
      ? code
      : undefined;
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
  const changed: RepricePlan["items"] = [];
  for (const [index, item] of items.entries()) {
    const next = priced.items[index];
    if (!next) continue;
    if (
      next.siblingDiscountCents !== item.siblingDiscountCents ||
      next.promocodeDiscountCents !== item.promocodeDiscountCents ||
      next.recurrentDiscountCents !== item.recurrentDiscountCents
    ) {
      changed.push({
        id: item.id,
        siblingDiscountCents: next.siblingDiscountCents,
        promocodeDiscountCents: next.promocodeDiscountCents,
        recurrentDiscountCents: next.recurrentDiscountCents,
      });
    }
  }
  // A gift card pays what it can of what is due now (its balance is spent only at checkout), and nothing of a
  // cart that holds a gift card (D612): a card set before one came in (a sign-in's merge, a payment returned
  // to the cart) is taken off.
  const cardId = items.some((item) => item.productType === "GiftCard") ? null : cart.giftCardId;
  const card = cardId === null ? undefined : await findGiftCard(tx, cardId);
  const giftCardCents = card ? giftCardShare(card, priced.totalCheckoutCents) : 0;
  return {
    items: changed,
    cart: {
      promocodeId: cart.promocodeId,
      giftCardId: cardId,
      giftCardCents,
      totalPriceCents: priced.totalPriceCents,
      discountCents: priced.discountCents,
      totalCheckoutCents: priced.totalCheckoutCents - giftCardCents,
      totalRecurrentCents: priced.totalRecurrentCents,
    },
    priced,
    code,
    card,
  };
}

/**
 * Discounts and totals of the cart from its items' catalogue prices, read as light lines: merging a guest
 * cart and a payment's items back in a cart. Written as every other change writes its plan (`writePlan`);
 * `cart` is brought up to date in place.
 */
export async function reprice(deps: Pick<CartDeps, "siblingDiscountPercent">, tx: Tx, cart: CartRow) {
  await writePlan(tx, cart, await planReprice(deps, tx, cart, await findCartLines(tx, cart.id)));
}

/**
 * Writes a plan, with the items the change takes out or the item it changed, in one statement (D470, D476):
 * the removed items, the changed item with its new discounts, the others' changed discounts and the cart's
 * totals. With `last` it is the transaction's last statement and goes out with its commit (D455). `cart` is
 * brought up to date in place. A changed item is answered as written, with its child's name and its slots
 * and weeks (D477).
 */
export async function writePlan<Edited extends EditedItem>(
  tx: Tx,
  cart: CartRow,
  plan: RepricePlan,
  {
    removed = [],
    edited,
    last = false,
  }: { removed?: readonly number[]; edited?: Edited; last?: boolean } = {},
): Promise<(Edited & EditedShown) | undefined> {
  const updatedAt = new Date();
  // The changed item keeps its stored discounts unless the plan gives it new ones.
  const changed = edited && withPlannedDiscounts([edited], plan)[0];
  const write = () =>
    writeRepricedCart(
      tx,
      cart.id,
      { removed, discounts: plan.items, ...(changed ? { edited: changed } : {}) },
      plan.cart,
      updatedAt,
    );
  const shown = await (last ? commitWith(tx, write) : write());
  Object.assign(cart, plan.cart, { updatedAt });
  // The changed item as written, with what the statement answered of it (D477).
  return changed && shown && { ...changed, ...shown };
}

/**
 * Rows read before a plan was written, as written: each item the plan changes with its new discounts, the
 * others as they were (D479).
 */
export function withPlannedDiscounts<Row extends RepricePlan["items"][number]>(
  rows: Row[],
  plan: RepricePlan,
): Row[] {
  const changed = new Map(plan.items.map((item) => [item.id, item]));
  return rows.map((row) => {
    const discounts = changed.get(row.id);
    return discounts ? { ...row, ...discounts } : row;
  });
}

/**
 * The reprice for staging, which writes the cart's totals in its own update of the order (issue 36: one
 * statement fewer per checkout): the items' changed discounts are written here in one statement, the totals
 * are returned.
 */
export async function repriceItems(
  deps: Pick<CartDeps, "siblingDiscountPercent">,
  tx: Tx,
  cart: CartRow,
  items: PricingRow[],
) {
  const plan = await planReprice(deps, tx, cart, items);
  await updateItemDiscounts(tx, cart.id, plan.items, new Date());
  return { ...plan.priced, giftCardCents: plan.cart.giftCardCents, totals: plan.cart };
}
