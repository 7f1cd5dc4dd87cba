// A lesson date the school cancels (D369): every child coming that day is told in its family's language;
// each booking gets a credit or, by the page's rule, a longer period (D393); a makeup's credit is free again.
import { berlinDate, type CancelLessonInput, isClosed, type Locale } from "@atelier/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import { lockUnits } from "../checkout/index.ts";
import { cancelledLessons, makeupBookings, makeupCredits, type Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { findPauses, lengthenForCancelledLesson } from "../subscriptions/index.ts";
import { lessonClosures, lessonEnds } from "./lesson-closures.ts";
import { addDays } from "./lesson-time.ts";
import { lessonOn } from "./lesson-today.ts";
import { asItem, childName, type LessonsContext, type Staff, slotMeetsOn } from "./lessons.deps.ts";
import { type BookedItem, findBookedItems, findSlot, type SlotRow } from "./lessons.repository.ts";

type Told = { slot: SlotRow; input: CancelLessonInput };

/** The cancellation mail to the family of `item`, in its order's language. */
async function tell(
  ctx: LessonsContext,
  tx: Tx,
  item: BookedItem,
  { slot, input }: Told,
  credit: { expiresOn: string } | undefined,
  wasMakeup: boolean,
) {
  if (!item.parentEmail) return false;
  const locale: Locale = item.orderLocale;
  await enqueueMail(
    tx,
    {
      to: item.parentEmail,
      template: "lesson-cancelled",
      locale,
      data: {
        parentFirstName: item.parentFirstName,
        childName: childName(item),
        // The cancelled lesson's own offer: a makeup's child is booked into another page of its group.
        productName: slot.productName[locale] || slot.productName.de,
        date: input.date,
        start: slot.start,
        end: slot.end,
        reason: (locale === "ru" && input.reason_ru) || input.reason_de,
        outcome: credit ? "credit" : "lengthen",
        creditExpiresOn: credit?.expiresOn ?? null,
        wasMakeup,
        accountUrl: `${ctx.accountUrl}&locale=${locale}`,
      },
    },
    { publicUrl: ctx.publicUrl },
  );
  return true;
}

/** A credit for the cancelled date (an absence's credit of the same date stays, now for the cancellation). */
async function creditForCancelled(tx: Tx, item: BookedItem, date: string) {
  const [credit] = await tx
    .insert(makeupCredits)
    .values({
      userId: item.userId,
      visitorId: item.visitorId,
      productPageId: item.productPageId,
      orderItemId: item.itemId,
      reason: "cancelled",
      sourceDate: date,
      expiresOn: addDays(date, item.creditValidDays),
    })
    .onConflictDoUpdate({
      target: [makeupCredits.orderItemId, makeupCredits.sourceDate],
      set: { reason: "cancelled" },
    })
    .returning();
  return credit;
}

/**
 * What the cancelled date gives a booking (D369, D393): a makeup credit, or by the page's rule a lesson
 * more in the subscription's paid period. A child who already holds a credit for the date (reported
 * absent) keeps that credit instead, so nothing is given twice; a booking without a running subscription
 * has no period to lengthen and gets a credit, so no paid lesson is lost.
 */
async function makeGood(ctx: LessonsContext, tx: Tx, item: BookedItem, date: string) {
  if (item.cancelledLessonOutcome === "lengthen") {
    const [absence] = await tx
      .select({ id: makeupCredits.id })
      .from(makeupCredits)
      .where(and(eq(makeupCredits.orderItemId, item.itemId), eq(makeupCredits.sourceDate, date)));
    if (!absence && (await lengthenForCancelledLesson(tx, item.itemId, date, ctx.now()))) {
      return { credit: undefined, lengthened: true };
    }
  }
  return { credit: await creditForCancelled(tx, item, date), lengthened: false };
}

/** Makeups booked on the cancelled date end; their credits are free again and their families told. */
async function releaseMakeups(ctx: LessonsContext, tx: Tx, told: Told) {
  const makeups = await tx
    .update(makeupBookings)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(makeupBookings.scheduleSlotId, told.slot.id),
        eq(makeupBookings.lessonDate, told.input.date),
        isNull(makeupBookings.cancelledAt),
      ),
    )
    .returning({ creditId: makeupBookings.creditId });
  let mails = 0;
  for (const makeup of makeups) {
    const [credit] = await tx
      .update(makeupCredits)
      .set({ usedAt: null })
      .where(eq(makeupCredits.id, makeup.creditId))
      .returning();
    if (!credit) continue;
    const [source] = await findBookedItems(tx, { itemIds: [credit.orderItemId] });
    if (source && (await tell(ctx, tx, source, told, credit, true))) mails += 1;
  }
  return { children: makeups.length, mails };
}

/**
 * Staff cancel one lesson date of a slot (D369). One audited transaction; a second cancel of the date is
 * refused (`lesson_already_cancelled`), a past date too (`lesson_in_past`).
 */
export async function cancelLesson(ctx: LessonsContext, staff: Staff, input: CancelLessonInput) {
  const slot = await findSlot(ctx.db, input.slot);
  if (!slot) throw AppError.notFound();
  if (!slotMeetsOn(slot, input.date)) throw AppError.validation("date", "makeup_no_lesson");
  if (input.date < berlinDate(ctx.now())) throw AppError.validation("date", "lesson_in_past");
  // A weekly lesson on a closed day does not take place, and its subscriptions are lengthened for it (D122):
  // cancelling it too would give each child a makeup on top (D610, found by the review).
  if (slot.date === null && isClosed(input.date, await findPauses(ctx.db, slot.productPageId, input.date)))
    throw AppError.validation("date", "lesson_closed");
  const booked = await findBookedItems(ctx.db, { slotId: slot.id });
  const [closedFor, endOf] = await Promise.all([
    lessonClosures(ctx.db, booked, ctx.now()),
    lessonEnds(ctx.db, booked),
  ]);
  const items = booked.filter(
    (item) =>
      lessonOn(asItem(item), input.date, item.paidAt ?? ctx.now(), closedFor(item), endOf(item))?.slot?.id ===
      slot.id,
  );
  return ctx.db.transaction(async (tx) => {
    // The slot's lock, as a makeup booking takes it before it counts seats: a makeup booked meanwhile is
    // released below, and one after finds the date cancelled (D542).
    await lockUnits(tx, [slot.id], []);
    const [row] = await tx
      .insert(cancelledLessons)
      .values({
        scheduleSlotId: slot.id,
        lessonDate: input.date,
        reasonDe: input.reason_de,
        reasonRu: input.reason_ru,
        cancelledBy: staff.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw AppError.validation("date", "lesson_already_cancelled");
    const told = { slot, input };
    let credits = 0;
    let lengthened = 0;
    let mails = 0;
    for (const item of items) {
      const made = await makeGood(ctx, tx, item, input.date);
      const credit = made.credit;
      if (credit) credits += 1;
      if (made.lengthened) lengthened += 1;
      if (await tell(ctx, tx, item, told, credit, false)) mails += 1;
    }
    const makeups = await releaseMakeups(ctx, tx, told);
    const children = items.length + makeups.children;
    await ctx.recordAudit(tx, {
      userId: staff.id,
      userEmail: staff.email,
      resource: "cancelled_lesson",
      recordId: row.id,
      action: "create",
      before: null,
      after: {
        slot: slot.id,
        date: input.date,
        reason_de: input.reason_de,
        reason_ru: input.reason_ru,
        children,
        credits,
        lengthened,
      },
    });
    const mailed = mails + makeups.mails;
    return { id: row.id, slot: slot.id, date: input.date, children, credits, lengthened, mails: mailed };
  });
}
