import {
  type AuditArea,
  berlinDate,
  type Checkin,
  type CheckinStatus,
  type ErrorCode,
  type Locale,
} from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/index.ts";
import { checkins, orderItems, orders } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  heldLessonOn,
  isLessonCancelled,
  type Lesson,
  lessonClosures,
  lessonEnds,
} from "../lessons/index.ts";
import { findCartItems } from "../orders/index.ts";
import type { AuthUser } from "../plugins/index.ts";

/** The back office's audit write (D98), handed down by the wiring: check-in sits below the admin area. */
export type RecordAudit = (
  tx: Tx,
  entry: {
    userId: number;
    userEmail: string;
    resource: AuditArea;
    recordId: number;
    action: "create" | "update";
    before: unknown;
    after: unknown;
  },
) => Promise<void>;

const REFUSALS: Partial<Record<CheckinStatus, ErrorCode>> = {
  not_today: "checkin_not_today",
  contract_ended: "checkin_contract_ended",
  lesson_cancelled: "checkin_lesson_cancelled",
  cancelled: "checkin_cancelled",
  unpaid: "checkin_unpaid",
};

/**
 * What the door says (D108): the booking's state first, then a cancelled subscription past its last paid
 * day (its item stays active until the worker ends it, D635), then today's lesson, its cancellation, the mark.
 */
function statusOf(
  row: { itemStatus: string; orderStatus: string },
  ended: boolean,
  lesson: Lesson | null,
  at: Date | null,
  cancelledToday: boolean,
): CheckinStatus {
  if (row.itemStatus === "cancelled") return "cancelled";
  if (row.orderStatus !== "paid") return "unpaid";
  if (ended) return "contract_ended";
  if (!lesson) return "not_today";
  if (cancelledToday) return "lesson_cancelled";
  return at ? "already_checked_in" : "ready";
}

/**
 * Staff check-in at the door (D57, D108): the QR code in the confirmation mail names one booking by its
 * check-in code, valid at each of its lessons. Each lesson date is its own check-in, written once however
 * often and by however many staff the code is scanned; a second scan shows when it happened.
 */
export function createCheckinService(db: Db, deps: { recordAudit: RecordAudit; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function find(code: string) {
    const [row] = await db
      .select({
        itemId: orderItems.id,
        orderId: orderItems.orderId,
        itemStatus: orderItems.status,
        orderStatus: orders.status,
        paidAt: orders.paidAt,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.checkinCode, code));
    if (!row) throw AppError.notFound();
    return row;
  }

  async function todaysCheckin(itemId: number, date: string) {
    const [row] = await db
      .select({ at: checkins.checkedInAt })
      .from(checkins)
      .where(and(eq(checkins.orderItemId, itemId), eq(checkins.lessonDate, date)));
    return row?.at ?? null;
  }

  async function read(code: string, locale: Locale): Promise<{ booking: Checkin; itemId: number }> {
    const row = await find(code);
    const [item] = await findCartItems(db, row.orderId, locale, row.itemId);
    if (!item) throw AppError.notFound();
    const today = berlinDate(now());
    const booking = { ...item, paidAt: row.paidAt };
    // The same rule as the roster's: a cancelled subscription has no lesson after its last paid day (D647).
    const [closedFor, endOf] = await Promise.all([
      lessonClosures(db, [booking], now()),
      lessonEnds(db, [row]),
    ]);
    const lastDay = endOf(row);
    const lesson: Lesson | null =
      row.orderStatus === "paid"
        ? heldLessonOn(item, today, row.paidAt ?? now(), closedFor(booking), lastDay)
        : null;
    const at = lesson ? await todaysCheckin(row.itemId, lesson.date) : null;
    const cancelledToday = lesson?.slot ? await isLessonCancelled(db, lesson.slot.id, lesson.date) : false;
    const ended = lastDay !== undefined && today > lastDay;
    const status = statusOf(row, ended, lesson, at, cancelledToday);
    const visitor = [item.visitorFirstName, item.visitorLastName].filter(Boolean).join(" ");
    return {
      itemId: row.itemId,
      booking: {
        code,
        valid: status === "ready" || status === "already_checked_in",
        status,
        lesson: status === "ready" || status === "already_checked_in" ? lesson : null,
        visitor_name: visitor || null,
        product_page: { id: item.productPageId, name: item.pageName, product_type: item.productType },
        purchase_option_name: item.optionName,
        schedule_slot_details: item.slots,
        academy_week_details: item.weeks,
        order: row.orderId,
        checked_in_at: at?.toISOString() ?? null,
      },
    };
  }

  return {
    async view(code: string, locale: Locale): Promise<Checkin> {
      return (await read(code, locale)).booking;
    },

    /**
     * Checks the child in for today's lesson. The unique (item, date) index decides a race: the insert that
     * loses does nothing and reads the winner's time. Only the insert that wrote the row writes the audit.
     */
    async checkIn(staff: AuthUser, code: string, locale: Locale): Promise<Checkin> {
      const { booking, itemId } = await read(code, locale);
      const refusal = REFUSALS[booking.status];
      if (refusal) throw AppError.validation("non_field_errors", refusal);
      const lesson = booking.lesson;
      if (booking.status === "already_checked_in" || !lesson) return booking;
      const inserted = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(checkins)
          .values({
            orderItemId: itemId,
            lessonDate: lesson.date,
            scheduleSlotId: lesson.slot?.id ?? null,
            checkedInBy: staff.id,
          })
          .onConflictDoNothing({ target: [checkins.orderItemId, checkins.lessonDate] })
          .returning();
        if (!row) return null;
        await deps.recordAudit(tx, {
          userId: staff.id,
          userEmail: staff.email,
          resource: "checkins",
          recordId: row.id,
          action: "create",
          before: null,
          after: {
            order_item: itemId,
            lesson_date: row.lessonDate,
            schedule_slot: row.scheduleSlotId,
            checked_in_at: row.checkedInAt.toISOString(),
          },
        });
        return row;
      });
      const at = inserted?.checkedInAt ?? (await todaysCheckin(itemId, lesson.date));
      return {
        ...booking,
        status: inserted ? "checked_in" : "already_checked_in",
        checked_in_at: at?.toISOString() ?? null,
      };
    },
  };
}

export type CheckinService = ReturnType<typeof createCheckinService>;
