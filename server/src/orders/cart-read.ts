import {
  BOOKING_RULES,
  itemListPrice,
  type Locale,
  type Order,
  type PurchaseTerms,
  type PurchaseTermsQuery,
} from "@atelier/contract";
import { type BatchedRead, batchedRead, type Db, sharedSnapshot } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { findGiftCard, giftCardShare } from "../gift-cards/index.ts";
import { orderOf, toOrder } from "./cart-reply.ts";
import { reprice } from "./cart-reprice.ts";
import { type CartCaller, type CartDeps, codeUsedUp, fail } from "./cart-shared.ts";
import { change } from "./cart-transfer.ts";
import type { CurrentOrderReuse, Reply } from "./current-order-reuse.ts";
import {
  type CartFingerprint,
  findCartFingerprints,
  findCartWithItems,
  findPromocode,
  findTermsFacts,
  insertCart,
} from "./order.repository.ts";
import { placeOf, purchaseTerms } from "./purchase-terms.ts";

/** `POST /orders/init/`: a new guest cart, or the signed-in user's cart. */
export async function initCart(
  deps: CartDeps,
  caller: CartCaller,
  locale: Locale,
): Promise<{ cart_id: string }> {
  if (caller.userId !== null) {
    const { cart } = await change(deps, caller, locale, async () => undefined);
    return { cart_id: cart.cartId };
  }
  const cart = await insertCart(deps.db, { userId: null, locale });
  if (!cart) throw new Error("guest cart insert returned no row");
  return { cart_id: cart.cartId };
}

/**
 * `GET /orders/current/`: reads without a lock unless a user's cart must be made or merged. The cart, its
 * items and its promocode come in one round trip (D399); a gift card on the cart is read beside.
 */
export async function currentOrder(deps: CartDeps, caller: CartCaller, locale: Locale): Promise<Order> {
  if (caller.userId === null) {
    const found = caller.cartId
      ? await findCartWithItems(deps.db, { cartId: caller.cartId }, locale)
      : undefined;
    if (!found) throw AppError.notFound();
    return answerRead(deps, caller, locale, found);
  }
  const found = await findCartWithItems(deps.db, { userId: caller.userId }, locale);
  if (found && (!caller.cartId || caller.cartId === found.cart.cartId))
    return answerRead(deps, caller, locale, found);
  const { cart } = await change(deps, caller, locale, async () => undefined);
  return toOrder(deps, cart, locale);
}

/**
 * `GET /orders/current/` as finished bytes (D430): the reply made for the same fingerprint of the cart,
 * catalogue and minute is sent again; otherwise the cart is read as `currentOrder` reads it and `encode`
 * makes the reply, kept for the next read. The fingerprint is read before the reply, so a write between the
 * two makes the kept reply's fingerprint stale, never a stale reply current. While the database's snapshot
 * is the one the kept reply's fingerprint was read under, nothing was committed since and the fingerprint
 * is not read at all (D443). A cart with a gift card applied (its balance is another area's row), one with
 * a code that has limits (other orders may use it up, D598) and a cart to be made or merged are read as
 * before, every time.
 */
export async function currentOrderReply(
  deps: CartDeps,
  reuse: CurrentOrderReuse | undefined,
  fingerprints: CartFingerprints,
  caller: CartCaller,
  locale: Locale,
  encode: (order: Order) => Reply,
): Promise<Reply> {
  const fresh = async () => encode(await currentOrder(deps, caller, locale));
  if (!reuse) return fresh();
  const { userId, cartId } = caller;
  if (userId === null && !cartId) throw AppError.notFound();
  // A UUID names the same cart in either case; the statement answers it in lower case.
  const guestCart = (cartId ?? "").toLowerCase();
  const key = `${userId === null ? `g${guestCart}` : `u${userId}`}:${locale}`;
  const snapshot = await fingerprints.snapshot();
  const unchanged = reuse.unchanged(key, snapshot, Date.now());
  // A parent's reply answers a guest cart named beside it only if it is that cart (else it is merged).
  if (unchanged && (userId === null || !cartId || cartId === unchanged.cartId)) return unchanged.reply;
  const found = await (userId === null ? fingerprints.guest(guestCart) : fingerprints.user(userId));
  if (!found) {
    // No cart: a guest's is not found, a parent's is made by the plain read.
    if (userId === null) throw AppError.notFound();
    return fresh();
  }
  const merge = userId !== null && Boolean(cartId) && cartId !== found.cartId;
  if (found.giftCardId !== null || found.limitedCode || merge) return fresh();
  const now = Date.now();
  const kept = reuse.find(key, found.fingerprint, now, snapshot);
  if (kept) return kept;
  const stamp = reuse.begin(now);
  const reply = await fresh();
  reuse.keep(key, { fingerprint: found.fingerprint, snapshot, cartId: found.cartId }, stamp, reply);
  return reply;
}

/**
 * The fingerprints of guests' and users' carts, each read together with the others asked for at once (D431),
 * and the database's snapshot, read once for the callers asking at the same time (D443).
 */
export type CartFingerprints = {
  guest: BatchedRead<string, CartFingerprint>;
  user: BatchedRead<number, CartFingerprint>;
  snapshot: () => Promise<string>;
};

export function batchedFingerprints(db: Db): CartFingerprints {
  return {
    snapshot: sharedSnapshot(db),
    guest: batchedRead(
      async (cartIds) =>
        new Map((await findCartFingerprints(db, { cartIds })).map((row) => [row.cartId, row])),
    ),
    user: batchedRead(
      async (userIds) =>
        new Map((await findCartFingerprints(db, { userIds })).map((row) => [row.userId ?? 0, row])),
    ),
  };
}

/**
 * The cart as read, or priced again under its lock when its gift card pays another amount now than when the
 * cart was priced: another order spent the card, staff booked money to it, it expired or was deactivated.
 * Else the cart would show money the card no longer has, and the checkout charge more than the cart said.
 */
async function answerRead(
  deps: CartDeps,
  caller: CartCaller,
  locale: Locale,
  { cart, items, promocode }: NonNullable<Awaited<ReturnType<typeof findCartWithItems>>>,
) {
  const card = cart.giftCardId === null ? undefined : await findGiftCard(deps.db, cart.giftCardId);
  const cardMoved =
    card !== undefined &&
    giftCardShare(card, cart.totalCheckoutCents + cart.giftCardCents) !== cart.giftCardCents;
  // A code with limits that discounts the cart may have been used up by other orders since (D598): the
  // cart then shows the code without its discount, as the checkout would charge, not a price it refuses.
  const discounted = cart.promocodeId !== null && items.some((item) => item.promocodeDiscountCents > 0);
  const code =
    discounted && cart.promocodeId !== null ? await findPromocode(deps.db, cart.promocodeId) : undefined;
  const codeGone = code !== undefined && (await codeUsedUp(deps.db, code, cart.userId));
  if (cardMoved || codeGone) {
    const { cart: repriced } = await change(deps, caller, locale, (tx, locked) => reprice(deps, tx, locked));
    return toOrder(deps, repriced, locale);
  }
  return orderOf(deps.media, cart, items, promocode, card);
}

/**
 * What a booking of this page, option and choice would buy if paid today (D154), for the buy page
 * before it is added: the same rule as the cart line's `terms` (D153), at the option's list price (the
 * sibling and promocode discounts are the cart's). Slots and weeks must be the page's; seats and the
 * child are the add's checks, not this read's.
 */
export async function bookingTerms(
  { db }: Pick<CartDeps, "db">,
  query: PurchaseTermsQuery,
  locale: Locale,
): Promise<PurchaseTerms> {
  const slotIds = query.schedule_slots ?? [];
  const weekIds = query.academy_weeks ?? [];
  const facts = await findTermsFacts(
    db,
    { pageId: query.product_page, optionId: query.purchase_option, slotIds, weekIds },
    locale,
  );
  if (!facts) throw AppError.notFound();
  if (!facts.option) throw fail("purchase_option", "option_not_on_page");
  if (facts.slots.length !== slotIds.length) throw fail("schedule_slots", "slot_not_on_page");
  if (facts.weeks.length !== weekIds.length) throw fail("academy_weeks", "week_not_on_page");
  const { recurrentCents } = itemListPrice(facts.option, weekIds.length);
  const { scheduleType } = facts.option;
  return purchaseTerms(
    placeOf(scheduleType, facts),
    BOOKING_RULES[scheduleType].recurring,
    recurrentCents,
    new Date(),
  );
}
