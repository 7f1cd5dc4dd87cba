import type { ErrorCode, OrderItemRequest } from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { FindBookable, FindOfferShown } from "./cart-catalogue.ts";
import {
  type CartItemRow,
  type CartLine,
  countRedemptions,
  findPromocode,
  type PromocodeRow,
} from "./order.repository.ts";
import type { PricingPromocode } from "./pricing.ts";

/**
 * What every cart use case shares (D388): the database, the sibling discount and the media address of the
 * replies. The cart's modules (cart-add, cart-edit, cart-read, cart-promocode, cart-transfer, cart-reprice,
 * cart-check, cart-reply) are functions of these; `createCartService` binds them for the routes and for the
 * areas that work on a cart inside their own transaction.
 */
export type CartDeps = {
  db: Db;
  siblingDiscountPercent: number;
  media: (src: string) => string;
  /** The page and option of an add, kept per catalogue epoch (D389). */
  bookable: FindBookable;
  /** What the add's reply shows of its page and option, kept per catalogue epoch (D468). */
  offerShown: FindOfferShown;
};

/** Who calls: a signed-in user (their cart; a guest cart named beside it is merged in) or a guest's cart_id. */
export type CartCaller = { userId: number | null; cartId?: string | undefined };

/** What pricing needs of an item. */
export type PricingRow = Pick<
  CartItemRow,
  | "id"
  | "productType"
  | "scheduleType"
  | "visitorId"
  | "guestVisitorRef"
  | "calculatedPriceCents"
  | "recurrentPriceCents"
  | "siblingDiscountCents"
  | "promocodeDiscountCents"
  | "recurrentDiscountCents"
>;

export const fail = (field: string, code: ErrorCode) => AppError.validation(field, code);

/**
 * A cart change does not wait for its commit to reach the disk (D26): a database crash may forget the
 * last fraction of a second of cart edits, never half of one, and nothing with money in it (payment
 * writes keep the server's synchronous commit). It saves the flush that dominates a cart write.
 */
export async function relaxCommit(tx: Tx) {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/** The child an item books: "v12" for a saved visitor, "g3" for a guest's local one, null for none. */
export const childKey = (item: { visitorId: number | null; guestVisitorRef: number | null }) =>
  item.visitorId !== null
    ? `v${item.visitorId}`
    : item.guestVisitorRef !== null
      ? `g${item.guestVisitorRef}`
      : null;

/** Same booking: page, option, child, slots and weeks (the merge drops such duplicates of a child's booking). */
export const bookingKey = (item: CartLine) =>
  [
    item.productPageId,
    item.purchaseOptionId,
    childKey(item),
    item.slots.map((s) => s.id).join("."),
    item.weeks.map((w) => w.id).join("."),
    // Two gift cards for different people, or of different values, are two cards.
    item.giftCardDetails === null
      ? ""
      : `${item.calculatedPriceCents}:${JSON.stringify(item.giftCardDetails)}`,
  ].join("|");

/** A stored gift card item's value and details as its request (its value is the item's price). */
export const giftCardRequestOf = (
  item: Pick<CartItemRow, "giftCardDetails" | "calculatedPriceCents">,
): OrderItemRequest["gift_card"] =>
  item.giftCardDetails === null
    ? null
    : {
        amount_cents: item.calculatedPriceCents,
        recipient_name: item.giftCardDetails.recipientName,
        message: item.giftCardDetails.message,
        deliver_to: item.giftCardDetails.deliverTo,
        recipient_email: item.giftCardDetails.recipientEmail,
        send_on: item.giftCardDetails.sendOn,
      };

/** The booking an item stands for, as a request to check again (checkout re-checks every item). */
export const requestOf = (item: CartLine): OrderItemRequest => ({
  product: null,
  product_page: item.productPageId,
  purchase_option: item.purchaseOptionId,
  visitor: item.visitorId ?? item.guestVisitorRef,
  schedule_slots: item.slots.map((slot) => slot.id),
  academy_weeks: item.weeks.map((week) => week.id),
  academy_number_of_weeks: item.academyNumberOfWeeks,
  comment: item.comment,
  gift_card: giftCardRequestOf(item),
});

/** A promocode that may be used now (active and within its dates), or the reason it may not. */
export function promocodeUsable(code: PromocodeRow, now: Date): ErrorCode | null {
  if (!code.isActive) return "promocode_invalid";
  if ((code.validFrom && code.validFrom > now) || (code.validUntil && code.validUntil < now))
    return "promocode_expired";
  return null;
}

/**
 * Whether a code's limits are reached by its redemptions, overall and by the user: one rule for setting a
 * code on the cart, staging a checkout and a late payment (D90).
 */
export const promocodeUsedUp = (
  code: Pick<PromocodeRow, "maxUses" | "maxUsesPerUser">,
  used: { total: number; byUser: number },
) =>
  (code.maxUses !== null && used.total >= code.maxUses) ||
  (code.maxUsesPerUser !== null && used.byUser >= code.maxUsesPerUser);

/**
 * Whether a code is used up for `userId`'s order. A code without limits never is, so its redemptions are not
 * counted: they grow with every order that used it (D470).
 */
export async function codeUsedUp(db: DbOrTx, code: PromocodeRow, userId: number | null): Promise<boolean> {
  if (code.maxUses === null && code.maxUsesPerUser === null) return false;
  return promocodeUsedUp(code, await countRedemptions(db, code.id, userId));
}

/** Whether the code of that id is used up for `userId`'s order (a cart's code, read by its id). */
export async function codeIdUsedUp(db: DbOrTx, promocodeId: number, userId: number | null): Promise<boolean> {
  const code = await findPromocode(db, promocodeId);
  return code !== undefined && (await codeUsedUp(db, code, userId));
}

export const toPricingPromocode = (code: PromocodeRow): PricingPromocode => ({
  percentOff: code.percentOff,
  amountOffCents: code.amountOffCents,
  productTypes: code.productTypes,
  minTotalCents: code.minTotalCents,
});
