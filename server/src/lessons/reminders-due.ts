// Which reminders are due tomorrow (D370): first lessons of courses and workshops, academy weeks, trial
// visits and makeups that take place, each with its key.
import { berlinDate, type Locale, type LocalizedText, type ReminderKind } from "@atelier/contract";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import {
  academyWeeks,
  type DbOrTx,
  idIn,
  lessonAbsences,
  makeupBookings,
  makeupCredits,
  orderItemAcademyWeeks,
  orderItems,
  orders,
  productPages,
  scheduleSlots,
  users,
  visitors,
  visitRequests,
} from "../db/index.ts";
import { lessonClosures, lessonEnds } from "./lesson-closures.ts";
import { addDays, berlinInstant } from "./lesson-time.ts";
import { heldLessonOn, type LessonItem } from "./lesson-today.ts";
import { closedOn } from "./lessons.deps.ts";
import { findBookedItems, findCancellations, findClosures } from "./lessons.repository.ts";

export type Due = {
  key: string;
  kind: ReminderKind;
  to: string;
  locale: Locale;
  parentFirstName: string;
  childName: string;
  productName: LocalizedText;
  whatToBring: LocalizedText;
  locationId: number | null;
  date: string;
  start: string;
  end: string;
  /** The booking whose absences the mail's link reports; null for a trial visit or a makeup. */
  absenceItem: number | null;
};

async function takesPlace(db: DbOrTx, locationId: number | null, slotId: number | null, date: string) {
  if ((await findClosures(db, locationId, date, date)).length > 0) return false;
  return slotId === null || (await findCancellations(db, [slotId], date, date)).length === 0;
}

/** Each booking's dates its child was reported absent: the first lesson is the first one they come to. */
async function absencesOf(db: DbOrTx, itemIds: number[]) {
  const byItem = new Map<number, Set<string>>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({ itemId: lessonAbsences.orderItemId, date: lessonAbsences.lessonDate })
    .from(lessonAbsences)
    .where(idIn(lessonAbsences.orderItemId, itemIds));
  for (const row of rows) {
    const dates = byItem.get(row.itemId) ?? new Set<string>();
    dates.add(row.date);
    byItem.set(row.itemId, dates);
  }
  return byItem;
}

/**
 * Whether a lesson takes place, from the closures and cancelled dates of [from, tomorrow] read once per
 * round (one statement per house and one for every booked slot), not twice per booking and day: on years
 * of bookings the round asked thousands of statements.
 */
async function calendarOf(db: DbOrTx, slotIds: number[], from: string, to: string) {
  const closuresOf = new Map<number | null, Promise<{ startsOn: string; endsOn: string }[]>>();
  const cancelled = new Set(
    (await findCancellations(db, [...new Set(slotIds)], from, to)).map(
      (row) => `${row.scheduleSlotId}:${row.lessonDate}`,
    ),
  );
  return async (locationId: number | null, slotId: number, date: string) => {
    let closures = closuresOf.get(locationId);
    if (!closures) {
      closures = findClosures(db, locationId, from, to);
      closuresOf.set(locationId, closures);
    }
    return !closedOn(await closures, date) && !cancelled.has(`${slotId}:${date}`);
  };
}

/** Bookings of slots whose first lesson that takes place (and the child comes to) is `tomorrow`. */
export async function firstLessons(db: DbOrTx, now: () => Date, tomorrow: string): Promise<Due[]> {
  const since = new Date(now().getTime() - 180 * 24 * 60 * 60 * 1000);
  const due: Due[] = [];
  const items = await findBookedItems(db, { paidSince: since });
  if (items.length === 0) return due;
  const paidOnOf = (item: (typeof items)[number]) => berlinDate(item.paidAt ?? now());
  const from = items.map(paidOnOf).reduce((a, b) => (a < b ? a : b));
  const absences = await absencesOf(
    db,
    items.map((item) => item.itemId),
  );
  // A cancelled subscription has no lesson after its last paid day (D635, D647): no reminder for one.
  const [closedFor, endOf] = await Promise.all([lessonClosures(db, items, now()), lessonEnds(db, items)]);
  const takesPlaceOn = await calendarOf(
    db,
    items.flatMap((item) => item.slots.map((slot) => slot.id)),
    from,
    tomorrow,
  );
  for (const item of items) {
    const paidOn = paidOnOf(item);
    const lessonItem: LessonItem = {
      slots: item.slots,
      weeks: [],
      recurrentPriceCents: item.recurrentPriceCents,
      numberOfMeetings: item.numberOfMeetings,
    };
    let first: { date: string; slot: { id: number; start: string; end: string } } | null = null;
    const absent = absences.get(item.itemId) ?? new Set<string>();
    for (let date = paidOn; date <= tomorrow; date = addDays(date, 1)) {
      // No lesson on a day the course pauses either (D610): the first one is the next held.
      const lesson = heldLessonOn(lessonItem, date, item.paidAt ?? paidOn, closedFor(item), endOf(item));
      if (!lesson?.slot || absent.has(date)) continue;
      // A lesson of the payment's day that began before the payment is not the first one the parent
      // bought (D250): the contract, the invoice and the mail name next week's, and so does the reminder.
      if (date === paidOn && item.paidAt && berlinInstant(date, lesson.slot.start) <= item.paidAt) continue;
      if (!(await takesPlaceOn(item.locationId, lesson.slot.id, date))) continue;
      first = { date, slot: lesson.slot };
      break;
    }
    if (!first || first.date !== tomorrow || !item.parentEmail) continue;
    due.push({
      key: `first:${item.itemId}`,
      kind: "first_lesson",
      to: item.parentEmail,
      locale: item.orderLocale,
      parentFirstName: item.parentFirstName,
      childName: [item.visitorFirstName, item.visitorLastName].filter(Boolean).join(" "),
      productName: item.productName,
      whatToBring: item.whatToBring,
      locationId: item.locationId,
      date: tomorrow,
      start: first.slot.start,
      end: first.slot.end,
      absenceItem: item.itemId,
    });
  }
  return due;
}

export async function academyWeeksStarting(db: DbOrTx, tomorrow: string): Promise<Due[]> {
  const rows = await db
    .select({
      itemId: orderItems.id,
      locale: orders.locale,
      email: users.email,
      parentFirstName: users.firstName,
      firstName: visitors.firstName,
      lastName: visitors.lastName,
      productName: productPages.name,
      whatToBring: productPages.whatToBring,
      locationId: productPages.locationId,
    })
    .from(orderItemAcademyWeeks)
    .innerJoin(academyWeeks, eq(academyWeeks.id, orderItemAcademyWeeks.academyWeekId))
    .innerJoin(orderItems, eq(orderItems.id, orderItemAcademyWeeks.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(productPages, eq(productPages.id, academyWeeks.productPageId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(visitors, eq(visitors.id, orderItems.visitorId))
    .where(
      and(eq(academyWeeks.startsOn, tomorrow), eq(orders.status, "paid"), eq(orderItems.status, "active")),
    );
  const due: Due[] = [];
  for (const row of rows) {
    if (!(await takesPlace(db, row.locationId, null, tomorrow))) continue;
    due.push({
      key: `first:${row.itemId}`,
      kind: "first_lesson",
      to: row.email,
      locale: row.locale,
      parentFirstName: row.parentFirstName,
      childName: [row.firstName, row.lastName].filter(Boolean).join(" "),
      productName: row.productName,
      whatToBring: row.whatToBring,
      locationId: row.locationId,
      date: tomorrow,
      start: "",
      end: "",
      absenceItem: null,
    });
  }
  return due;
}

export async function trialVisits(db: DbOrTx, tomorrow: string): Promise<Due[]> {
  const rows = await db
    .select({
      id: visitRequests.id,
      locale: visitRequests.locale,
      adults: visitRequests.adults,
      children: visitRequests.children,
      slotId: visitRequests.confirmedSlotId,
      start: visitRequests.confirmedStart,
      end: visitRequests.confirmedEnd,
      productName: productPages.name,
      whatToBring: productPages.whatToBring,
      locationId: productPages.locationId,
    })
    .from(visitRequests)
    .innerJoin(productPages, eq(productPages.id, visitRequests.productPageId))
    .where(
      and(
        eq(visitRequests.kind, "trial"),
        eq(visitRequests.date, tomorrow),
        isNotNull(visitRequests.confirmedAt),
      ),
    );
  const due: Due[] = [];
  for (const row of rows) {
    const adult = row.adults[0];
    if (!adult?.email || !(await takesPlace(db, row.locationId, row.slotId, tomorrow))) continue;
    due.push({
      key: `trial:${row.id}`,
      kind: "trial",
      to: adult.email,
      locale: row.locale,
      parentFirstName: adult.first_name,
      childName: row.children.map((child) => child.first_name).join(", "),
      productName: row.productName,
      whatToBring: row.whatToBring,
      locationId: row.locationId,
      date: tomorrow,
      start: row.start?.slice(0, 5) ?? "",
      end: row.end?.slice(0, 5) ?? "",
      absenceItem: null,
    });
  }
  return due;
}

export async function makeups(db: DbOrTx, tomorrow: string): Promise<Due[]> {
  const rows = await db
    .select({
      id: makeupBookings.id,
      slotId: makeupBookings.scheduleSlotId,
      start: scheduleSlots.start,
      end: scheduleSlots.end,
      locale: orders.locale,
      email: users.email,
      parentFirstName: users.firstName,
      firstName: visitors.firstName,
      lastName: visitors.lastName,
      productName: productPages.name,
      whatToBring: productPages.whatToBring,
      locationId: productPages.locationId,
    })
    .from(makeupBookings)
    .innerJoin(makeupCredits, eq(makeupCredits.id, makeupBookings.creditId))
    .innerJoin(orderItems, eq(orderItems.id, makeupCredits.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(scheduleSlots, eq(scheduleSlots.id, makeupBookings.scheduleSlotId))
    .innerJoin(productPages, eq(productPages.id, scheduleSlots.productPageId))
    .leftJoin(visitors, eq(visitors.id, makeupBookings.visitorId))
    .where(and(eq(makeupBookings.lessonDate, tomorrow), isNull(makeupBookings.cancelledAt)));
  const due: Due[] = [];
  for (const row of rows) {
    if (!(await takesPlace(db, row.locationId, row.slotId, tomorrow))) continue;
    due.push({
      key: `makeup:${row.id}`,
      kind: "makeup",
      to: row.email,
      locale: row.locale,
      parentFirstName: row.parentFirstName,
      childName: [row.firstName, row.lastName].filter(Boolean).join(" "),
      productName: row.productName,
      whatToBring: row.whatToBring,
      locationId: row.locationId,
      date: tomorrow,
      start: row.start.slice(0, 5),
      end: row.end.slice(0, 5),
      absenceItem: null,
    });
  }
  return due;
}
