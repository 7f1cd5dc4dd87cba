import type { Attendance } from "../checkin/index.ts";

/**
 * An attendance whose day's lessons are empty and count how often they were made: the reuse tests of the
 * dashboard (D405) and of a day's lessons (D422) tell a computation from a reused answer by it.
 */
export function countingAttendance() {
  const made = { count: 0 };
  const attendance = {
    lessons: async () => {
      made.count += 1;
      return [];
    },
  } as unknown as Attendance;
  return { attendance, made };
}
