import { berlinDate, type LessonSummary, type Locale } from "@atelier/contract";
import type { Attendance } from "../checkin/index.ts";
import { createSnapshotReuse, type Db } from "../db/index.ts";
import { dashboardVersion } from "./dashboard.repository.ts";
import { DASHBOARD_REUSE_MS } from "./dashboard.service.ts";

/** At most this many days' lessons (a day and a language) are kept per instance (D422). */
const DAY_LESSONS_MAX_ENTRIES = 64;
/** At most this much of them (their JSON's length): a decade's busiest day is about 5 KB. */
const DAY_LESSONS_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A day's lessons as the attendance screens and the door's pickers list them (`GET
 * /api/v2/admin/attendance/lessons/`), made once per database snapshot, day asked for, language and Berlin
 * day (D422), as the dashboard that shows today's and tomorrow's (D405). Staff at the door open the same
 * day; on ten years of data each list reads every running booking of the day's slots (9 ms of PostgreSQL
 * on a Tuesday with 376 children). Any commit (a check-in, an absence, a booking) makes the next read anew;
 * so does the moment a held seat is let go by the clock (its seats taken change without a commit), and,
 * as the dashboard's guard, DASHBOARD_REUSE_MS after it was made. Unlike the dashboard, a computation is
 * shared only by reads of the same snapshot: staff who marked a child see the mark in their next read.
 */
export function createDayLessons(db: Db, deps: { attendance: Attendance; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const reuse = createSnapshotReuse<LessonSummary[]>({
    maxBytes: DAY_LESSONS_MAX_BYTES,
    maxEntries: DAY_LESSONS_MAX_ENTRIES,
    sizeOf: (lessons) => JSON.stringify(lessons).length,
    now: () => now().getTime(),
  });
  return async function dayLessons(date: string, locale: Locale): Promise<LessonSummary[]> {
    const version = await dashboardVersion(db);
    const at = now();
    const until = Math.min(
      at.getTime() + DASHBOARD_REUSE_MS,
      version.holdsUntil?.getTime() ?? Number.POSITIVE_INFINITY,
    );
    const key = `${date} ${locale} ${berlinDate(at)}`;
    return reuse.get(key, version.snapshot, () => deps.attendance.lessons(date, locale), until);
  };
}
