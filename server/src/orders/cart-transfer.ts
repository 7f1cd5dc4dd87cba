import type { Locale } from "@atelier/contract";
import { allInOrder, askTogether, type Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { reprice } from "./cart-reprice.ts";
import { bookingKey, type CartCaller, type CartDeps, childKey, relaxCommit } from "./cart-shared.ts";
import {
  type CartLine,
  type CartRow,
  deleteCart,
  deleteCartItems,
  findCartLines,
  findCartLinesByKey,
  findGuestCart,
  findUserCart,
  insertCart,
  moveCartItems,
} from "./order.repository.ts";

/**
 * Moves the items of another order (a guest cart, a checkout the buyer cancelled) into `into`, dropping
 * the ones `into` already books for the same child. An item that names no child yet (a ticket, a gift card,
 * a course whose child is named before checkout, D94) is a purchase of its own, as the add counts it: two
 * such are two, never one dropped. The caller reprices.
 */
export async function moveItems(tx: Tx, fromOrderId: number, into: CartRow) {
  const [theirs, ours] = await Promise.all([findCartLines(tx, fromOrderId), findCartLines(tx, into.id)]);
  const present = new Set(ours.map(bookingKey));
  const duplicates: number[] = [];
  const moved: number[] = [];
  for (const item of theirs) {
    if (childKey(item) !== null && present.has(bookingKey(item))) duplicates.push(item.id);
    else {
      present.add(bookingKey(item));
      moved.push(item.id);
    }
  }
  // One statement for all the items that move, not one each.
  await moveCartItems(tx, moved, into.id);
  await deleteCartItems(tx, duplicates);
}

/** Signing in: the guest cart's items move into the user's cart (duplicates dropped), the guest cart goes. */
async function mergeGuestCart(
  deps: Pick<CartDeps, "siblingDiscountPercent">,
  tx: Tx,
  guestCartId: string,
  into: CartRow,
) {
  const guest = await findGuestCart(tx, guestCartId, true);
  if (!guest) return;
  await moveItems(tx, guest.id, into);
  if (into.promocodeId === null) into.promocodeId = guest.promocodeId;
  await deleteCart(tx, guest.id);
  await reprice(deps, tx, into);
}

/**
 * The lines of carts `lockCart` has read with the lock (D455), or of carts it has just created (none: issue 36,
 * a parent's first add is one statement shorter). Kept by row object, so they never outlive the
 * transaction's own copy of the row; the first `cartLines` uses them up.
 */
const knownLines = new WeakMap<CartRow, CartLine[]>();

/** The cart's lines: the ones `lockCart` read or knew for it the first time, else read. */
export async function cartLines(tx: Tx, cart: CartRow): Promise<CartLine[]> {
  const known = knownLines.get(cart);
  if (!known) return findCartLines(tx, cart.id);
  knownLines.delete(cart);
  return known;
}

/** The locked cart and, with `withLines`, its lines asked in the same write, read once the lock is held. */
async function lockedWithLines(
  tx: Tx,
  lock: () => Promise<CartRow | undefined>,
  lines: (() => Promise<CartLine[]>) | undefined,
): Promise<CartRow | undefined> {
  if (!lines) return lock();
  const [cart, read] = await askTogether(tx, () => allInOrder([lock(), lines()]));
  if (cart) knownLines.set(cart, read);
  return cart;
}

/**
 * The caller's cart, locked for the rest of the transaction; a user's is created when missing. `relax`
 * (a cart change, never checkout) makes the transaction's commit asynchronous in the locking statement.
 * `withLines` (a change that reads the lines, the add) asks for the cart's lines right behind the lock, by the
 * cart's key, in the same write: one round trip fewer (D455).
 */
export async function lockCart(
  deps: Pick<CartDeps, "siblingDiscountPercent">,
  tx: Tx,
  caller: CartCaller,
  locale: Locale,
  relax = false,
  withLines = false,
): Promise<CartRow> {
  if (caller.userId === null) {
    const cartId = caller.cartId;
    const cart = cartId
      ? await lockedWithLines(
          tx,
          () => findGuestCart(tx, cartId, true, relax),
          withLines ? () => findCartLinesByKey(tx, { cartId }) : undefined,
        )
      : undefined;
    if (!cart) throw AppError.notFound();
    return cart;
  }
  const userId = caller.userId;
  let cart = await lockedWithLines(
    tx,
    () => findUserCart(tx, userId, true, relax),
    withLines ? () => findCartLinesByKey(tx, { userId }) : undefined,
  );
  if (!cart) {
    // The new cart is the transaction's own until it commits; read (and locked) again only when another
    // request of the same user created one first (issue 36: two statements fewer on a first add).
    const created = await insertCart(tx, { userId, locale }, relax);
    if (created) knownLines.set(created, []);
    else if (relax) await relaxCommit(tx);
    cart = created ?? (await findUserCart(tx, userId, true));
    if (!cart) throw new Error("the user's cart could not be created");
  }
  if (caller.cartId && caller.cartId !== cart.cartId) {
    // Merging a guest cart changes the lines: they are read again after it.
    knownLines.delete(cart);
    await mergeGuestCart(deps, tx, caller.cartId, cart);
  }
  return cart;
}

/**
 * Runs a change under the cart's lock, its commit asynchronous (D26), and answers with the cart as
 * committed. Every change that writes the cart reprices, and the reprice's write brings `cart` up to date in
 * place, so the cart is not read again after the work (D387, D471).
 */
export function change<T>(
  deps: Pick<CartDeps, "db" | "siblingDiscountPercent">,
  caller: CartCaller,
  locale: Locale,
  work: (tx: Tx, cart: CartRow) => Promise<T>,
  withLines = false,
): Promise<{ cart: CartRow; result: T }> {
  return deps.db.transaction(async (tx) => {
    const cart = await lockCart(deps, tx, caller, locale, true, withLines);
    const result = await work(tx, cart);
    return { cart, result };
  });
}
