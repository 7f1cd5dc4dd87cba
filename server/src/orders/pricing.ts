import { BOOKING_RULES, type ProductType, promocodeCovers, type ScheduleType } from "@atelier/contract";

/**
 * Discounts and totals of a cart, computed from the items' list prices (snapshots from the catalogue,
 * taken when each item was added). Pure: the cart service stores what this returns.
 */

export type PricingItem = {
  id: number;
  productType: ProductType;
  scheduleType: ScheduleType;
  /** "v12" for a saved visitor, "g3" for a guest's local one, null for a gift card. */
  childKey: string | null;
  /** Due now, before discounts. */
  listCents: number;
  /** Monthly, before discounts (0 for one-off items). */
  recurrentListCents: number;
};

export type PricingPromocode = {
  percentOff: number | null;
  amountOffCents: number | null;
  /** Empty: every product type a code can discount (never a gift card, `promocodeCovers`). */
  productTypes: readonly ProductType[];
  minTotalCents: number;
};

export type PricedItem = {
  id: number;
  siblingDiscountCents: number;
  promocodeDiscountCents: number;
  recurrentDiscountCents: number;
};

export type PromocodeOutcome = "applied" | "none" | "promocode_min_total" | "promocode_not_applicable";

export type PricedCart = {
  items: PricedItem[];
  promocode: PromocodeOutcome;
  totalPriceCents: number;
  discountCents: number;
  totalCheckoutCents: number;
  totalRecurrentCents: number;
};

export type PricingOptions = {
  siblingDiscountPercent: number;
  promocode: PricingPromocode | null;
  /** Children (childKey) who already have a running course subscription from an earlier order. */
  childrenWithSubscription?: ReadonlySet<string>;
};

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/**
 * The sibling discount (D25): the family's first child pays full price for their course subscriptions,
 * the second and every further child get `siblingDiscountPercent` off theirs, now and monthly. The
 * first child is one who already has a running subscription, else the child whose subscriptions in
 * this cart cost the most (the earliest added on a tie), so the discount goes to the cheaper ones.
 */
function siblingDiscounted(items: readonly PricingItem[], existing: ReadonlySet<string>): Set<number> {
  const byChild = new Map<string, { total: number; firstId: number; ids: number[] }>();
  for (const item of items) {
    if (!BOOKING_RULES[item.scheduleType].recurring || item.childKey === null) continue;
    const child = byChild.get(item.childKey) ?? { total: 0, firstId: item.id, ids: [] };
    child.total += item.recurrentListCents;
    child.firstId = Math.min(child.firstId, item.id);
    child.ids.push(item.id);
    byChild.set(item.childKey, child);
  }
  const children = [...byChild.entries()];
  // With a running subscription in the family, that child is the first one (full price), and a family
  // whose first child is not in this cart gets the discount on every child here.
  let first: string | undefined;
  if (existing.size > 0) first = children.find(([key]) => existing.has(key))?.[0];
  else first = children.sort(([, a], [, b]) => b.total - a.total || a.firstId - b.firstId)[0]?.[0];
  const discounted = new Set<number>();
  for (const [key, child] of children) {
    if (key !== first) for (const id of child.ids) discounted.add(id);
  }
  return discounted;
}

/**
 * Splits `total` cents over `bases` in proportion, so that the parts add up to `total` exactly and
 * none exceeds its base (largest remainder; `total` must not exceed the sum of the bases).
 */
export function allocate(total: number, bases: readonly number[]): number[] {
  const sum = bases.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return bases.map(() => 0);
  const exact = bases.map((base) => (total * base) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    if ((parts[index] ?? 0) < (bases[index] ?? 0)) {
      parts[index] = (parts[index] ?? 0) + 1;
      left -= 1;
    }
  }
  return parts;
}

export function priceCart(items: readonly PricingItem[], options: PricingOptions): PricedCart {
  const discounted = siblingDiscounted(items, options.childrenWithSubscription ?? new Set());
  const priced: PricedItem[] = items.map((item) => {
    const sibling = discounted.has(item.id);
    return {
      id: item.id,
      siblingDiscountCents: sibling ? percentOf(item.listCents, options.siblingDiscountPercent) : 0,
      promocodeDiscountCents: 0,
      recurrentDiscountCents: sibling
        ? percentOf(item.recurrentListCents, options.siblingDiscountPercent)
        : 0,
    };
  });

  let promocode: PromocodeOutcome = "none";
  const promo = options.promocode;
  if (promo) {
    const eligible = items
      .map((item, index) => ({ item, index }))
      .filter(({ item }) => promocodeCovers(promo.productTypes, item.productType));
    const bases = eligible.map(
      ({ item, index }) => item.listCents - (priced[index]?.siblingDiscountCents ?? 0),
    );
    const base = bases.reduce((a, b) => a + b, 0);
    if (eligible.length === 0 || base === 0) promocode = "promocode_not_applicable";
    else if (base < promo.minTotalCents) promocode = "promocode_min_total";
    else {
      const total =
        promo.percentOff !== null
          ? percentOf(base, promo.percentOff)
          : Math.min(promo.amountOffCents ?? 0, base);
      const parts = allocate(total, bases);
      eligible.forEach(({ index }, i) => {
        const target = priced[index];
        if (target) target.promocodeDiscountCents = parts[i] ?? 0;
      });
      promocode = "applied";
    }
  }

  let totalPriceCents = 0;
  let discountCents = 0;
  let totalRecurrentCents = 0;
  items.forEach((item, index) => {
    const p = priced[index];
    if (!p) return;
    totalPriceCents += item.listCents;
    discountCents += p.siblingDiscountCents + p.promocodeDiscountCents;
    totalRecurrentCents += item.recurrentListCents - p.recurrentDiscountCents;
  });
  return {
    items: priced,
    promocode,
    totalPriceCents,
    discountCents,
    totalCheckoutCents: totalPriceCents - discountCents,
    totalRecurrentCents,
  };
}
