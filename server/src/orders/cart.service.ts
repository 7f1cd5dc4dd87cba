import {
  type AgeGroup,
  academyClientSlots,
  ageGroupLabel,
  apiOrderStatus,
  BOOKING_RULES,
  bookingAgeRefusal,
  CART_MAX_ITEMS,
  centsToDecimal,
  clientSlot,
  type ErrorCode,
  itemListPrice,
  type Locale,
  type Order,
  type OrderItem,
  type OrderItemPatch,
  type OrderItemRequest,
  type PurchaseTerms,
  type PurchaseTermsQuery,
  requiredSlotCount,
  todayInBerlin,
  toStoredGiftCardDetails,
} from "@atelier/contract";
import { sql } from "drizzle-orm";
import { type AcademyWeekRow, findAcademyWeeks, findSlots, mediaUrlOn } from "../catalogue/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { findGiftCard, findGiftCardByCode, giftCardShare, giftCardUnusable } from "../gift-cards/index.ts";
import { findRunningOffers } from "../seats/index.ts";
import { findVisitor } from "../visitors/index.ts";
import {
  type CartItemRow,
  type CartRow,
  countRedemptions,
  deleteCart,
  deleteCartItems,
  findBookable,
  findCartItems,
  findChildrenWithSubscription,
  findGuestCart,
  findPromocode,
  findPromocodeByCode,
  findTermsFacts,
  findUnitsHeldByVisitor,
  findUserCart,
  insertCart,
  insertCartItem,
  type PromocodeRow,
  replaceItemChoices,
  updateCart,
  updateCartItem,
} from "./order.repository.ts";
import { allocate, type PricingPromocode, priceCart } from "./pricing.ts";
import { purchaseTerms } from "./purchase-terms.ts";

/** What pricing needs of an item. */
type PricingRow = Pick<
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

/**
 * A cart change does not wait for its commit to reach the disk (D26): a database crash may forget the
 * last fraction of a second of cart edits, never half of one, and nothing with money in it (payment
 * writes keep the server's synchronous commit). It saves the flush that dominates a cart write.
 */
async function relaxCommit(tx: Tx) {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/** Who calls: a signed-in user (their cart; a guest cart named beside it is merged in) or a guest's cart_id. */
export type CartCaller = { userId: number | null; cartId?: string | undefined };

export type CartServiceDeps = { db: Db; siblingDiscountPercent: number; publicUrl: string };

export type CartService = ReturnType<typeof createCartService>;

const fail = (field: string, code: ErrorCode) => AppError.validation(field, code);

/**
 * The child's age on the booking's day fits the offer's age group: the contract's one rule and day (D295),
 * as the booking form evaluates it before the parent adds. A guest's child is named, with its age then and
 * the offer's group: the parent sees which child and why, not a generic refusal (issue 24 item 1).
 */
function checkChildAge(
  birthDate: string | null,
  guestName: string | undefined,
  group: AgeGroup,
  booked: { weekStarts: string[]; slotDates: (string | null)[] },
) {
  if (birthDate === null) return;
  const outside = bookingAgeRefusal(birthDate, group, booked, todayInBerlin());
  if (!outside) return;
  if (!guestName) throw fail("visitor", "age_not_in_group");
  throw new AppError(outside.code, 400, "visitor", undefined, {
    name: guestName,
    age: outside.age,
    group: ageGroupLabel(group),
  });
}

/** The child an item books: "v12" for a saved visitor, "g3" for a guest's local one, null for none. */
const childKey = (item: { visitorId: number | null; guestVisitorRef: number | null }) =>
  item.visitorId !== null
    ? `v${item.visitorId}`
    : item.guestVisitorRef !== null
      ? `g${item.guestVisitorRef}`
      : null;

/** Same booking: page, option, child, slots and weeks (the merge drops such duplicates). */
const bookingKey = (item: CartItemRow) =>
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

/** The booking an item stands for, as a request to check again (checkout re-checks every item). */
const requestOf = (item: CartItemRow): OrderItemRequest => ({
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

/** A stored gift card item's value and details as its request (its value is the item's price). */
const giftCardRequestOf = (
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

/** A promocode that may be used now (active and within its dates), or the reason it may not. */
function promocodeUsable(code: PromocodeRow, now: Date): ErrorCode | null {
  if (!code.isActive) return "promocode_invalid";
  if ((code.validFrom && code.validFrom > now) || (code.validUntil && code.validUntil < now))
    return "promocode_expired";
  return null;
}

const toPricingPromocode = (code: PromocodeRow): PricingPromocode => ({
  percentOff: code.percentOff,
  amountOffCents: code.amountOffCents,
  productTypes: code.productTypes,
  minTotalCents: code.minTotalCents,
});

/**
 * The cart (spec §4, §7): one per user or guest cart_id; every price from the catalogue; every change
 * under a lock on the cart's row, so parallel adds never lose an item or a total.
 */
export function createCartService({ db, siblingDiscountPercent, publicUrl }: CartServiceDeps) {
  const media = mediaUrlOn(publicUrl);

  /** The caller's cart, locked for the rest of the transaction; a user's is created when missing. */
  async function lockCart(tx: Tx, caller: CartCaller, locale: Locale): Promise<CartRow> {
    if (caller.userId === null) {
      const cart = caller.cartId ? await findGuestCart(tx, caller.cartId, true) : undefined;
      if (!cart) throw AppError.notFound();
      return cart;
    }
    let cart = await findUserCart(tx, caller.userId, true);
    if (!cart) {
      await insertCart(tx, { userId: caller.userId, locale });
      cart = await findUserCart(tx, caller.userId, true);
      if (!cart) throw new Error("the user's cart could not be created");
    }
    if (caller.cartId && caller.cartId !== cart.cartId) await mergeGuestCart(tx, caller.cartId, cart, locale);
    return cart;
  }

  /** Signing in: the guest cart's items move into the user's cart (duplicates dropped), the guest cart goes. */
  async function mergeGuestCart(tx: Tx, guestCartId: string, into: CartRow, locale: Locale) {
    const guest = await findGuestCart(tx, guestCartId, true);
    if (!guest) return;
    await moveItems(tx, guest.id, into, locale);
    if (into.promocodeId === null) into.promocodeId = guest.promocodeId;
    await deleteCart(tx, guest.id);
    await reprice(tx, into, locale);
  }

  /**
   * Moves the items of another order (a guest cart, a checkout the buyer cancelled) into `into`, dropping
   * the ones `into` already books. The caller reprices.
   */
  async function moveItems(tx: Tx, fromOrderId: number, into: CartRow, locale: Locale) {
    const [theirs, ours] = await Promise.all([
      findCartItems(tx, fromOrderId, locale),
      findCartItems(tx, into.id, locale),
    ]);
    const present = new Set(ours.map(bookingKey));
    const duplicates: number[] = [];
    for (const item of theirs) {
      if (present.has(bookingKey(item))) duplicates.push(item.id);
      else {
        present.add(bookingKey(item));
        await updateCartItem(tx, item.id, { orderId: into.id });
      }
    }
    await deleteCartItems(tx, duplicates);
  }

  /**
   * The shop's one promocode rule (also a gift card's code, as the one field takes both): checked against
   * the cart (active, in its dates, uses left, minimum total, product types) and applied by repricing;
   * refused at `promocode`. The cart's `set_promocode` and a booking by phone (D316) both run it.
   */
  async function applyCode(tx: Tx, cart: CartRow, promocode: string, locale: Locale): Promise<void> {
    if (promocode === "") {
      cart.promocodeId = null;
      cart.giftCardId = null;
      await reprice(tx, cart, locale);
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
      await reprice(tx, cart, locale);
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
    const priced = await reprice(tx, cart, locale);
    // The transaction rolls back: a code that does not apply is not kept.
    if (priced.promocode === "promocode_min_total" || priced.promocode === "promocode_not_applicable")
      throw fail("promocode", priced.promocode);
  }

  /**
   * Discounts and totals of the cart from its items' catalogue prices; only changed rows are written,
   * and `cart` is brought up to date in place.
   */
  async function reprice(tx: Tx, cart: CartRow, locale: Locale, known?: PricingRow[]) {
    const items: PricingRow[] = known ?? (await findCartItems(tx, cart.id, locale));
    const code = cart.promocodeId === null ? undefined : await findPromocode(tx, cart.promocodeId);
    const usable = code && promocodeUsable(code, new Date()) === null ? code : undefined;
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
    for (const [index, item] of items.entries()) {
      const next = priced.items[index];
      if (!next) continue;
      if (
        next.siblingDiscountCents !== item.siblingDiscountCents ||
        next.promocodeDiscountCents !== item.promocodeDiscountCents ||
        next.recurrentDiscountCents !== item.recurrentDiscountCents
      ) {
        await updateCartItem(tx, item.id, {
          siblingDiscountCents: next.siblingDiscountCents,
          promocodeDiscountCents: next.promocodeDiscountCents,
          recurrentDiscountCents: next.recurrentDiscountCents,
        });
      }
    }
    // A gift card pays what it can of what is due now (its balance is spent only at checkout).
    const card = cart.giftCardId === null ? undefined : await findGiftCard(tx, cart.giftCardId);
    const giftCardCents = card ? giftCardShare(card, priced.totalCheckoutCents) : 0;
    Object.assign(
      cart,
      await updateCart(tx, cart.id, {
        promocodeId: cart.promocodeId,
        giftCardId: cart.giftCardId,
        giftCardCents,
        totalPriceCents: priced.totalPriceCents,
        discountCents: priced.discountCents,
        totalCheckoutCents: priced.totalCheckoutCents - giftCardCents,
        totalRecurrentCents: priced.totalRecurrentCents,
      }),
    );
    return { ...priced, giftCardCents };
  }

  /**
   * Checks one booking against the catalogue and the cart (spec §7 add rules) and returns what to store.
   * `others` are the cart's other items (for seats and double bookings).
   */
  async function checkBooking(
    tx: Tx,
    cart: Pick<CartRow, "userId">,
    request: OrderItemRequest,
    others: CartItemRow[],
    /** A guest's local number the item keeps when the change does not name a child (a merged guest item). */
    keptGuestRef: number | null = null,
    /**
     * Units a paid item moved by staff keeps (D161): the child holds their seats already, so they are neither
     * "already booked" nor counted again for seats.
     */
    kept: { slotIds: readonly number[]; weekIds: readonly number[] } = { slotIds: [], weekIds: [] },
  ) {
    const facts = await findBookable(tx, request.product_page, request.purchase_option);
    if (!facts) throw fail("product_page", "product_not_found");
    // `product` names the same page, by id or (the existing client's route parameter) by slug.
    if (
      request.product != null &&
      request.product !== (typeof request.product === "number" ? request.product_page : facts.page.slug)
    )
      throw fail("product", "invalid");
    const { page, option } = facts;
    if (!option || option.productPageId !== page.id) throw fail("purchase_option", "option_not_on_page");
    const rule = BOOKING_RULES[option.scheduleType];
    // A gift card's own value, recipient and delivery (issue 24) belong to a gift card only.
    if (request.gift_card && option.scheduleType !== "GiftCard")
      throw fail("gift_card", "gift_card_details_not_allowed");

    // The child: a saved visitor of the cart's user, or a guest's local number in a guest cart.
    let visitorId: number | null = null;
    let guestVisitorRef: number | null = null;
    let birthDate: string | null = null;
    // A guest's local child: its birth date and first name come with the booking (D141).
    let guestChild: { birthDate: string; name: string } | null = null;
    if (!rule.visitor) {
      if (request.visitor != null) throw fail("visitor", "visitor_not_allowed");
    } else if (request.visitor != null) {
      // No child yet is fine until checkout (D94): the existing client adds first and names the child later.
      if (cart.userId === null || request.visitor === keptGuestRef) {
        guestVisitorRef = request.visitor;
        if (request.visitor_birth_date)
          guestChild = { birthDate: request.visitor_birth_date, name: request.visitor_first_name ?? "" };
      } else {
        const visitor = await findVisitor(tx, cart.userId, request.visitor);
        if (!visitor) throw fail("visitor", "visitor_not_found");
        visitorId = visitor.id;
        birthDate = visitor.birthDate;
      }
    }

    // Slots: as many as the option says, of the right kind, of this page, not over.
    const slotRule = rule.slots;
    const pageSlots =
      slotRule.kind === "none" && request.schedule_slots.length === 0 ? [] : await findSlots(tx, [page.id]);
    const ofKind = pageSlots.filter((slot) =>
      slotRule.kind === "weekly"
        ? slot.weekday !== null
        : slotRule.kind === "dated"
          ? slot.date !== null
          : false,
    );
    const required = requiredSlotCount(option.scheduleType, option.meetingsPerWeek, ofKind.length > 0);
    // A workshop's or event's date is the offer's, not the parent's choice: the existing client adds one
    // with `schedule_slots: []` (issue 31 item 8, D221). The server takes the next session still offered,
    // the one that client's page shows as the next date; a full one is refused below as any other.
    const slotIds =
      request.schedule_slots.length === 0 && slotRule.kind === "dated" && required > 0
        ? ofKind.slice(0, required).map((slot) => slot.id)
        : request.schedule_slots;
    const chosenSlots = slotIds.map((id) => ofKind.find((slot) => slot.id === id));
    if (chosenSlots.some((slot) => slot === undefined)) throw fail("schedule_slots", "slot_not_on_page");
    // A weekly time is the parent's choice among several: none sent is said as such.
    if (slotIds.length === 0 && required > 0) throw fail("schedule_slots", "slot_required");
    if (slotIds.length !== required) throw fail("schedule_slots", "slot_count_mismatch");

    // Academy weeks: one or more of this academy's weeks that are not over; the day part is the option.
    let chosenWeeks: AcademyWeekRow[] = [];
    if (rule.weeks) {
      if (request.academy_weeks.length === 0) throw fail("academy_weeks", "weeks_required");
      // Only the weeks' dates and seats are read here; the season's name (the locale's) is not.
      const pageWeeks = await findAcademyWeeks(tx, page.id, "de");
      const found = request.academy_weeks.map((id) => pageWeeks.find((week) => week.id === id));
      if (found.some((week) => week === undefined)) throw fail("academy_weeks", "week_not_on_page");
      chosenWeeks = found as typeof pageWeeks;
      if (request.academy_number_of_weeks != null && request.academy_number_of_weeks !== chosenWeeks.length)
        throw fail("academy_number_of_weeks", "weeks_count_mismatch");
    } else if (request.academy_weeks.length > 0) throw fail("academy_weeks", "week_not_on_page");

    checkChildAge(birthDate ?? guestChild?.birthDate ?? null, guestChild?.name, page.ageGroup as AgeGroup, {
      weekStarts: chosenWeeks.map((week) => week.startsOn),
      slotDates: chosenSlots.map((slot) => slot?.date ?? null),
    });

    // Seats left beside what this cart already books, and no child twice in one slot or week (in this
    // cart, or through another order that holds the seat).
    const key = childKey({ visitorId, guestVisitorRef });
    const held =
      visitorId === null
        ? { slotIds: new Set<number>(), weekIds: new Set<number>() }
        : await findUnitsHeldByVisitor(
            tx,
            visitorId,
            slotIds.filter((id) => !kept.slotIds.includes(id)),
            request.academy_weeks.filter((id) => !kept.weekIds.includes(id)),
          );
    if (held.slotIds.size > 0) throw fail("schedule_slots", "already_booked");
    if (held.weekIds.size > 0) throw fail("academy_weeks", "already_booked");
    // A running waiting-list offer holds its seat for its child (D78): among the seats taken, the offers
    // for this child or for a child this cart books in the unit are this family's, not someone else's.
    const offers =
      cart.userId === null ? [] : await findRunningOffers(tx, cart.userId, slotIds, request.academy_weeks);
    const ownOffers = (inCart: CartItemRow[], unit: (offer: (typeof offers)[number]) => boolean) =>
      offers.filter(
        (offer) =>
          unit(offer) &&
          (offer.visitorId === visitorId || inCart.some((item) => item.visitorId === offer.visitorId)),
      ).length;
    for (const slot of chosenSlots) {
      if (!slot || kept.slotIds.includes(slot.id)) continue;
      const inCart = others.filter((item) => item.slots.some((s) => s.id === slot.id));
      if (key !== null && inCart.some((item) => childKey(item) === key))
        throw fail("schedule_slots", "already_booked");
      const own = ownOffers(inCart, (offer) => offer.scheduleSlotId === slot.id);
      if (slot.seats - (slot.taken - own) - inCart.length < 1) throw fail("schedule_slots", "no_seats_left");
    }
    for (const week of chosenWeeks) {
      if (kept.weekIds.includes(week.id)) continue;
      const inCart = others.filter((item) => item.weeks.some((w) => w.id === week.id));
      if (key !== null && inCart.some((item) => childKey(item) === key))
        throw fail("academy_weeks", "already_booked");
      const own = ownOffers(inCart, (offer) => offer.academyWeekId === week.id);
      if (week.seats - (week.taken - own) - inCart.length < 1) throw fail("academy_weeks", "no_seats_left");
    }

    const price = itemListPrice(option, chosenWeeks.length);
    const gift = request.gift_card ? toStoredGiftCardDetails(request.gift_card) : null;
    return {
      productPageId: page.id,
      productType: page.productType,
      purchaseOptionId: option.id,
      scheduleType: option.scheduleType,
      visitorId,
      guestVisitorRef,
      // A gift card is worth what the buyer chose within the contract's limits; everything else its list price.
      calculatedPriceCents: request.gift_card ? request.gift_card.amount_cents : price.dueNowCents,
      recurrentPriceCents: price.recurrentCents,
      academyNumberOfWeeks: rule.weeks ? chosenWeeks.length : null,
      comment: request.comment,
      giftCardDetails: gift,
      slotIds,
      weekIds: request.academy_weeks,
    };
  }

  // ---------- Replies ----------

  /**
   * The items of a cart or order as the API answers them: each with its share of what the order's gift
   * card pays, spread over the items' amounts after discounts by the largest remainder (D223).
   */
  function toItems(cart: Pick<CartRow, "giftCardCents">, rows: CartItemRow[]): OrderItem[] {
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
    return rows.map((row, index) => toItem(row, paid[index] ?? 0));
  }

  /** One item as the cart answers it; the whole cart is read only when a gift card's share is spread. */
  async function answerItem(cart: CartRow, itemId: number, locale: Locale): Promise<OrderItem | undefined> {
    if (cart.giftCardCents === 0) {
      const [row] = await findCartItems(db, cart.id, locale, itemId);
      return row ? toItem(row, 0) : undefined;
    }
    return toItems(cart, await findCartItems(db, cart.id, locale)).find((one) => one.id === itemId);
  }

  function toItem(row: CartItemRow, giftCardPaidCents: number): OrderItem {
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
      terms: purchaseTerms(row, BOOKING_RULES[row.scheduleType].recurring, recurrent, new Date()),
    };
  }

  async function toOrder(cart: CartRow, locale: Locale): Promise<Order> {
    const [items, code, card] = await Promise.all([
      findCartItems(db, cart.id, locale),
      cart.promocodeId === null ? undefined : findPromocode(db, cart.promocodeId),
      cart.giftCardId === null ? undefined : findGiftCard(db, cart.giftCardId),
    ]);
    return {
      id: cart.id,
      cart_id: cart.cartId,
      status: apiOrderStatus(cart.status),
      paypal_id: cart.paypalId,
      payer_first_name: cart.payerFirstName,
      payer_last_name: cart.payerLastName,
      created_at: cart.createdAt.toISOString(),
      user: cart.userId,
      items: toItems(cart, items),
      promocode: code?.code ?? null,
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

  /** Runs a change under the cart's lock and answers with the cart as committed. */
  async function change<T>(
    caller: CartCaller,
    locale: Locale,
    work: (tx: Tx, cart: CartRow) => Promise<T>,
  ): Promise<{ cart: CartRow; result: T }> {
    return db.transaction(async (tx) => {
      await relaxCommit(tx);
      const cart = await lockCart(tx, caller, locale);
      const result = await work(tx, cart);
      const fresh =
        caller.userId === null ? await findGuestCart(tx, cart.cartId) : await findUserCart(tx, caller.userId);
      return { cart: fresh ?? cart, result };
    });
  }

  async function itemOf(tx: Tx, cart: CartRow, itemId: number, locale: Locale) {
    const items = await findCartItems(tx, cart.id, locale);
    const item = items.find((candidate) => candidate.id === itemId);
    if (!item) throw AppError.notFound();
    return { item, items };
  }

  /**
   * Every item checked again against the catalogue as if it were added now (option, slots, weeks, the
   * child's age, seats beside the other items): checkout calls it with the booked units locked.
   */
  async function recheckItems(tx: Tx, cart: CartRow, items: CartItemRow[]) {
    for (const item of items) {
      await checkBooking(
        tx,
        cart,
        requestOf(item),
        items.filter((other) => other.id !== item.id),
      );
    }
  }

  /** Checks a booking against the locked cart, adds it and reprices; returns the new item's id. */
  async function addBooking(tx: Tx, cart: CartRow, request: OrderItemRequest, locale: Locale) {
    const items = await findCartItems(tx, cart.id, locale);
    if (items.length >= CART_MAX_ITEMS) throw AppError.validation("non_field_errors", "cart_full");
    const booking = await checkBooking(tx, cart, request, items);
    const id = await insertCartItem(tx, { orderId: cart.id, ...booking });
    const added: PricingRow = {
      ...booking,
      id,
      productType: booking.productType,
      siblingDiscountCents: 0,
      promocodeDiscountCents: 0,
      recurrentDiscountCents: 0,
    };
    await reprice(tx, cart, locale, [...items, added]);
    return id;
  }

  return {
    /**
     * What checkout and the waiting list do with a cart inside their own transaction (server/src/checkout/,
     * server/src/waiting-list/).
     */
    internals: { lockCart, reprice, recheckItems, moveItems, toOrder, checkBooking, addBooking, applyCode },

    /** `POST /orders/init/`: a new guest cart, or the signed-in user's cart. */
    async init(caller: CartCaller, locale: Locale): Promise<{ cart_id: string }> {
      if (caller.userId !== null) {
        const { cart } = await change(caller, locale, async () => undefined);
        return { cart_id: cart.cartId };
      }
      const cart = await insertCart(db, { userId: null, locale });
      if (!cart) throw new Error("guest cart insert returned no row");
      return { cart_id: cart.cartId };
    },

    /** `GET /orders/current/`: reads without a lock unless a user's cart must be made or merged. */
    async current(caller: CartCaller, locale: Locale): Promise<Order> {
      if (caller.userId === null) {
        const cart = caller.cartId ? await findGuestCart(db, caller.cartId) : undefined;
        if (!cart) throw AppError.notFound();
        return toOrder(cart, locale);
      }
      const existing = await findUserCart(db, caller.userId);
      if (existing && (!caller.cartId || caller.cartId === existing.cartId)) return toOrder(existing, locale);
      const { cart } = await change(caller, locale, async () => undefined);
      return toOrder(cart, locale);
    },

    /**
     * What a booking of this page, option and choice would buy if paid today (D154), for the buy page
     * before it is added: the same rule as the cart line's `terms` (D153), at the option's list price (the
     * sibling and promocode discounts are the cart's). Slots and weeks must be the page's; seats and the
     * child are the add's checks, not this read's.
     */
    async terms(query: PurchaseTermsQuery, locale: Locale): Promise<PurchaseTerms> {
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
      return purchaseTerms(
        facts,
        BOOKING_RULES[facts.option.scheduleType].recurring,
        recurrentCents,
        new Date(),
      );
    },

    async addItem(caller: CartCaller, request: OrderItemRequest, locale: Locale): Promise<OrderItem> {
      const { cart, result: itemId } = await change(caller, locale, async (tx, cart) => {
        // A birthday party is asked for and staff confirm it into an order (D158, D160); a parent's cart
        // never takes one, or it would skip the school's answer (D180). Staff orders add it through
        // `internals.addBooking`.
        const facts = await findBookable(tx, request.product_page, request.purchase_option);
        if (facts?.page.productType === "BirthdayParty") throw fail("product_page", "party_by_request");
        return addBooking(tx, cart, request, locale);
      });
      const item = await answerItem(cart, itemId, locale);
      if (!item) throw AppError.notFound();
      return item;
    },

    async updateItem(
      caller: CartCaller,
      itemId: number,
      patch: OrderItemPatch,
      locale: Locale,
    ): Promise<OrderItem> {
      const { cart } = await change(caller, locale, async (tx, cart) => {
        const { item, items } = await itemOf(tx, cart, itemId, locale);
        const others = items.filter((other) => other.id !== itemId);
        const booking = await checkBooking(
          tx,
          cart,
          {
            product: null,
            product_page: item.productPageId,
            purchase_option: item.purchaseOptionId,
            visitor: patch.visitor !== undefined ? patch.visitor : (item.visitorId ?? item.guestVisitorRef),
            schedule_slots: patch.schedule_slots ?? item.slots.map((slot) => slot.id),
            academy_weeks: patch.academy_weeks ?? item.weeks.map((week) => week.id),
            academy_number_of_weeks: patch.academy_number_of_weeks ?? null,
            comment: patch.comment ?? item.comment,
            gift_card: giftCardRequestOf(item),
          },
          others,
          patch.visitor === undefined ? item.guestVisitorRef : null,
        );
        const { slotIds, weekIds, productPageId, productType, purchaseOptionId, scheduleType, ...changes } =
          booking;
        await updateCartItem(tx, itemId, changes);
        await replaceItemChoices(tx, itemId, {
          ...(patch.schedule_slots ? { slotIds } : {}),
          ...(patch.academy_weeks ? { weekIds } : {}),
        });
        await reprice(tx, cart, locale);
      });
      const item = await answerItem(cart, itemId, locale);
      if (!item) throw AppError.notFound();
      return item;
    },

    /** Removes an item; with `productPageId` (delete_course) only when it books that page. */
    async removeItem(
      caller: CartCaller,
      itemId: number,
      locale: Locale,
      productPageId?: number,
    ): Promise<void> {
      await change(caller, locale, async (tx, cart) => {
        const { item, items } = await itemOf(tx, cart, itemId, locale);
        if (productPageId !== undefined && item.productPageId !== productPageId) throw AppError.notFound();
        await deleteCartItems(tx, [itemId]);
        await reprice(
          tx,
          cart,
          locale,
          items.filter((other) => other.id !== itemId),
        );
      });
    },

    /** `PUT /orders/current/set_promocode/`: checks the code against the cart; an empty code removes it. */
    async setPromocode(caller: CartCaller, promocode: string, locale: Locale): Promise<Order> {
      const { cart } = await change(caller, locale, (tx, cart) => applyCode(tx, cart, promocode, locale));
      return toOrder(cart, locale);
    },
  };
}
