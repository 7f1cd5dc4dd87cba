import {
  type AgeGroup,
  ageGroupLabel,
  BOOKING_RULES,
  bookingAgeRefusal,
  itemListPrice,
  type OrderItemRequest,
  requiredSlotCount,
  todayInBerlin,
  toStoredGiftCardDetails,
} from "@atelier/contract";
import { type AcademyWeekRow, findAcademyWeeks, findSlots } from "../catalogue/index.ts";
import type { Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { findRunningOffers } from "../seats/index.ts";
import { findVisitor } from "../visitors/index.ts";
import { childKey, fail, requestOf } from "./cart-shared.ts";
import {
  type BookableFacts,
  type CartLine,
  type CartRow,
  findBookable,
  findUnitsHeldByVisitor,
} from "./order.repository.ts";

/** Units a paid item moved by staff keeps (D161): neither "already booked" nor counted again for seats. */
export type KeptUnits = { slotIds: readonly number[]; weekIds: readonly number[] };

type Slot = Awaited<ReturnType<typeof findSlots>>[number];
type Option = NonNullable<BookableFacts["option"]>;

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

/** The child a booking names: a saved visitor of the cart's user, or a guest's local number in a guest cart. */
async function resolveChild(
  tx: Tx,
  cart: Pick<CartRow, "userId">,
  request: OrderItemRequest,
  needsVisitor: boolean,
  keptGuestRef: number | null,
) {
  const child = {
    visitorId: null as number | null,
    guestVisitorRef: null as number | null,
    birthDate: null as string | null,
    // A guest's local child: its birth date and first name come with the booking (D141).
    guestChild: null as { birthDate: string; name: string } | null,
  };
  if (!needsVisitor) {
    if (request.visitor != null) throw fail("visitor", "visitor_not_allowed");
    return child;
  }
  // No child yet is fine until checkout (D94): the existing client adds first and names the child later.
  if (request.visitor == null) return child;
  if (cart.userId === null || request.visitor === keptGuestRef) {
    child.guestVisitorRef = request.visitor;
    if (request.visitor_birth_date)
      child.guestChild = { birthDate: request.visitor_birth_date, name: request.visitor_first_name ?? "" };
    return child;
  }
  const visitor = await findVisitor(tx, cart.userId, request.visitor);
  if (!visitor) throw fail("visitor", "visitor_not_found");
  child.visitorId = visitor.id;
  child.birthDate = visitor.birthDate;
  return child;
}

/** Slots: as many as the option says, of the right kind, of this page, not over. */
async function chooseSlots(tx: Tx, pageId: number, option: Option, requested: number[]) {
  const slotRule = BOOKING_RULES[option.scheduleType].slots;
  // An option that takes no slots (an academy, a gift card, an offer) reads none (D387), and ignores the
  // ids sent: the existing client sends `[slots[0].id]` for an academy and `[11]` for other offers (D526).
  if (slotRule.kind === "none") return { slotIds: [], chosenSlots: [] };
  const pageSlots = await findSlots(tx, [pageId]);
  const ofKind = pageSlots.filter((slot) =>
    slotRule.kind === "weekly" ? slot.weekday !== null : slot.date !== null,
  );
  const required = requiredSlotCount(option.scheduleType, option.meetingsPerWeek, ofKind.length > 0);
  // A workshop's or event's date is the offer's, not the parent's choice: the existing client adds one
  // with `schedule_slots: []` (issue 31 item 8, D221). The server takes the next session still offered,
  // the one that client's page shows as the next date; a full one is refused below as any other.
  const slotIds =
    requested.length === 0 && slotRule.kind === "dated" && required > 0
      ? ofKind.slice(0, required).map((slot) => slot.id)
      : requested;
  const chosen = slotIds.map((id) => ofKind.find((slot) => slot.id === id));
  if (chosen.some((slot) => slot === undefined)) throw fail("schedule_slots", "slot_not_on_page");
  // A weekly time is the parent's choice among several: none sent is said as such.
  if (slotIds.length === 0 && required > 0) throw fail("schedule_slots", "slot_required");
  if (slotIds.length !== required) throw fail("schedule_slots", "slot_count_mismatch");
  return { slotIds, chosenSlots: chosen as Slot[] };
}

/** Academy weeks: one or more of this academy's weeks that are not over; the day part is the option. */
async function chooseWeeks(tx: Tx, pageId: number, request: OrderItemRequest, booksWeeks: boolean) {
  if (!booksWeeks) {
    if (request.academy_weeks.length > 0) throw fail("academy_weeks", "week_not_on_page");
    return [] as AcademyWeekRow[];
  }
  if (request.academy_weeks.length === 0) throw fail("academy_weeks", "weeks_required");
  // Only the weeks asked for, with their dates and seats; the season's name (the locale's) is not read here.
  const pageWeeks = await findAcademyWeeks(tx, pageId, request.academy_weeks, "de");
  const found = request.academy_weeks.map((id) => pageWeeks.find((week) => week.id === id));
  if (found.some((week) => week === undefined)) throw fail("academy_weeks", "week_not_on_page");
  if (request.academy_number_of_weeks != null && request.academy_number_of_weeks !== found.length)
    throw fail("academy_number_of_weeks", "weeks_count_mismatch");
  return found as AcademyWeekRow[];
}

/**
 * Seats left beside what this cart already books, and no child twice in one slot or week (in this cart,
 * or through another order that holds the seat).
 */
async function checkSeats(
  tx: Tx,
  cart: Pick<CartRow, "userId">,
  child: { visitorId: number | null; guestVisitorRef: number | null },
  chosen: { slots: Slot[]; weeks: AcademyWeekRow[]; slotIds: number[]; weekIds: number[] },
  others: CartLine[],
  kept: KeptUnits,
) {
  const { visitorId } = child;
  const key = childKey(child);
  const held =
    visitorId === null
      ? { slotIds: new Set<number>(), weekIds: new Set<number>() }
      : await findUnitsHeldByVisitor(
          tx,
          visitorId,
          chosen.slotIds.filter((id) => !kept.slotIds.includes(id)),
          chosen.weekIds.filter((id) => !kept.weekIds.includes(id)),
        );
  if (held.slotIds.size > 0) throw fail("schedule_slots", "already_booked");
  if (held.weekIds.size > 0) throw fail("academy_weeks", "already_booked");
  // A running waiting-list offer holds its seat for its child (D78): among the seats taken, the offers
  // for this child or for a child this cart books in the unit are this family's, not someone else's.
  const offers =
    cart.userId === null ? [] : await findRunningOffers(tx, cart.userId, chosen.slotIds, chosen.weekIds);
  const ownOffers = (inCart: CartLine[], unit: (offer: (typeof offers)[number]) => boolean) =>
    offers.filter(
      (offer) =>
        unit(offer) &&
        (offer.visitorId === visitorId || inCart.some((item) => item.visitorId === offer.visitorId)),
    ).length;
  for (const slot of chosen.slots) {
    if (kept.slotIds.includes(slot.id)) continue;
    const inCart = others.filter((item) => item.slots.some((s) => s.id === slot.id));
    if (key !== null && inCart.some((item) => childKey(item) === key))
      throw fail("schedule_slots", "already_booked");
    const own = ownOffers(inCart, (offer) => offer.scheduleSlotId === slot.id);
    if (slot.seats - (slot.taken - own) - inCart.length < 1) throw fail("schedule_slots", "no_seats_left");
  }
  for (const week of chosen.weeks) {
    if (kept.weekIds.includes(week.id)) continue;
    const inCart = others.filter((item) => item.weeks.some((w) => w.id === week.id));
    if (key !== null && inCart.some((item) => childKey(item) === key))
      throw fail("academy_weeks", "already_booked");
    const own = ownOffers(inCart, (offer) => offer.academyWeekId === week.id);
    if (week.seats - (week.taken - own) - inCart.length < 1) throw fail("academy_weeks", "no_seats_left");
  }
}

/**
 * Checks one booking against the catalogue and the cart (spec §7 add rules) and returns what to store.
 * `others` are the cart's other items (for seats and double bookings). `facts` are the page and option
 * when the caller has read them already (the add reads them once, D387).
 */
export async function checkBooking(
  tx: Tx,
  cart: Pick<CartRow, "userId">,
  request: OrderItemRequest,
  others: CartLine[],
  /** A guest's local number the item keeps when the change does not name a child (a merged guest item). */
  keptGuestRef: number | null = null,
  kept: KeptUnits = { slotIds: [], weekIds: [] },
  facts?: BookableFacts,
) {
  const found = facts ?? (await findBookable(tx, request.product_page, request.purchase_option));
  if (!found) throw fail("product_page", "product_not_found");
  // `product` names the same page, by id or (the existing client's route parameter) by slug.
  if (
    request.product != null &&
    request.product !== (typeof request.product === "number" ? request.product_page : found.page.slug)
  )
    throw fail("product", "invalid");
  const { page, option } = found;
  if (!option || option.productPageId !== page.id) throw fail("purchase_option", "option_not_on_page");
  const rule = BOOKING_RULES[option.scheduleType];
  // A gift card's own value, recipient and delivery (issue 24) belong to a gift card only.
  if (request.gift_card && option.scheduleType !== "GiftCard")
    throw fail("gift_card", "gift_card_details_not_allowed");

  const child = await resolveChild(tx, cart, request, rule.visitor, keptGuestRef);
  const { slotIds, chosenSlots } = await chooseSlots(tx, page.id, option, request.schedule_slots);
  const chosenWeeks = await chooseWeeks(tx, page.id, request, rule.weeks);
  checkChildAge(
    child.birthDate ?? child.guestChild?.birthDate ?? null,
    child.guestChild?.name,
    page.ageGroup as AgeGroup,
    {
      weekStarts: chosenWeeks.map((week) => week.startsOn),
      slotDates: chosenSlots.map((slot) => slot.date ?? null),
    },
  );
  const chosen = { slots: chosenSlots, weeks: chosenWeeks, slotIds, weekIds: request.academy_weeks };
  await checkSeats(tx, cart, child, chosen, others, kept);

  const price = itemListPrice(option, chosenWeeks.length);
  return {
    productPageId: page.id,
    productType: page.productType,
    purchaseOptionId: option.id,
    scheduleType: option.scheduleType,
    visitorId: child.visitorId,
    guestVisitorRef: child.guestVisitorRef,
    // A gift card is worth what the buyer chose within the contract's limits; everything else its list price.
    calculatedPriceCents: request.gift_card ? request.gift_card.amount_cents : price.dueNowCents,
    recurrentPriceCents: price.recurrentCents,
    academyNumberOfWeeks: rule.weeks ? chosenWeeks.length : null,
    comment: request.comment,
    giftCardDetails: request.gift_card ? toStoredGiftCardDetails(request.gift_card) : null,
    slotIds,
    weekIds: request.academy_weeks,
  };
}

/**
 * Every item checked again against the catalogue as if it were added now (option, slots, weeks, the
 * child's age, seats beside the other items): checkout calls it with the booked units locked.
 */
export async function recheckItems(tx: Tx, cart: Pick<CartRow, "userId">, items: CartLine[]) {
  for (const item of items) {
    await checkBooking(
      tx,
      cart,
      requestOf(item),
      items.filter((other) => other.id !== item.id),
    );
  }
}
