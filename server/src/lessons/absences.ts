// The parent's coming lessons and "won't come" (D366), from the account or the reminder's link (D371).
import { randomBytes } from "node:crypto";
import { berlinDate, type ComingLesson, type Locale } from "@atelier/contract";
import { and, eq, gte, sql } from "drizzle-orm";
import { absenceLinks, type DbOrTx, lessonAbsences, makeupCredits, type Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { lessonClosures, lessonEnds } from "./lesson-closures.ts";
import { addDays, berlinInstant } from "./lesson-time.ts";
import { lessonOn } from "./lesson-today.ts";
import {
  asItem,
  childName,
  closedOn,
  HORIZON_DAYS,
  type LessonsContext,
  rulesView,
  sha256,
} from "./lessons.deps.ts";
import {
  type BookedItem,
  findBookedItems,
  findCancellations,
  findClosures,
  lockItem,
} from "./lessons.repository.ts";

/** The last day a cancelled subscription has lessons (its last paid day), or undefined for any other booking. */
async function lastLessonDay(dbx: DbOrTx, item: BookedItem): Promise<string | undefined> {
  return (await lessonEnds(dbx, [item]))(item);
}

/**
 * The booking's coming lessons from today for `HORIZON_DAYS`, with what stands on each; a cancelled
 * subscription's up to its end only.
 */
export async function comingLessons(
  ctx: LessonsContext,
  dbx: DbOrTx,
  item: BookedItem,
  /** The booking's last lesson day when the caller has read it (`lastLessonDay`), so it is not read again. */
  known?: { lastDay: string | undefined },
): Promise<ComingLesson[]> {
  const today = berlinDate(ctx.now());
  const horizon = addDays(today, HORIZON_DAYS);
  const paidAt = item.paidAt ?? ctx.now();
  const lastDay = known ? known.lastDay : await lastLessonDay(dbx, item);
  const until = lastDay !== undefined && lastDay < horizon ? lastDay : horizon;
  const [closedFor, closures, cancelled, absences] = await Promise.all([
    lessonClosures(dbx, [item], ctx.now()),
    findClosures(dbx, item.locationId, today, until),
    findCancellations(
      dbx,
      item.slots.map((slot) => slot.id),
      today,
      until,
    ),
    dbx
      .select({ date: lessonAbsences.lessonDate })
      .from(lessonAbsences)
      .where(and(eq(lessonAbsences.orderItemId, item.itemId), gte(lessonAbsences.lessonDate, today))),
  ]);
  // The course's pauses (and the school's breaks) beside the house's closures: a paused day is no lesson,
  // as the roster and the door say (D610), and its subscription is paid longer for it (D122).
  const paused = closedFor(item);
  const lessons: ComingLesson[] = [];
  for (let date = today; date <= until; date = addDays(date, 1)) {
    const lesson = lessonOn(asItem(item), date, paidAt, paused);
    if (!lesson?.slot) continue;
    const start = berlinInstant(date, lesson.slot.start);
    if (start <= ctx.now()) continue;
    const status = cancelled.some((row) => row.scheduleSlotId === lesson.slot?.id && row.lessonDate === date)
      ? "cancelled"
      : closedOn(closures, date)
        ? "closed"
        : closedOn(paused, date)
          ? "paused"
          : absences.some((row) => row.date === date)
            ? "absent"
            : "coming";
    const cutoff = start.getTime() - item.absenceCutoffMinutes * 60_000;
    lessons.push({
      date,
      slot: lesson.slot.id,
      start: lesson.slot.start,
      end: lesson.slot.end,
      status,
      can_report: status === "coming" && ctx.now().getTime() < cutoff,
    });
  }
  return lessons;
}

export async function ownItem(ctx: LessonsContext, userId: number, itemId: number): Promise<BookedItem> {
  const [item] = await findBookedItems(ctx.db, { itemIds: [itemId] });
  if (!item || item.userId !== userId) throw AppError.notFound();
  return item;
}

/** One credit for an absence on `date`, unless the month's limit of the booking is reached (under its lock). */
async function creditForAbsence(tx: Tx, item: BookedItem, date: string) {
  const [given] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(makeupCredits)
    .where(
      and(
        eq(makeupCredits.orderItemId, item.itemId),
        eq(makeupCredits.reason, "absence"),
        sql`to_char(${makeupCredits.sourceDate}, 'YYYY-MM') = ${date.slice(0, 7)}`,
      ),
    );
  if ((given?.n ?? 0) >= item.creditsPerMonth) return undefined;
  const [credit] = await tx
    .insert(makeupCredits)
    .values({
      userId: item.userId,
      visitorId: item.visitorId,
      productPageId: item.productPageId,
      orderItemId: item.itemId,
      reason: "absence",
      sourceDate: date,
      expiresOn: addDays(date, item.creditValidDays),
    })
    .onConflictDoNothing()
    .returning({ id: makeupCredits.id, expires_on: makeupCredits.expiresOn });
  return credit;
}

/**
 * Marks dates of one booking "won't come" (D366), each before the cut-off; where the page allows, each
 * new absence gives a credit, at most `credits_per_month` per booking and calendar month of the lesson
 * (counted under the booking's lock, so two tabs cannot both take the last one). Repeatable.
 */
export async function report(
  ctx: LessonsContext,
  item: BookedItem,
  dates: string[],
  reportedBy: number | null,
) {
  const lastDay = await lastLessonDay(ctx.db, item);
  const coming = await comingLessons(ctx, ctx.db, item, { lastDay });
  for (const date of dates) {
    const lesson = coming.find((one) => one.date === date);
    if (!lesson && lastDay !== undefined && date > lastDay)
      throw AppError.validation("dates", "absence_after_contract_end");
    if (!lesson) throw AppError.validation("dates", "absence_not_a_lesson");
    if (lesson.status === "absent") continue;
    // No lesson takes place that day: nothing to report, and no credit for it.
    if (lesson.status === "closed" || lesson.status === "paused")
      throw AppError.validation("dates", "absence_not_a_lesson");
    if (!lesson.can_report) throw AppError.validation("dates", "absence_too_late");
  }
  return ctx.db.transaction(async (tx) => {
    await lockItem(tx, item.itemId);
    const credits: { id: number; expires_on: string }[] = [];
    for (const date of [...new Set(dates)].sort()) {
      const lesson = coming.find((one) => one.date === date);
      const [inserted] = await tx
        .insert(lessonAbsences)
        .values({
          orderItemId: item.itemId,
          lessonDate: date,
          scheduleSlotId: lesson?.slot ?? null,
          reportedBy,
        })
        .onConflictDoNothing()
        .returning({ id: lessonAbsences.id });
      if (!inserted || !item.makeupAllowed) continue;
      const credit = await creditForAbsence(tx, item, date);
      if (credit) credits.push(credit);
    }
    return { lessons: await comingLessons(ctx, tx, item), credits };
  });
}

/** A signed link for a booking's absences (D371): a random token, only its hash stored. */
export async function createAbsenceLink(ctx: LessonsContext, tx: DbOrTx, itemId: number, until: string) {
  const token = randomBytes(24).toString("base64url");
  await tx.insert(absenceLinks).values({
    tokenHash: sha256(token),
    orderItemId: itemId,
    expiresAt: berlinInstant(addDays(until, 1), "00:00"),
  });
  return `${ctx.webUrl.replace(/\/$/, "")}/absence/${token}`;
}

export async function itemOfLink(ctx: LessonsContext, token: string): Promise<BookedItem> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw AppError.validation("token", "absence_link_invalid");
  const [link] = await ctx.db
    .select()
    .from(absenceLinks)
    .where(and(eq(absenceLinks.tokenHash, sha256(token)), sql`${absenceLinks.expiresAt} > now()`));
  if (!link) throw AppError.validation("token", "absence_link_invalid");
  const [item] = await findBookedItems(ctx.db, { itemIds: [link.orderItemId] });
  if (!item) throw AppError.validation("token", "absence_link_invalid");
  return item;
}

/** A booking as the parent's list and the link's page show it: the child, the course, rules and dates. */
export async function bookingView(ctx: LessonsContext, item: BookedItem, locale: Locale) {
  return {
    order_item: item.itemId,
    visitor_name: childName(item),
    product_page: item.productPageId,
    product_name: item.productName[locale] || item.productName.de,
    rules: rulesView(item),
    lessons: await comingLessons(ctx, ctx.db, item),
  };
}

/** The parent's bookings with lessons: coming dates and what stands on each. */
export async function lessonsOf(ctx: LessonsContext, userId: number, locale: Locale) {
  const items = await findBookedItems(ctx.db, { userId });
  return Promise.all(items.map((item) => bookingView(ctx, item, locale)));
}
