import type {
  Locale,
  Order,
  OrderItem,
  OrderItemPatch,
  OrderItemRequest,
  PurchaseTerms,
  PurchaseTermsQuery,
} from "@atelier/contract";
import { mediaUrlOn } from "../catalogue/index.ts";
import type { ChangeFeed, Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { addItem } from "./cart-add.ts";
import { cachedBookable, cachedOfferShown } from "./cart-catalogue.ts";
import { removeItem, updateItem } from "./cart-edit.ts";
import { applyCode } from "./cart-promocode.ts";
import { batchedFingerprints, bookingTerms, currentOrder, currentOrderReply, initCart } from "./cart-read.ts";
import { toOrder } from "./cart-reply.ts";
import type { CartCaller, CartDeps } from "./cart-shared.ts";
import { change } from "./cart-transfer.ts";
import { createCurrentOrderReuse, type Reply } from "./current-order-reuse.ts";

export type { CartCaller } from "./cart-shared.ts";

export type CartServiceDeps = {
  db: Db;
  siblingDiscountPercent: number;
  publicUrl: string;
  /** The catalogue's change feed (D85): the add's page and option are kept until it says they changed. */
  changes?: ChangeFeed | undefined;
};

export type CartService = ReturnType<typeof createCartService>;

/**
 * The cart (spec §4, §7): one per user or guest cart_id; every price from the catalogue; every change
 * under a lock on the cart's row, so parallel adds never lose an item or a total. The use cases live in
 * their own modules (cart-add, cart-edit, cart-read, cart-promocode, cart-transfer, cart-reprice,
 * cart-check, cart-reply), functions of the shared `CartDeps` (D388); this binds them.
 */
export function createCartService({ db, siblingDiscountPercent, publicUrl, changes }: CartServiceDeps) {
  const deps: CartDeps = {
    db,
    siblingDiscountPercent,
    media: mediaUrlOn(publicUrl),
    bookable: cachedBookable(changes),
    offerShown: cachedOfferShown(changes),
  };
  const reuse = createCurrentOrderReuse(changes);
  const fingerprints = batchedFingerprints(db);
  return {
    /**
     * What checkout, staff orders, moves and the waiting list hand to the orders entry's cart functions
     * (`lockCart`, `addBooking`, `repriceCart`, …) inside their own transaction (issue 33: named exports, no
     * back door through the service).
     */
    deps,
    init: (caller: CartCaller, locale: Locale): Promise<{ cart_id: string }> =>
      initCart(deps, caller, locale),
    current: (caller: CartCaller, locale: Locale): Promise<Order> => currentOrder(deps, caller, locale),
    /** The current order as finished bytes, sent again while nothing it shows changed (D430). */
    currentReply: (caller: CartCaller, locale: Locale, encode: (order: Order) => Reply): Promise<Reply> =>
      currentOrderReply(deps, reuse, fingerprints, caller, locale, encode),
    terms: (query: PurchaseTermsQuery, locale: Locale): Promise<PurchaseTerms> =>
      bookingTerms(deps, query, locale),
    addItem: (caller: CartCaller, request: OrderItemRequest, locale: Locale): Promise<OrderItem> =>
      addItem(deps, caller, request, locale),
    updateItem: (caller: CartCaller, itemId: number, patch: OrderItemPatch, locale: Locale) =>
      updateItem(deps, caller, itemId, patch, locale),
    removeItem: (caller: CartCaller, itemId: number, locale: Locale, productPageId?: number) =>
      removeItem(deps, caller, itemId, locale, productPageId),
    /** `PUT /orders/current/set_promocode/`: checks the code against the cart; an empty code removes it. */
    setPromocode: async (caller: CartCaller, promocode: string, locale: Locale): Promise<Order> => {
      // The existing client sends the code without `cart_id` (api-shapes Part 2): a guest's cart cannot be
      // known then, so the parent is asked to sign in (their cart comes along), not told "not found" (D520).
      if (caller.userId === null && !caller.cartId && promocode.trim() !== "")
        throw AppError.validation("promocode", "promocode_sign_in");
      // The cart's lines go with its lock, its one write with the commit (D455, D470); the reply is the
      // code and card just read (D472) and the items read with the cart's write (D479).
      const { cart, result: read } = await change(
        deps,
        caller,
        locale,
        (tx, cart) => applyCode(deps, tx, cart, promocode, { last: true, itemsIn: locale }),
        true,
      );
      return toOrder(deps, cart, locale, read);
    },
  };
}
