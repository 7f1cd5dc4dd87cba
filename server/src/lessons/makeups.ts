// Makeup credits and bookings (D367, D368): the parent's credits with their expiry, the dates a credit can
// be used on, and the booking under the credit's and the slot's locks.
import { berlinDate, type CreditView, type Locale, type MakeupInput } from "@atelier/contract";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { lockUnits } from "../checkout/index.ts";
import {
  type DbOrTx,
  makeupBookings,
  makeupCredits,
  productPages,
  scheduleSlots,
  visitors,
} from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { lessonClosures, lessonEnds } from "./lesson-closures.ts";
import { addDays, berlinInstant } from "./lesson-time.ts";
import { lessonOn } from "./lesson-today.ts";
import {
  asItem,
  childName,
  HORIZON_DAYS,
  isLessonCancelled,
  type LessonsContext,
  slotMeetsOn,
} from "./lessons.deps.ts";
import {
  findBookedItems,
  findChildMakeups,
  findClosures,
  findMakeupSlots,
  findPageRules,
  findSlot,
  lockChildMakeups,
  type SlotRow,
  seatsTakenOn,
} from "./lessons.repository.ts";

/** The makeups booked with these credits (not cancelled by the school). */
async function makeupsOf(db: DbOrTx, creditIds: number[]) {
  if (creditIds.length === 0) return [];
  return db
    .select({
      creditId: makeupBookings.creditId,
      slot: makeupBookings.scheduleSlotId,
      date: makeupBookings.lessonDate,
      start: scheduleSlots.start,
      end: scheduleSlots.end,
    })
    .from(makeupBookings)
    .innerJoin(scheduleSlots, eq(scheduleSlots.id, makeupBookings.scheduleSlotId))
    .where(and(inArray(makeupBookings.creditId, creditIds), isNull(makeupBookings.cancelledAt)));
}

/** A family's credits, newest first, with their state and the makeup they booked. */
export async function creditsOf(ctx: LessonsContext, userId: number, locale: Locale): Promise<CreditView[]> {
  const rows = await ctx.db
    .select({
      id: makeupCredits.id,
      productPage: makeupCredits.productPageId,
      productName: productPages.name,
      reason: makeupCredits.reason,
      sourceDate: makeupCredits.sourceDate,
      expiresOn: makeupCredits.expiresOn,
      usedAt: makeupCredits.usedAt,
      firstName: visitors.firstName,
      lastName: visitors.lastName,
    })
    .from(makeupCredits)
    .innerJoin(productPages, eq(productPages.id, makeupCredits.productPageId))
    .leftJoin(visitors, eq(visitors.id, makeupCredits.visitorId))
    .where(eq(makeupCredits.userId, userId))
    .orderBy(desc(makeupCredits.sourceDate), desc(makeupCredits.id));
  const bookings = await makeupsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  const today = berlinDate(ctx.now());
  return rows.map((row) => {
    const booking = bookings.find((one) => one.creditId === row.id);
    return {
      id: row.id,
      visitor_name: childName({ visitorFirstName: row.firstName ?? "", visitorLastName: row.lastName ?? "" }),
      product_page: row.productPage,
      product_name: row.productName[locale] || row.productName.de,
      reason: row.reason as CreditView["reason"],
      source_date: row.sourceDate,
      expires_on: row.expiresOn,
      status: row.usedAt ? "used" : row.expiresOn < today ? "expired" : "open",
      makeup: booking
        ? {
            slot: booking.slot,
            date: booking.date,
            start: booking.start.slice(0, 5),
            end: booking.end.slice(0, 5),
          }
        : null,
    };
  });
}

/** Whether a makeup in `slot` on `date` is possible by the calendar, the school's closures and cancellations. */
async function takesPlace(ctx: LessonsContext, dbx: DbOrTx, slot: SlotRow, date: string) {
  if (slot.archived || !slotMeetsOn(slot, date)) return false;
  if (berlinInstant(date, slot.start) <= ctx.now()) return false;
  if ((await findClosures(dbx, slot.locationId, date, date)).length > 0) return false;
  return !(await isLessonCancelled(dbx, slot.id, date));
}

/**
 * The dates a credit can be used on: the slots of its page and of pages staff marked equivalent (the same
 * makeup group, D367), until the credit expires, each with the seats left on that date.
 */
export async function makeupOptions(ctx: LessonsContext, userId: number, creditId: number, locale: Locale) {
  const [credit] = await ctx.db
    .select()
    .from(makeupCredits)
    .where(and(eq(makeupCredits.id, creditId), eq(makeupCredits.userId, userId)));
  if (!credit) throw AppError.notFound();
  const today = berlinDate(ctx.now());
  const options: {
    slot: number;
    product_page: number;
    product_name: string;
    date: string;
    start: string;
    end: string;
    seats_left: number;
  }[] = [];
  if (credit.usedAt || credit.expiresOn < today) return options;
  const horizon = addDays(today, HORIZON_DAYS);
  const until = credit.expiresOn < horizon ? credit.expiresOn : horizon;
  const attends = await childLessons(ctx, ctx.db, credit);
  for (const slot of await findMakeupSlots(ctx.db, credit.productPageId)) {
    for (let date = today; date <= until; date = addDays(date, 1)) {
      // Not a lesson the child is in already: its own group, or another make-up (D517).
      if (attends(slot.id, date)) continue;
      if (!(await takesPlace(ctx, ctx.db, slot, date))) continue;
      options.push({
        slot: slot.id,
        product_page: slot.productPageId,
        product_name: slot.productName[locale] || slot.productName.de,
        date,
        start: slot.start,
        end: slot.end,
        seats_left: Math.max(0, slot.seats - (await seatsTakenOn(ctx.db, slot.id, date))),
      });
    }
  }
  return options.sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
}

/**
 * Whether the credit's child is in a lesson already (D517): its own group that day, as its bookings give
 * it lessons (`lessonOn`: from the day paid, a meeting card within its weeks, a cancelled subscription up to
 * its last paid day), or a make-up booked there.
 */
async function childLessons(
  ctx: LessonsContext,
  dbx: DbOrTx,
  credit: { userId: number | null; visitorId: number | null },
): Promise<(slotId: number, date: string) => boolean> {
  if (credit.visitorId === null || credit.userId === null) return () => false;
  const visitorId = credit.visitorId;
  const made = await findChildMakeups(dbx, visitorId);
  const own = (await findBookedItems(dbx, { userId: credit.userId })).filter(
    (item) => item.visitorId === visitorId,
  );
  const [closedFor, endOf] = await Promise.all([lessonClosures(dbx, own, ctx.now()), lessonEnds(dbx, own)]);
  return (slotId, date) =>
    made.has(`${slotId}@${date}`) ||
    own.some(
      (item) =>
        item.slots.some((slot) => slot.id === slotId) &&
        lessonOn(asItem(item), date, item.paidAt ?? ctx.now(), closedFor(item), endOf(item))?.slot?.id ===
          slotId,
    );
}

/** Whether a credit of page `creditPage` may be used in `slot`: its own page or one of the same group. */
async function usableIn(dbx: DbOrTx, creditPage: number, slot: SlotRow) {
  if (slot.productPageId === creditPage) return true;
  const own = await findPageRules(dbx, creditPage);
  return Boolean(own?.makeupGroup && own.makeupGroup === slot.makeupGroup);
}

/**
 * Uses a credit for one date of a slot (D368): the credit's row lock makes two tabs use it once, and the
 * slot's lock (the one checkout takes) makes the last seat of that date go to one booking.
 */
export async function bookMakeup(ctx: LessonsContext, userId: number, input: MakeupInput) {
  return ctx.db.transaction(async (tx) => {
    const [credit] = await tx
      .select()
      .from(makeupCredits)
      .where(and(eq(makeupCredits.id, input.credit), eq(makeupCredits.userId, userId)))
      .for("update");
    if (!credit) throw AppError.notFound();
    if (credit.usedAt) throw AppError.validation("credit", "credit_used");
    if (credit.expiresOn < berlinDate(ctx.now()) || input.date > credit.expiresOn)
      throw AppError.validation("credit", "credit_expired");
    const slot = await findSlot(tx, input.slot);
    if (!slot || !(await usableIn(tx, credit.productPageId, slot)))
      throw AppError.validation("slot", "makeup_slot_not_allowed");
    if (!(await takesPlace(ctx, tx, slot, input.date))) throw AppError.validation("date", "makeup_no_lesson");
    // One seat per child in a lesson: not its own group, nor a lesson it made up already (D517). The
    // credit's row lock serialises this child's bookings of one credit; two credits of one child are
    // serialised by the child's lock.
    if (credit.visitorId !== null) await lockChildMakeups(tx, credit.visitorId);
    if ((await childLessons(ctx, tx, credit))(slot.id, input.date))
      throw AppError.validation("date", "makeup_child_attends");
    await lockUnits(tx, [slot.id], []);
    // Asked again under the slot's lock: staff may have cancelled the date meanwhile (D542).
    if (await isLessonCancelled(tx, slot.id, input.date))
      throw AppError.validation("date", "makeup_no_lesson");
    if ((await seatsTakenOn(tx, slot.id, input.date)) >= slot.seats)
      throw AppError.validation("date", "makeup_full");
    const [booking] = await tx
      .insert(makeupBookings)
      .values({
        creditId: credit.id,
        visitorId: credit.visitorId,
        scheduleSlotId: slot.id,
        lessonDate: input.date,
      })
      .returning();
    await tx.update(makeupCredits).set({ usedAt: sql`now()` }).where(eq(makeupCredits.id, credit.id));
    if (!booking) throw new Error("makeup insert returned no row");
    return {
      id: booking.id,
      credit: credit.id,
      slot: slot.id,
      date: input.date,
      start: slot.start,
      end: slot.end,
    };
  });
}
