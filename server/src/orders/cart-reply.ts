import {
  academyClientSlots,
  apiOrderStatus,
  BOOKING_RULES,
  centsToDecimal,
  clientSlot,
  type Locale,
  type Order,
  type OrderItem,
} from "@atelier/contract";
import { findGiftCard } from "../gift-cards/index.ts";
import type { CodeApplied } from "./cart-promocode.ts";
import type { CartDeps } from "./cart-shared.ts";
import { type CartItemRow, type CartRow, findCartItems, findPromocode } from "./order.repository.ts";
import { allocate } from "./pricing.ts";
import { placeOf, purchaseTerms } from "./purchase-terms.ts";

/**
 * The items of a cart or order as the API answers them: each with its share of what the order's gift
 * card pays, spread over the items' amounts after discounts by the largest remainder (D223).
 */
export function toItems(
  media: CartDeps["media"],
  cart: Pick<CartRow, "giftCardCents">,
  rows: CartItemRow[],
): OrderItem[] {
  const due = rows.map(
    (row) => row.calculatedPriceCents - row.siblingDiscountCents - row.promocodeDiscountCents,
  );
  const paid = allocate(
    Math.min(
      cart.giftCardCents,
      due.reduce((a, b) => a + b, 0),
    ),
    due.map((d) => Math.max(d, 0)),
  );
  return rows.map((row, index) => toItem(media, row, paid[index] ?? 0));
}

/** One item as the cart answers it; the whole cart is read only when a gift card's share is spread. */
export async function answerItem(
  { db, media }: Pick<CartDeps, "db" | "media">,
  cart: CartRow,
  itemId: number,
  locale: Locale,
): Promise<OrderItem | undefined> {
  if (cart.giftCardCents === 0) {
    const [row] = await findCartItems(db, cart.id, locale, itemId);
    return row ? toItem(media, row, 0) : undefined;
  }
  return toItems(media, cart, await findCartItems(db, cart.id, locale)).find((one) => one.id === itemId);
}

/** One item as the API answers it, with its share of the gift card's payment. */
export function toItem(media: CartDeps["media"], row: CartItemRow, giftCardPaidCents: number): OrderItem {
  const photo = row.pageTitleImage?.src ?? null;
  const discount = row.siblingDiscountCents + row.promocodeDiscountCents;
  const paidNow = row.calculatedPriceCents - discount - giftCardPaidCents;
  const recurrent = row.recurrentPriceCents - row.recurrentDiscountCents;
  const visitorName =
    row.visitorFirstName !== null ? `${row.visitorFirstName} ${row.visitorLastName ?? ""}`.trim() : null;
  return {
    id: row.id,
    order: row.orderId,
    product: row.productPageId,
    product_page: {
      id: row.productPageId,
      product_type: row.productType,
      name: row.pageName,
      slug: row.pageSlug,
      age_group: row.pageAgeGroup,
      photo: photo === null ? null : media(photo),
      refund_days_before: row.refundDaysBefore,
      purchase_options: row.pageOptions.map((option) => ({
        id: option.id,
        schedule_type: option.schedule_type,
        base_price: centsToDecimal(option.base_price_cents),
        base_price_cents: option.base_price_cents,
      })),
      recommendations: [],
    },
    purchase_option: row.purchaseOptionId,
    purchase_option_name: row.optionName,
    schedule_type: row.scheduleType,
    visitor:
      row.visitorId !== null
        ? {
            id: row.visitorId,
            first_name: row.visitorFirstName ?? "",
            last_name: row.visitorLastName ?? "",
            birth_date: row.visitorBirthDate,
          }
        : row.guestVisitorRef !== null
          ? { id: row.guestVisitorRef, first_name: "", last_name: "", birth_date: null }
          : null,
    guest_visitor: row.guestVisitorRef,
    visitor_name: visitorName,
    // An academy books weeks; the existing client reads its days and hours as slots (D224).
    schedule_slots:
      row.weeks.length > 0 ? academyClientSlots(row.scheduleType, row.weeks) : row.slots.map(clientSlot),
    schedule_slot_details: row.slots,
    academy_weeks: row.weeks.map((week) => week.id),
    academy_week_details: row.weeks,
    academy_number_of_weeks: row.academyNumberOfWeeks,
    comment: row.comment,
    gift_card:
      row.giftCardDetails === null
        ? null
        : {
            recipient_name: row.giftCardDetails.recipientName,
            message: row.giftCardDetails.message,
            deliver_to: row.giftCardDetails.deliverTo,
            recipient_email: row.giftCardDetails.recipientEmail,
            send_on: row.giftCardDetails.sendOn,
          },
    is_recurring: BOOKING_RULES[row.scheduleType].recurring,
    list_price: centsToDecimal(row.calculatedPriceCents),
    list_price_cents: row.calculatedPriceCents,
    calculated_price: centsToDecimal(paidNow),
    calculated_price_cents: paidNow,
    discount_amount: centsToDecimal(discount),
    discount_amount_cents: discount,
    gift_card_paid_cents: giftCardPaidCents,
    sibling_discount_cents: row.siblingDiscountCents,
    promocode_discount_cents: row.promocodeDiscountCents,
    recurrent_price: centsToDecimal(recurrent),
    recurrent_price_cents: recurrent,
    terms: purchaseTerms(
      placeOf(row.scheduleType, row),
      BOOKING_RULES[row.scheduleType].recurring,
      recurrent,
      new Date(),
    ),
  };
}

/** A cart or order as the API answers it. */
export async function toOrder(
  { db, media }: Pick<CartDeps, "db" | "media">,
  cart: CartRow,
  locale: Locale,
  /**
   * The cart's code and card as the change just read them under the cart's lock (D472), and its items as
   * written (D479): not read again.
   */
  known?: CodeApplied,
): Promise<Order> {
  const { promocodeId, giftCardId } = cart;
  const [items, code, card] = await Promise.all([
    known?.items ?? findCartItems(db, cart.id, locale),
    promocodeId === null
      ? undefined
      : known?.code?.id === promocodeId
        ? known.code
        : findPromocode(db, promocodeId),
    giftCardId === null
      ? undefined
      : known?.card?.id === giftCardId
        ? known.card
        : findGiftCard(db, giftCardId),
  ]);
  return orderOf(media, cart, items, code?.code ?? null, card);
}

/** A cart or order as the API answers it, from its rows already read. */
export function orderOf(
  media: CartDeps["media"],
  cart: CartRow,
  items: CartItemRow[],
  promocode: string | null,
  card: Awaited<ReturnType<typeof findGiftCard>>,
): Order {
  return {
    id: cart.id,
    cart_id: cart.cartId,
    status: apiOrderStatus(cart.status),
    paypal_id: cart.paypalId,
    payer_first_name: cart.payerFirstName,
    payer_last_name: cart.payerLastName,
    created_at: cart.createdAt.toISOString(),
    user: cart.userId,
    items: toItems(media, cart, items),
    promocode,
    total_price: centsToDecimal(cart.totalPriceCents),
    total_price_cents: cart.totalPriceCents,
    total_discount: centsToDecimal(cart.discountCents),
    total_discount_cents: cart.discountCents,
    total_checkout_price: centsToDecimal(cart.totalCheckoutCents),
    total_checkout_price_cents: cart.totalCheckoutCents,
    total_recurrent_price: centsToDecimal(cart.totalRecurrentCents),
    total_recurrent_price_cents: cart.totalRecurrentCents,
    reserved_until: cart.reservedUntil?.toISOString() ?? null,
    paid_at: cart.paidAt?.toISOString() ?? null,
    invoice_number: null,
    gift_card: card
      ? {
          code: card.code,
          applied: centsToDecimal(cart.giftCardCents),
          applied_cents: cart.giftCardCents,
          balance_cents: card.balanceCents,
          expires_at: card.expiresAt?.toISOString() ?? null,
        }
      : null,
  };
}
