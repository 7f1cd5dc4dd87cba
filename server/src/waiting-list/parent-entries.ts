// A parent's side of the waiting lists (issue #9, D78–D79): joining checks the booking exactly as the cart
// would and accepts only when the one thing wrong is that no seat is left; an offer is accepted into the
// parent's cart by the cart's own rules, where the offer's seat counts as this child's.
import {
  type Locale,
  WAITING_LIST_MAX_JOINS_PER_DAY,
  WAITING_LIST_MAX_OPEN_ENTRIES,
  type WaitingListEntry,
  type WaitingListJoin,
  type WaitingOfferAccepted,
} from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import { addBooking, checkBooking, lockCart } from "../orders/index.ts";
import { unitsOf, type WaitingListContext } from "./waiting-list.deps.ts";
import {
  countOpenEntries,
  countRecentJoins,
  type EntryRow,
  findEntryOfUser,
  findItemOrder,
  findOfferOfUser,
  findOpenEntry,
  findOptionPage,
  insertEntry,
  type ListedEntry,
  listEntries,
  lockAccountJoins,
  type Unit,
  updateEntry,
} from "./waiting-list.repository.ts";
import { mailJoined, notifyStaffOfEntry } from "./waiting-list-mails.ts";

export function toEntry(row: ListedEntry): WaitingListEntry {
  const { entry } = row;
  const offerRuns = entry.status === "offered";
  return {
    id: entry.id,
    status: entry.status,
    visitor: entry.visitorId,
    visitor_name: `${row.visitorFirstName} ${row.visitorLastName}`.trim(),
    product_page: {
      id: entry.productPageId,
      name: row.pageName,
      slug: row.pageSlug,
      product_type: row.productType,
    },
    purchase_option: entry.purchaseOptionId,
    purchase_option_name: row.optionName,
    ...unitsOf(entry, row),
    position: row.position,
    offer_token: offerRuns ? entry.offerToken : null,
    offer_expires_at: offerRuns ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
    created_at: entry.createdAt.toISOString(),
  };
}

/** The booking an entry stands for, as the cart checks it: one slot or one week. */
export const bookingOf = (entry: EntryRow) => ({
  product: null,
  product_page: entry.productPageId,
  purchase_option: entry.purchaseOptionId,
  visitor: entry.visitorId,
  schedule_slots: entry.scheduleSlotId === null ? [] : [entry.scheduleSlotId],
  academy_weeks: entry.academyWeekId === null ? [] : [entry.academyWeekId],
  academy_number_of_weeks: entry.academyWeekId === null ? null : 1,
  comment: "",
});

export async function view(
  { db }: WaitingListContext,
  userId: number,
  id: number,
  locale: Locale,
): Promise<WaitingListEntry> {
  const [row] = await listEntries(db, userId, locale, [id]);
  if (!row) throw AppError.notFound();
  return toEntry(row);
}

/** `POST /orders/waiting_list/`: 201 with a new entry, 200 with the child's entry already there. */
export async function join(
  ctx: WaitingListContext,
  userId: number,
  body: WaitingListJoin,
  locale: Locale,
): Promise<{ created: boolean; entry: WaitingListEntry }> {
  const id = await ctx.db.transaction(async (tx) => {
    await lockAccountJoins(tx, userId);
    const pageId = await findOptionPage(tx, body.purchase_option);
    if (pageId === undefined) throw AppError.validation("purchase_option", "option_not_on_page");
    const unit: Unit =
      body.schedule_slot !== null
        ? { kind: "slot", id: body.schedule_slot }
        : { kind: "week", id: body.academy_week ?? 0 };
    const request = {
      product: null,
      product_page: pageId,
      purchase_option: body.purchase_option,
      visitor: body.visitor,
      schedule_slots: unit.kind === "slot" ? [unit.id] : [],
      academy_weeks: unit.kind === "week" ? [unit.id] : [],
      academy_number_of_weeks: unit.kind === "week" ? 1 : null,
      comment: "",
    };
    // The cart's own rules (the child is the parent's, age, option, slot of the page, not booked yet):
    // the one failure a waiting list answers is "no seats left".
    try {
      await checkBooking(tx, { userId }, request, []);
      throw AppError.validation("non_field_errors", "seats_available");
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "no_seats_left") throw inWaitingListFields(error);
    }
    const existing = await findOpenEntry(tx, body.visitor, unit);
    if (existing) return { id: existing.id, created: false };
    if ((await countOpenEntries(tx, userId)) >= WAITING_LIST_MAX_OPEN_ENTRIES)
      throw AppError.validation("non_field_errors", "waiting_list_full");
    if ((await countRecentJoins(tx, userId)) >= WAITING_LIST_MAX_JOINS_PER_DAY)
      throw AppError.validation("non_field_errors", "waiting_list_joins_too_many");
    const row = await insertEntry(tx, {
      userId,
      visitorId: body.visitor,
      productPageId: pageId,
      purchaseOptionId: body.purchase_option,
      scheduleSlotId: unit.kind === "slot" ? unit.id : null,
      academyWeekId: unit.kind === "week" ? unit.id : null,
      locale,
    });
    if (row) {
      await notifyStaffOfEntry(ctx, tx, row.id);
      await mailJoined(ctx, tx, userId, row.id, locale);
      return { id: row.id, created: true };
    }
    const raced = await findOpenEntry(tx, body.visitor, unit);
    if (!raced) throw new Error("waiting list entry neither inserted nor found");
    return { id: raced.id, created: false };
  });
  return { created: id.created, entry: await view(ctx, userId, id.id, locale) };
}

/** `DELETE /orders/waiting_list/{id}/`: leaves the list; a running offer's seat goes to the next. */
export async function leave({ db }: WaitingListContext, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const entry = await findEntryOfUser(tx, userId, id, true);
    if (!entry) throw AppError.notFound();
    if (entry.status === "waiting" || entry.status === "offered")
      await updateEntry(tx, id, { status: "left" });
  });
}

/** `GET /orders/waiting_list/offer/{token}/`: the offer, for the parent it was made to only. */
export async function offerOf(ctx: WaitingListContext, userId: number, token: string, locale: Locale) {
  const found = await findOfferOfUser(ctx.db, userId, token);
  if (!found) throw AppError.notFound();
  return view(ctx, userId, found.entry.id, locale);
}

/**
 * `POST /orders/waiting_list/offer/{token}/accept/`: the offered booking goes into the parent's cart,
 * checked by the cart's rules, where the running offer's seat counts as this child's. Repeating it
 * answers the same item.
 */
export async function accept(
  ctx: WaitingListContext,
  userId: number,
  token: string,
  locale: Locale,
): Promise<WaitingOfferAccepted> {
  const result = await ctx.db.transaction(async (tx) => {
    const current = await lockCart(ctx.cartDeps, tx, { userId }, locale);
    const found = await findOfferOfUser(tx, userId, token, true);
    if (!found) throw AppError.notFound();
    const { entry, runs } = found;
    if (entry.status !== "offered" || !runs) throw AppError.validation("non_field_errors", "offer_expired");
    if (entry.orderItemId !== null) {
      const orderId = await findItemOrder(tx, entry.orderItemId);
      if (orderId === current.id) return { id: entry.id, order: current.id, item: entry.orderItemId };
    }
    const item = await addBooking(ctx.cartDeps, tx, current, bookingOf(entry));
    await updateEntry(tx, entry.id, { orderItemId: item, acceptedAt: new Date() });
    return { id: entry.id, order: current.id, item };
  });
  return { entry: await view(ctx, userId, result.id, locale), order: result.order, order_item: result.item };
}

export const listOf = async ({ db }: WaitingListContext, userId: number, locale: Locale) =>
  (await listEntries(db, userId, locale)).map(toEntry);

/**
 * The cart's refusals name the cart's fields (`schedule_slots`, `academy_weeks`); this request sends
 * `schedule_slot` or `academy_week`, so a client puts the message at the field it sent (D497).
 */
const WAITING_LIST_FIELDS: Readonly<Record<string, string>> = {
  schedule_slots: "schedule_slot",
  academy_weeks: "academy_week",
  academy_number_of_weeks: "academy_week",
};

function inWaitingListFields(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const rename = (field: string) => WAITING_LIST_FIELDS[field] ?? field;
  const fields = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([field, codes]) => [rename(field), codes]))
    : undefined;
  if (error.field === undefined && !fields) return error;
  return new AppError(
    error.code,
    error.status,
    error.field === undefined ? undefined : rename(error.field),
    fields,
    error.params,
  );
}
