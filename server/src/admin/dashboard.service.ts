import { berlinDate, type Dashboard, type Locale, SLOW_REFUND_DAYS, shownPhone } from "@atelier/contract";
import type { Attendance } from "../checkin/index.ts";
import { slowPendingRefunds } from "../checkout/index.ts";
import type { Db } from "../db/index.ts";
import { countOpenReports } from "../instructor-desk/index.ts";
import { addDays, makeupsBetween } from "../lessons/index.ts";
import { findFailedMails } from "../mail/index.ts";
import {
  dashboardVersion,
  openRequests,
  paymentIssuesOpen,
  salesIn,
  slotsFillingUp,
  unmatchedPaymentEvents,
} from "./dashboard.repository.ts";

/** An offer is filling up from this share of its seats taken (issue 21). */
export const FILLING_UP_PERCENT = 80;

/**
 * At most this long one computation of the dashboard serves the same figures while nothing committed
 * (D405): a guard for a figure the clock changes that `dashboardVersion` does not name.
 */
export const DASHBOARD_REUSE_MS = 10_000;

/** The order's parent, for staff to write or call (D326); null for a guest's or erased order. */
function parentOf(row: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
}): Dashboard["payment_issues"][number]["parent"] {
  if (!row.email) return null;
  return {
    name: `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim(),
    email: row.email,
    phone: shownPhone(row.phone) || null,
  };
}

/** The Berlin day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Monday and Sunday of the week of `day` (Berlin days). */
export function weekOf(day: string): { from: string; to: string } {
  const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(day, -weekday);
  return { from, to: addDays(from, 6) };
}

/** The dashboard's `read`: `compute` run anew only when the figures may have changed (D405). */
function reusedPerSnapshot(
  db: Db,
  now: () => Date,
  compute: (locale: Locale, today: string) => Promise<Dashboard>,
) {
  /**
   * The last computation per language, with the day, the database snapshot it was started after and the
   * moment the clock alone may change it (D405). Ten staff watch the same numbers: a request that finds
   * the same snapshot, day and language (nothing committed since, on any instance) gets the same answer,
   * also while it is still being computed, instead of reading ten years of seats and bookings again.
   */
  const kept = new Map<Locale, { key: string; until: number; value: Promise<Dashboard> }>();
  /**
   * The computation running per language and day. A request that arrives while it runs gets its answer
   * whatever committed meanwhile: the figures are at most one computation old (D405). The snapshot is the
   * whole PostgreSQL server's, so a write to any database on it starts a new computation; without this,
   * ten staff on a server that is written to all the time would each compute their own.
   */
  const running = new Map<string, Promise<Dashboard>>();

  return async function read(locale: Locale): Promise<Dashboard> {
    const today = berlinDate(now());
    const underWay = running.get(`${locale} ${today}`);
    if (underWay) return underWay;
    const version = await dashboardVersion(db);
    const key = `${today} ${version.snapshot}`;
    const at = now().getTime();
    const hit = kept.get(locale);
    if (hit && hit.key === key && at < hit.until) return hit.value;
    const value = compute(locale, today);
    const until = Math.min(
      at + DASHBOARD_REUSE_MS,
      version.holdsUntil?.getTime() ?? Number.POSITIVE_INFINITY,
    );
    kept.set(locale, { key, until, value });
    const runningKey = `${locale} ${today}`;
    running.set(runningKey, value);
    const done = () => {
      if (running.get(runningKey) === value) running.delete(runningKey);
    };
    // A failed computation is not kept: the next request tries again.
    value.then(done, () => {
      done();
      if (kept.get(locale)?.value === value) kept.delete(locale);
    });
    return value;
  };
}

/** The back office's first page (D133): today's money, today's and tomorrow's lessons, what needs a person. */
export function createDashboard(db: Db, deps: { attendance: Attendance; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  async function compute(locale: Locale, today: string): Promise<Dashboard> {
    const tomorrow = nextDay(today);
    const week = weekOf(today);
    const [
      day,
      month,
      lessonsToday,
      lessonsTomorrow,
      filling,
      requests,
      issues,
      unmatched,
      reports,
      makeups,
      failedMails,
      slowRefunds,
    ] = await Promise.all([
      salesIn(db, today),
      salesIn(db, today.slice(0, 7)),
      deps.attendance.lessons(today, locale),
      deps.attendance.lessons(tomorrow, locale),
      slotsFillingUp(db, today, FILLING_UP_PERCENT),
      openRequests(db),
      paymentIssuesOpen(db),
      unmatchedPaymentEvents(db),
      countOpenReports(db),
      makeupsBetween(db, week.from, week.to),
      findFailedMails(db),
      slowPendingRefunds(db, SLOW_REFUND_DAYS),
    ]);
    return {
      today,
      tomorrow,
      sales_today_cents: day.cents,
      sales_month_cents: month.cents,
      paid_orders_today: day.orders,
      paid_orders_month: month.orders,
      lessons_today: lessonsToday.filter((lesson) => lesson.children > 0),
      lessons_tomorrow: lessonsTomorrow.filter((lesson) => lesson.children > 0),
      filling_up: filling.map((row) => ({
        slot: row.slot,
        product_name: row.name[locale] || row.name.de,
        weekday: row.weekday,
        date: row.date,
        start: row.start.slice(0, 5),
        seats: row.seats,
        seats_taken: Number(row.seatsTaken),
      })),
      open_visit_requests: requests.visits,
      open_contact_requests: requests.contacts,
      open_party_requests: requests.parties,
      open_instructor_reports: reports,
      makeups_this_week: makeups,
      failed_mails: failedMails.map((mail) => ({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        template: mail.template,
        attempts: mail.attempts,
        last_error: mail.lastError,
        created_at: mail.createdAt.toISOString(),
      })),
      payment_issues: issues.map((row) => ({
        payment: row.payment,
        order: row.order,
        reason: row.reason,
        state: row.state,
        attempts: row.attempts,
        amount_cents: row.amountCents,
        since: row.since.toISOString(),
        parent: parentOf(row),
      })),
      slow_refunds: slowRefunds.map((row) => ({
        refund: row.refund,
        order: row.order,
        gateway: row.gateway,
        amount_cents: row.amountCents,
        since: row.since.toISOString(),
        parent: parentOf(row),
      })),
      unmatched_payment_events: unmatched.map((row) => ({
        id: row.id,
        gateway: row.gateway,
        event_type: row.eventType,
        resource_id: row.resourceId,
        received_at: row.receivedAt.toISOString(),
      })),
    };
  }

  return { read: reusedPerSnapshot(db, now, compute) };
}
