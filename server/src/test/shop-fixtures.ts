import { addDays, isLessonDay, type TrialSlot, todayInBerlin } from "@atelier/contract";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { issueAuthToken } from "../accounts/auth-tokens.service.ts";
import { findClosedRangesOfPage } from "../catalogue/index.ts";
import type { Db } from "../db/client.ts";
import {
  academyWeeks,
  orderItemAcademyWeeks,
  orderItemSlots,
  orderItems,
  orders,
  productPages,
  purchaseOptions,
  scheduleSlots,
  users,
  visitors,
} from "../db/schema/index.ts";

/** Data for the cart tests: parents with tokens and children, and the seeded pages an item books. */

let parentCounter = 0;

export async function createParent(
  db: Db,
): Promise<{ id: number; key: string; headers: { authorization: string } }> {
  parentCounter += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `parent${parentCounter}-${Date.now()}@example.org`,
      firstName: "Eva",
      lastName: "Muster",
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error("no user");
  const key = await issueAuthToken(db, user.id);
  return { id: user.id, key, headers: { authorization: `Token ${key}` } };
}

/** A signed-in member of the school's staff (or an admin): a parent account with the role set. */
export async function createStaff(db: Db, role: "staff" | "admin" = "staff") {
  const member = await createParent(db);
  await db.update(users).set({ role }).where(eq(users.id, member.id));
  return member;
}

/** A birth date that makes the child `years` old today (and a month more). */
export function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 10);
}

export async function createChild(db: Db, userId: number, age: number, firstName = "Mila"): Promise<number> {
  const [row] = await db
    .insert(visitors)
    .values({ userId, firstName, lastName: "Muster", birthDate: bornYearsAgo(age) })
    .returning({ id: visitors.id });
  if (!row) throw new Error("no visitor");
  return row.id;
}

export async function pageBySlug(db: Db, slug: string) {
  const [page] = await db.select().from(productPages).where(eq(productPages.slug, slug));
  if (!page) throw new Error(`no page ${slug}`);
  const options = await db
    .select()
    .from(purchaseOptions)
    .where(eq(purchaseOptions.productPageId, page.id))
    .orderBy(asc(purchaseOptions.id));
  const slots = await db
    .select()
    .from(scheduleSlots)
    .where(eq(scheduleSlots.productPageId, page.id))
    .orderBy(asc(scheduleSlots.id));
  const weeks = await db
    .select()
    .from(academyWeeks)
    .where(and(eq(academyWeeks.productPageId, page.id), sql`${academyWeeks.endsOn} >= current_date`))
    .orderBy(asc(academyWeeks.startsOn));
  const option = (scheduleType: string) => {
    const found = options.find((o) => o.scheduleType === scheduleType);
    if (!found) throw new Error(`no option ${scheduleType} on ${slug}`);
    return found;
  };
  return { page, options, slots, weeks, option };
}

/**
 * A guest cart of `count` gift cards, each added through the shop's own API as a parent's page adds it: the
 * cart's key, its order's id and its items' ids in the order they were added.
 */
export async function guestCartOfGiftCards(
  app: { inject: FastifyInstance["inject"] },
  db: Db,
  count: number,
): Promise<{ cartId: string; orderId: number; ids: number[] }> {
  const gift = await pageBySlug(db, GIFT_CARD);
  const init = await app.inject({ method: "POST", url: "/api/v2/orders/init/" });
  const cartId = init.json().cart_id as string;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const added = await app.inject({
      method: "POST",
      url: `/api/v2/orders/items/?cart_id=${cartId}`,
      payload: { product_page: gift.page.id, purchase_option: gift.options[0]?.id },
    });
    if (added.statusCode !== 201) throw new Error(`gift card not added: ${added.body}`);
    ids.push(added.json().id);
  }
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.cartId, cartId));
  if (!order) throw new Error("the guest cart is gone");
  return { cartId, orderId: order.id, ids };
}

/** A course with weekly slots, for the age group 5-7 (seed: "kleine-maler-5-7"). */
export const COURSE_5_7 = "kleine-maler-5-7";
/** A 10+ workshop with dated sessions. */
export const WORKSHOP_10 = "toepfern-eigene-tasse";
export const ACADEMY_8_11 = "ferien-kunstakademie-8-11";
export const GIFT_CARD = "geschenkgutschein";
/** A special offer at a fixed price, no seats (seed: "familien-keramikabend"): what a code discounts in a guest cart. */
export const SPECIAL_OFFER = "familien-keramikabend";

export async function weeklySlotIds(db: Db, pageId: number): Promise<number[]> {
  const rows = await db
    .select({ id: scheduleSlots.id })
    .from(scheduleSlots)
    .where(and(eq(scheduleSlots.productPageId, pageId), isNotNull(scheduleSlots.weekday)))
    .orderBy(asc(scheduleSlots.id));
  return rows.map((r) => r.id);
}

/**
 * An order (paid unless `order` says otherwise) whose one item holds a seat in `slotId` (or in the academy
 * week `weekId`), written straight to the database as a back office or console would; the item books the
 * page's first purchase option. Returns the order's id.
 */
export async function holdSeat(
  db: Db,
  input: {
    pageId: number;
    slotId?: number;
    weekId?: number;
    order?: Partial<typeof orders.$inferInsert>;
    itemStatus?: "active" | "cancelled";
  },
): Promise<number> {
  const [option] = await db
    .select()
    .from(purchaseOptions)
    .where(eq(purchaseOptions.productPageId, input.pageId))
    .orderBy(asc(purchaseOptions.id))
    .limit(1);
  if (!option) throw new Error(`no option on page ${input.pageId}`);
  const [order] = await db
    .insert(orders)
    .values({ status: "paid", ...input.order })
    .returning({ id: orders.id });
  if (!order) throw new Error("no order");
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order.id,
      productPageId: input.pageId,
      purchaseOptionId: option.id,
      scheduleType: option.scheduleType,
      calculatedPriceCents: option.basePriceCents,
      guestVisitorRef: 1,
      ...(input.itemStatus ? { status: input.itemStatus } : {}),
    })
    .returning({ id: orderItems.id });
  if (!item) throw new Error("no item");
  if (input.slotId !== undefined)
    await db.insert(orderItemSlots).values({ orderItemId: item.id, scheduleSlotId: input.slotId });
  if (input.weekId !== undefined)
    await db.insert(orderItemAcademyWeeks).values({ orderItemId: item.id, academyWeekId: input.weekId });
  return order.id;
}

/**
 * The first day at least `days` days ahead on which the page's course meets (D297: a trial is asked for on
 * one of its lesson days, not on any day).
 */
export async function lessonDayIn(db: Db, page: { page: { id: number }; slots: TrialSlot[] }, days: number) {
  const closed = await findClosedRangesOfPage(db, page.page.id, todayInBerlin());
  let day = addDays(todayInBerlin(), days);
  while (!isLessonDay(day, page.slots, closed)) day = addDays(day, 1);
  return day;
}
