import type {
  AttendanceMarkInput,
  AttendanceQuery,
  ClosedRange,
  LessonSummary,
  Locale,
  Roster,
  RosterChild,
} from "@atelier/contract";
import { berlinDate, presentMarkable } from "@atelier/contract";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { isMeetingCard } from "../invoices/index.ts";
import { heldLessonOn, type LessonDay, lessonClosures, lessonDay, lessonEnds } from "../lessons/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { findConfirmedTrials } from "../visit-requests/index.ts";
import {
  type Booking,
  type BookingPeople,
  findBookingsOfSlots,
  findCheckedInAt,
  findMarks,
  findPeopleOfBookings,
  findSlotsOn,
  findWaitingOfSlot,
  lockItem,
  markAbsent,
  markPresent,
  type SlotOfDay,
} from "./attendance.repository.ts";
import type { RecordAudit } from "./checkin.service.ts";

/** Full years on `on` for a birth date (both YYYY-MM-DD). */
export function ageOn(birthDate: string | null, on: string): number | null {
  if (!birthDate) return null;
  const years = Number(on.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return on.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/**
 * The slot the booking's lesson on `date` is in, null when it has none that day: the booking comes to that
 * slot (the door's rule, D108). Found once per booking, not once per booking and slot of the day (issue 36:
 * a decade's weekly slot holds thousands of bookings).
 */
function slotOfLesson(
  child: Booking,
  date: string,
  now: Date,
  closed: readonly ClosedRange[],
  lastDay: string | undefined,
): number | null {
  const lesson = heldLessonOn(
    {
      slots: child.slots,
      weeks: [],
      recurrentPriceCents: child.recurrentPriceCents,
      numberOfMeetings: child.numberOfMeetings,
    },
    date,
    child.paidAt ?? now,
    closed,
    lastDay,
  );
  return lesson?.slot?.id ?? null;
}

const joinName = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ");

/** The confirmed trial lessons' children as a roster lists them: the child and whom to call (D270, D618). */
function toTrialVisitors(trials: Awaited<ReturnType<typeof findConfirmedTrials>>, date: string) {
  return trials.flatMap((trial) =>
    trial.children.map((child) => ({
      visitor_name: joinName(child.first_name, child.last_name),
      age: ageOn(child.birth_date ?? null, date),
      parent_name: joinName(trial.adults[0]?.first_name, trial.adults[0]?.last_name),
      parent_phone: trial.adults[0]?.phone ?? "",
    })),
  );
}

type Marks = Awaited<ReturnType<typeof findMarks>>;

/** A lesson's counts for the pickers and the dashboard: seats, who comes, marks, reports and makeups. */
function lessonSummary(
  slot: SlotOfDay,
  date: string,
  locale: Locale,
  day: LessonDay,
  { children, marks, makeups }: { children: Booking[]; marks: Marks; makeups: Set<number> },
): LessonSummary {
  const cancelled = day.cancelled.get(slot.id);
  return {
    slot: slot.id,
    product_page: slot.productPageId,
    product_name: slot.productName,
    product_type: slot.productType as LessonSummary["product_type"],
    house: slot.house,
    date,
    start: slot.start,
    end: slot.end,
    seats: slot.seats,
    seats_taken: slot.seatsTaken,
    seats_left: Math.max(0, slot.seats - slot.seatsTaken),
    children: children.length,
    present: children.filter((child) => marks.get(child.itemId)?.present).length,
    absent: children.filter((child) => marks.get(child.itemId)?.absent).length,
    cancelled: cancelled !== undefined,
    cancel_reason: cancelled ? cancelled[locale] || cancelled.de : null,
    closed: slot.closed,
    reported_absent: children.filter((child) => day.absent.has(child.itemId)).length,
    makeups: makeups.size,
  };
}

/**
 * Attendance per slot and lesson date (D131): who comes (the same rule that lets a code in at the door),
 * seats left, who waits, and present or absent marks. Present is the door's check-in row, absent a row of
 * its own; staff marks are audited in their transaction.
 */
type LessonOfDay = {
  marks: Marks;
  absent: Set<number>;
  makeups: Set<number>;
};

/** One child of a roster: the booking, the mark, and what the parent reported (D131, D372). */
function rosterChild(booking: Booking, child: BookingPeople, lesson: LessonOfDay, date: string): RosterChild {
  const mark = lesson.marks.get(booking.itemId);
  return {
    order_item: booking.itemId,
    order: child.orderId,
    visitor_name: joinName(child.visitorFirstName, child.visitorLastName),
    birth_date: child.birthDate,
    age: ageOn(child.birthDate, date),
    parent_name: joinName(child.parentFirstName, child.parentLastName),
    parent_email: child.parentEmail,
    parent_phone: child.parentPhone,
    comment: child.comment,
    notes: child.notes,
    purchase_option: child.optionName,
    attendance: mark?.present ? "present" : mark?.absent ? "absent" : null,
    checked_in_at: mark?.present?.toISOString() ?? null,
    reported_absent: lesson.absent.has(booking.itemId),
    makeup: lesson.makeups.has(booking.itemId),
  };
}

/**
 * Writes one mark under the booking's lock: present as the door's check-in row, absent as a row of its own
 * (taking a check-in away); audited only when it changed something.
 */
async function writeMark(
  tx: Tx,
  recordAudit: RecordAudit,
  staff: AuthUser,
  input: AttendanceMarkInput,
  was: RosterChild["attendance"],
) {
  const audit = (before: Record<string, unknown>, after: Record<string, unknown>) =>
    recordAudit(tx, {
      userId: staff.id,
      userEmail: staff.email,
      resource: "attendance",
      recordId: input.order_item,
      action: "update",
      before: { lesson_date: input.date, ...before },
      after: { lesson_date: input.date, ...after },
    });
  await lockItem(tx, input.order_item);
  if (input.attendance === "present") {
    const done = await markPresent(tx, input.order_item, input.date, input.slot, staff.id);
    if (done.changed) await audit({ attendance: was }, { attendance: "present", checkin: done.recordId });
    return {
      order_item: input.order_item,
      date: input.date,
      attendance: "present" as const,
      checked_in_at: done.at?.toISOString() ?? null,
    };
  }
  const done = await markAbsent(tx, input.order_item, input.date, staff.id);
  if (done.changed)
    await audit(
      {
        attendance: done.removed ? "present" : was,
        checked_in_at: done.removed?.at.toISOString() ?? null,
        checked_in_by: done.removed?.by ?? null,
      },
      { attendance: "absent" },
    );
  return {
    order_item: input.order_item,
    date: input.date,
    attendance: "absent" as const,
    checked_in_at: null,
  };
}

export function createAttendance(db: Db, deps: { recordAudit: RecordAudit; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function lessonsOf(slots: SlotOfDay[], date: string, locale: Locale) {
    const slotIds = slots.map((slot) => slot.id);
    const day = await lessonDay(db, slotIds, date);
    const came = await findCheckedInAt(db, slotIds, date);
    const bookings = await findBookingsOfSlots(db, slotIds, [
      ...[...day.makeups.values()].flat(),
      ...[...came.values()].flatMap((items) => [...items]),
    ]);
    const itemIds = bookings.map((booking) => booking.itemId);
    const marks = await findMarks(db, itemIds, date);
    const at = now();
    // Only the meeting cards' closures are read (their last meeting moves past them, D548): a weekly lesson
    // on a closed day is told by its slot's `closed`, read with the day's slots (D610).
    // A cancelled subscription's child has no lesson after its last paid day (D635), read for all at once.
    const [closedFor, endOf] = await Promise.all([
      lessonClosures(db, bookings.filter(isMeetingCard), at, date),
      lessonEnds(db, bookings),
    ]);
    const lessonSlot = new Map(
      bookings.map((child) => [child.itemId, slotOfLesson(child, date, at, closedFor(child), endOf(child))]),
    );
    return slots.map((slot) => {
      const makeups = new Set(day.makeups.get(slot.id) ?? []);
      // Who comes to a makeup here, or was checked in here (and maybe moved since, D602), else who comes by
      // the booking's slot that day: a child checked in at another slot that day is that lesson's.
      const children = bookings.filter((child) => {
        if (makeups.has(child.itemId) || came.get(slot.id)?.has(child.itemId)) return true;
        const checkedInAt = marks.get(child.itemId)?.presentAt ?? null;
        return checkedInAt === null && lessonSlot.get(child.itemId) === slot.id && !slot.closed;
      });
      const summary = lessonSummary(slot, date, locale, day, { children, marks, makeups });
      return { summary, children, marks, absent: day.absent, makeups };
    });
  }

  async function rosterOf(query: AttendanceQuery): Promise<Roster> {
    const locale = query.locale ?? "de";
    const [slot] = await findSlotsOn(db, query.date, locale, query.slot);
    if (!slot) throw AppError.notFound();
    const [lesson] = await lessonsOf([slot], query.date, locale);
    if (!lesson) throw AppError.notFound();
    const people = await findPeopleOfBookings(
      db,
      lesson.children.map((booking) => booking.itemId),
      locale,
    );
    const children: RosterChild[] = lesson.children
      .flatMap((booking) => {
        const child = people.get(booking.itemId);
        return child ? [rosterChild(booking, child, lesson, query.date)] : [];
      })
      .sort((a, b) => a.visitor_name.localeCompare(b.visitor_name, "de"));
    const waiting = (await findWaitingOfSlot(db, slot.id)).map((entry) => ({
      id: entry.id,
      visitor_name: joinName(entry.visitorFirstName, entry.visitorLastName),
      age: ageOn(entry.birthDate, query.date),
      parent_name: joinName(entry.parentFirstName, entry.parentLastName),
      parent_phone: entry.parentPhone === "+" ? "" : entry.parentPhone,
      status: entry.status as "waiting" | "offered",
      since: entry.since.toISOString(),
    }));
    const trials = await findConfirmedTrials(db, slot.id, query.date);
    return { lesson: lesson.summary, children, waiting, trial_visitors: toTrialVisitors(trials, query.date) };
  }

  return {
    /** The lessons of one day with their counts (the pickers, the dashboard). */
    async lessons(date: string, locale: Locale): Promise<LessonSummary[]> {
      const slots = await findSlotsOn(db, date, locale);
      return (await lessonsOf(slots, date, locale))
        .filter((lesson) => lesson.summary.children > 0 || lesson.summary.seats > 0)
        .map((lesson) => lesson.summary);
    },

    roster: rosterOf,

    /**
     * Marks one booked child present or absent at one lesson date. A child not booked into that lesson is
     * a 400 at `order_item`; "present" before the lesson's day a 400 at `attendance`; marking what is
     * already marked changes nothing and writes no audit entry.
     */
    async mark(staff: AuthUser, input: AttendanceMarkInput) {
      if (input.attendance === "present" && !presentMarkable(input.date, berlinDate(now())))
        throw AppError.validation("attendance", "present_before_lesson_day");
      const roster = await rosterOf({ slot: input.slot, date: input.date });
      const child = roster.children.find((one) => one.order_item === input.order_item);
      if (!child) throw AppError.validation("order_item", "invalid_choice");
      return db.transaction((tx) => writeMark(tx, deps.recordAudit, staff, input, child.attendance));
    },
  };
}

export type Attendance = ReturnType<typeof createAttendance>;
