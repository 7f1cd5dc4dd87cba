// Staging: the cart becomes an order awaiting payment. Re-priced, re-checked and its seats reserved in one
// short transaction, so two parents never pay for the same last seat (spec §4).
import type { FulfillRequest as FulfillBody, Locale } from "@atelier/contract";
import { childRequiredAtCheckout, invoiceNeedsAddress, missingAddressFields } from "@atelier/contract";
import { fillEmptyAddress } from "../accounts/index.ts";
import type { DbOrTx, Tx } from "../db/index.ts";
import { allInOrder, askTogether, type BillingDetails, EMPTY_BILLING } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { redeemGiftCard } from "../gift-cards/index.ts";
import {
  codeIdUsedUp,
  codeUsedUp,
  findCartItems,
  lockCart,
  recheckItems,
  repriceItems,
} from "../orders/index.ts";
import { type CheckoutContext, fail } from "./checkout.deps.ts";
import {
  findBillingOfUser,
  findOrderByCartId,
  insertRedemption,
  lockPromocode,
  lockUnits,
  type OrderRow,
  stageOrder,
  unitRefusal,
  updateOrder,
} from "./checkout.repository.ts";

/**
 * A retried fulfil for a cart that is already in payment answers that payment again. Inside a
 * transaction it must read through `tx`: on PGlite a read through `db` waits for the transaction
 * forever (issue 19, item 9).
 */
export async function replay(
  { db }: CheckoutContext,
  userId: number,
  cartId: string | undefined,
  from: DbOrTx = db,
): Promise<OrderRow | undefined> {
  if (!cartId) return undefined;
  const order = await findOrderByCartId(from, cartId);
  if (!order || order.userId !== userId || order.status !== "awaiting_payment") return undefined;
  if (!order.reservedUntil || order.reservedUntil.getTime() <= Date.now()) return undefined;
  return order;
}

/** A staged order with its items as the staging left them (re-priced), for the payment's request. */
export type StagedOrder = { order: OrderRow; items: CartItems };

/**
 * Re-prices, re-checks and reserves the cart in one short transaction; returns the staged order and its
 * items as staged, so opening the payment need not read them again (issue 36).
 */
export async function stage(
  ctx: CheckoutContext,
  userId: number,
  cartId: string | undefined,
  body: FulfillBody,
  locale: Locale,
  gatewayCollectsAddress: boolean,
): Promise<StagedOrder | "replay"> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockCart(ctx.cartDeps, tx, { userId, cartId }, locale);
    const items = await findCartItems(tx, current.id, locale);
    if (items.length === 0) {
      if (await replay(ctx, userId, cartId, tx)) return "replay";
      throw fail("cart_empty");
    }
    if (body?.terms_accepted === false) throw AppError.validation("terms_accepted", "terms_required");
    // A guest's local child must be saved (transferred at sign-in) before it can be booked for money.
    if (items.some((item) => item.visitorId === null && item.guestVisitorRef !== null))
      throw AppError.validation("visitor", "visitor_required");
    // An item added without a child (D94) is paid for only once its child is named.
    if (items.some((item) => childRequiredAtCheckout(item.scheduleType) && item.visitorId === null))
      throw AppError.validation("visitor", "visitor_required_at_checkout");

    // Every check as at the add (catalogue, age, seats, the child booked twice), without the units' locks:
    // the parent's answer in most cases. The seats are decided below, under the locks (D408).
    await recheckItems(tx, current, items);
    // The items just read are the cart's lines: the reprice need not read them again, and its totals are
    // written by the staging's update of the order (issue 36).
    const priced = await repriceItems(ctx.cartDeps, tx, current, items);
    const repriced = withDiscounts(items, priced.items);
    // The code's discount the parent saw, gone because its last use went elsewhere meanwhile (D598): the
    // parent is told and sees the new price in the cart, not charged more in silence.
    if (
      current.promocodeId !== null &&
      priced.promocode !== "applied" &&
      promocodeCents(items) > 0 &&
      (await codeIdUsedUp(tx, current.promocodeId, userId))
    )
      throw AppError.validation("promocode", "promocode_used_up");
    // A gift card that pays it all leaves no gateway to ask for the address (D554).
    const gatewayAsks = gatewayCollectsAddress && priced.totalCheckoutCents > priced.giftCardCents;
    const billing = await billingFor(tx, userId, body, priced.totalCheckoutCents, gatewayAsks);
    const staged = await spendGiftCard(
      tx,
      await stageOrder(tx, current.id, {
        minutes: ctx.reservationMinutes,
        billing,
        termsAccepted: body?.terms_accepted === true,
        locale,
        totals: priced.totals,
      }),
    );
    // The seats last, so the units' locks are held for two statements and the commit, not for the
    // whole staging: every parent's checkout of the week waits for them (D408). Then the code's use,
    // under its lock after the units' as the capture takes them, so the two never wait crosswise.
    await reserveSeats(tx, staged.id, items);
    if (current.promocodeId !== null && priced.promocode === "applied")
      await redeemPromocode(tx, current.promocodeId, current.id, userId, repriced);
    return { order: staged, items: repriced };
  });
}

const promocodeCents = (items: CartItems) =>
  items.reduce((sum, item) => sum + item.promocodeDiscountCents, 0);

/** The items with the discounts the reprice gave them (written to their rows when they changed). */
function withDiscounts(items: CartItems, priced: Priced["items"]): CartItems {
  const byId = new Map(priced.map((item) => [item.id, item]));
  return items.map((item) => {
    const next = byId.get(item.id);
    if (!next) return item;
    const { siblingDiscountCents, promocodeDiscountCents, recurrentDiscountCents } = next;
    return { ...item, siblingDiscountCents, promocodeDiscountCents, recurrentDiscountCents };
  });
}

/**
 * The card's balance is spent now, under its lock; it may have changed since the cart was priced. A booking
 * by phone spends it so too (D505).
 */
export async function spendGiftCard(tx: Tx, staged: OrderRow): Promise<OrderRow> {
  if (staged.giftCardId === null) return staged;
  const due = staged.totalCheckoutCents + staged.giftCardCents;
  const paid = await redeemGiftCard(tx, { ...staged, giftCardId: staged.giftCardId }, due);
  if (paid === staged.giftCardCents) return staged;
  return updateOrder(tx, staged.id, { giftCardCents: paid, totalCheckoutCents: due - paid });
}

/**
 * Under the units' locks (slots before weeks, ascending, as every checkout takes them), the staged order
 * keeps its seats only when each unit still has one beside the seats other orders hold, and no child of
 * it holds the unit through another order; otherwise the whole staging rolls back with the add's refusal.
 */
async function reserveSeats(tx: Tx, orderId: number, items: CartItems) {
  const units = {
    slotIds: items.flatMap((item) => item.slots.map((slot) => slot.id)),
    weekIds: items.flatMap((item) => item.weeks.map((week) => week.id)),
  };
  // The check is written with the locks and runs once they are held: the shop's event loop, busy in the
  // rush, does not lie between the week's lock and its check while every checkout of the week waits (D456).
  const [, refusal] = await askTogether(tx, () =>
    allInOrder([lockUnits(tx, units.slotIds, units.weekIds), unitRefusal(tx, orderId, units)]),
  );
  if (refusal) throw AppError.validation(refusal.field, refusal.code);
}

type CartItems = Awaited<ReturnType<typeof findCartItems>>;
type Priced = Awaited<ReturnType<typeof repriceItems>>;

/**
 * The code's row lock makes concurrent checkouts count its uses one after the other. A booking by phone
 * counts its use so too (D505); an order that expires gives it back (the payment worker).
 */
export async function redeemPromocode(
  tx: Tx,
  promocodeId: number,
  orderId: number,
  userId: number,
  items: CartItems,
) {
  const code = await lockPromocode(tx, promocodeId);
  if (!code) return;
  if (await codeUsedUp(tx, code, userId)) throw AppError.validation("promocode", "promocode_used_up");
  await insertRedemption(tx, {
    promocodeId: code.id,
    orderId,
    userId,
    discountCents: promocodeCents(items),
  });
}

/** The order's billing details: the profile's, overridden by what the checkout form sent. */
async function billingFor(
  tx: Tx,
  userId: number,
  body: FulfillBody,
  totalCheckoutCents: number,
  gatewayCollectsAddress: boolean,
): Promise<BillingDetails> {
  const profile = await findBillingOfUser(tx, userId);
  const billing: BillingDetails = {
    ...(profile ?? EMPTY_BILLING),
    ...(body?.billing ? fromBillingInput(body.billing) : {}),
  };
  // § 14 UStG: an invoice over 250 € carries the buyer's full address (D170). Checked before anything
  // is written, so a refused fulfil leaves the cart as it was (the transaction rolls back). A fulfil
  // without a billing form (the existing client has none) to a gateway that collects the address
  // (Stripe, PayPal) goes on: the address comes with the payment (D290).
  const missing = missingAddressFields(billing);
  const addressLater = gatewayCollectsAddress && !body?.billing;
  if (missing.length > 0 && invoiceNeedsAddress(totalCheckoutCents) && !addressLater)
    throw AppError.fieldErrors(
      Object.fromEntries(missing.map((field) => [`billing.${field}`, ["billing_address_required"]])),
    );
  // A whole address typed at checkout is kept on the profile for the next order, where it has none (D171).
  if (missing.length === 0 && body?.billing)
    await fillEmptyAddress(tx, userId, {
      street: billing.street.trim(),
      postCode: billing.post_code.trim(),
      city: billing.city.trim(),
      country: billing.country.trim(),
    });
  return billing;
}

function fromBillingInput(billing: NonNullable<NonNullable<FulfillBody>["billing"]>) {
  const { first_name, last_name, company_name, street, post_code, city, country } = billing;
  return { first_name, last_name, company_name, street, post_code, city, country };
}
