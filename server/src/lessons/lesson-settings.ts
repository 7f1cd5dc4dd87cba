// The reminders' switches (D370) and the list of cancelled lesson dates (D369) staff read.
import { berlinDate, type Locale, REMINDER_KINDS, type ReminderKind } from "@atelier/contract";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { cancelledLessons, lessonSettings, productPages, scheduleSlots } from "../db/index.ts";
import type { LessonsContext, Staff } from "./lessons.deps.ts";

export async function reminderSettings(ctx: LessonsContext): Promise<ReminderKind[]> {
  const [row] = await ctx.db.select().from(lessonSettings);
  return (row?.remindersOff ?? []).filter((kind): kind is ReminderKind =>
    (REMINDER_KINDS as readonly string[]).includes(kind),
  );
}

export async function setReminderSettings(ctx: LessonsContext, staff: Staff, off: ReminderKind[]) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(lessonSettings).for("update");
    await tx
      .insert(lessonSettings)
      .values({ id: 1, remindersOff: off })
      .onConflictDoUpdate({ target: lessonSettings.id, set: { remindersOff: off, updatedAt: sql`now()` } });
    await ctx.recordAudit(tx, {
      userId: staff.id,
      userEmail: staff.email,
      resource: "lesson_settings",
      recordId: 1,
      action: "update",
      before: { reminders_off: before?.remindersOff ?? [] },
      after: { reminders_off: off },
    });
    return { reminders_off: off };
  });
}

/** Cancelled lesson dates from a day on with their offer and time (the back office's list). */
export async function cancellationsView(ctx: LessonsContext, from: string | undefined, locale: Locale) {
  const rows = await ctx.db
    .select({
      id: cancelledLessons.id,
      slot: cancelledLessons.scheduleSlotId,
      date: cancelledLessons.lessonDate,
      reasonDe: cancelledLessons.reasonDe,
      reasonRu: cancelledLessons.reasonRu,
      createdAt: cancelledLessons.createdAt,
      start: scheduleSlots.start,
      end: scheduleSlots.end,
      productPage: productPages.id,
      productName: productPages.name,
    })
    .from(cancelledLessons)
    .innerJoin(scheduleSlots, eq(scheduleSlots.id, cancelledLessons.scheduleSlotId))
    .innerJoin(productPages, eq(productPages.id, scheduleSlots.productPageId))
    .where(gte(cancelledLessons.lessonDate, from ?? berlinDate(ctx.now())))
    .orderBy(asc(cancelledLessons.lessonDate), asc(scheduleSlots.start));
  return rows.map((row) => ({
    id: row.id,
    slot: row.slot,
    date: row.date,
    start: row.start.slice(0, 5),
    end: row.end.slice(0, 5),
    product_page: row.productPage,
    product_name: row.productName[locale] || row.productName.de,
    reason: (locale === "ru" && row.reasonRu) || row.reasonDe,
    cancelled_at: row.createdAt.toISOString(),
  }));
}

/**
 * The coming cancelled dates of a published page's slots (D391): what its product page shows under the
 * schedule, with the reason in the reader's language. No names, no counts: a stranger may read it.
 */
export async function pageCancellations(ctx: LessonsContext, pageId: number, locale: Locale) {
  const rows = await ctx.db
    .select({
      date: cancelledLessons.lessonDate,
      slot: cancelledLessons.scheduleSlotId,
      start: scheduleSlots.start,
      end: scheduleSlots.end,
      reasonDe: cancelledLessons.reasonDe,
      reasonRu: cancelledLessons.reasonRu,
    })
    .from(cancelledLessons)
    .innerJoin(scheduleSlots, eq(scheduleSlots.id, cancelledLessons.scheduleSlotId))
    .innerJoin(productPages, eq(productPages.id, scheduleSlots.productPageId))
    .where(
      and(
        eq(productPages.id, pageId),
        eq(productPages.isPublished, true),
        gte(cancelledLessons.lessonDate, berlinDate(ctx.now())),
      ),
    )
    .orderBy(asc(cancelledLessons.lessonDate), asc(scheduleSlots.start));
  return rows.map((row) => ({
    date: row.date,
    slot: row.slot,
    start: row.start.slice(0, 5),
    end: row.end.slice(0, 5),
    reason: (locale === "ru" ? row.reasonRu : row.reasonDe) || row.reasonDe,
  }));
}

/** Cancelled lesson dates from `from` on, of some slots or all (product page, .ics, check-in). */
export async function cancellations(ctx: LessonsContext, from: string, slotIds?: number[]) {
  return ctx.db
    .select()
    .from(cancelledLessons)
    .where(
      and(
        gte(cancelledLessons.lessonDate, from),
        slotIds ? inArray(cancelledLessons.scheduleSlotId, slotIds.length ? slotIds : [-1]) : undefined,
      ),
    )
    .orderBy(asc(cancelledLessons.lessonDate));
}
