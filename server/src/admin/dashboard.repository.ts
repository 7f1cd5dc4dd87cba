import { SCHOOL_TIME_ZONE } from "@atelier/contract";
import { and, asc, count, desc, eq, gte, inArray, isNull, ne, or, sql } from "drizzle-orm";
import {
  contactRequests,
  type DbOrTx,
  orders,
  partyRequests,
  paymentEvents,
  paymentIssues,
  payments,
  productPages,
  scheduleSlots,
  users,
  visitRequests,
} from "../db/index.ts";
import { nextHoldEnd, slotSeatsTaken } from "../seats/index.ts";

/**
 * The dashboard's figures (D133): read-only counts over other areas' tables, the one place the back office
 * reads them without a service of theirs (a summary for staff, no rule of those areas is applied or
 * bypassed). Days and months are Berlin's.
 */

/**
 * What tells whether the dashboard's figures may have changed without the clock (issue 36, D405): the
 * database's current snapshot (`xmin:xmax:in-progress ids`; the same text means no transaction committed
 * in between, on any instance) and the next moment a held seat is let go by the clock alone (a reservation
 * or a waiting-list offer running out, the catalogue's `nextHoldEnd`). One round trip, two index reads.
 */
export async function dashboardVersion(db: DbOrTx): Promise<{ snapshot: string; holdsUntil: Date | null }> {
  const result = (await db.execute(
    sql`select pg_current_snapshot()::text as snapshot, ${nextHoldEnd} as holds_until`,
  )) as unknown as { rows: { snapshot: string; holds_until: string | Date | null }[] };
  const row = result.rows[0];
  const until = row?.holds_until ?? null;
  return { snapshot: String(row?.snapshot ?? ""), holdsUntil: until === null ? null : new Date(until) };
}

/**
 * Captured payments less what was refunded of them, by the Berlin day (`YYYY-MM-DD`) or month (`YYYY-MM`).
 * An order counts as paid in the period through a payment of it that kept money (D205): a session paid and
 * refunded in full (an older Stripe session of an order, a late capture refunded) is no paid order.
 */
export async function salesIn(db: DbOrTx, period: string) {
  const month = period.length === 7;
  const first = month ? `${period}-01` : period;
  const step = month ? "1 month" : "1 day";
  const [row] = await db
    .select({
      cents: sql<number>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents}), 0)::int`,
      orders: sql<number>`(count(distinct ${payments.orderId}) filter (where ${payments.amountCents} > ${payments.refundedCents}))::int`,
    })
    .from(payments)
    .where(
      and(
        inArray(payments.status, ["captured", "refunded"]),
        // The period's Berlin bounds as instants, so the index on captured_at finds its payments (issue 36).
        sql`${payments.capturedAt} >= (${first}::timestamp at time zone ${SCHOOL_TIME_ZONE})`,
        sql`${payments.capturedAt} < ((${first}::timestamp + ${step}::interval) at time zone ${SCHOOL_TIME_ZONE})`,
      ),
    );
  return { cents: Number(row?.cents ?? 0), orders: Number(row?.orders ?? 0) };
}

/** Slots still to come (weekly, or dated from `today`) with at least `percent` % of their seats taken. */
export async function slotsFillingUp(db: DbOrTx, today: string, percent: number) {
  const coming = and(
    isNull(scheduleSlots.archivedAt),
    sql`${scheduleSlots.seats} > 0`,
    or(isNull(scheduleSlots.date), gte(scheduleSlots.date, today)),
  );
  // Seats taken counted once for all coming slots together (issue 36, D401): a count per slot, repeated in
  // the filter and the order, read a weekly slot's ten years of bookings three times over.
  const comingUnit = (column: string) =>
    sql`${sql.raw(column)} in (select s.id from ${scheduleSlots} s where s.archived_at is null and s.seats > 0 and (s.date is null or s.date >= ${today}))`;
  const taken = slotSeatsTaken(
    db,
    comingUnit(`"order_item_slots"."schedule_slot_id"`),
    comingUnit(`"waiting_list_entries"."schedule_slot_id"`),
  );
  const seatsTaken = sql<number>`coalesce(${taken.n}, 0)::int`;
  return db
    .select({
      slot: scheduleSlots.id,
      name: productPages.name,
      weekday: scheduleSlots.weekday,
      date: scheduleSlots.date,
      start: scheduleSlots.start,
      seats: scheduleSlots.seats,
      seatsTaken,
    })
    .from(scheduleSlots)
    .innerJoin(productPages, eq(productPages.id, scheduleSlots.productPageId))
    .leftJoin(taken, eq(taken.unitId, scheduleSlots.id))
    .where(and(coming, sql`${seatsTaken} * 100 >= ${scheduleSlots.seats} * ${percent}`))
    .orderBy(desc(sql`${seatsTaken}::float / ${scheduleSlots.seats}`), asc(scheduleSlots.id))
    .limit(50);
}

/**
 * Requests a person still has to handle: staff status `new` or `in_progress` (D136), the one rule for visit,
 * contact and birthday-party requests (D178).
 */
export async function openRequests(db: DbOrTx) {
  const [visits] = await db
    .select({ n: count() })
    .from(visitRequests)
    .where(ne(visitRequests.status, "done"));
  const [contacts] = await db
    .select({ n: count() })
    .from(contactRequests)
    .where(ne(contactRequests.status, "done"));
  const [parties] = await db
    .select({ n: count() })
    .from(partyRequests)
    .where(ne(partyRequests.status, "done"));
  return { visits: visits?.n ?? 0, contacts: contacts?.n ?? 0, parties: parties?.n ?? 0 };
}

/**
 * Payments that need a person (D90): refunds that ran out of attempts, captures to review; until staff
 * mark one handled (D565).
 */
const needsPerson = and(
  inArray(paymentIssues.state, ["refund_failed", "review"]),
  isNull(paymentIssues.resolvedAt),
);

/** How many payments need a person (D90), all of them, for the metrics (D260). */
export async function countPaymentIssuesOpen(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paymentIssues).where(needsPerson);
  return Number(row?.n ?? 0);
}

/** The oldest 50 payments that need a person, for the dashboard. */
export async function paymentIssuesOpen(db: DbOrTx) {
  return db
    .select({
      payment: paymentIssues.paymentId,
      order: payments.orderId,
      reason: paymentIssues.reason,
      state: paymentIssues.state,
      attempts: paymentIssues.attempts,
      amountCents: payments.amountCents,
      since: paymentIssues.createdAt,
      // The order's parent, for staff to write or call (D326).
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phoneNumber,
    })
    .from(paymentIssues)
    .innerJoin(payments, eq(payments.id, paymentIssues.paymentId))
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(needsPerson)
    .orderBy(asc(paymentIssues.createdAt))
    .limit(50);
}

/** Signed gateway events about nothing the shop knows (D201), the newest fifty. */
export async function unmatchedPaymentEvents(db: DbOrTx) {
  return db
    .select({
      id: paymentEvents.id,
      gateway: paymentEvents.gateway,
      eventType: paymentEvents.eventType,
      resourceId: paymentEvents.resourceId,
      receivedAt: paymentEvents.receivedAt,
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.unmatched, true))
    .orderBy(desc(paymentEvents.receivedAt), desc(paymentEvents.id))
    .limit(50);
}
