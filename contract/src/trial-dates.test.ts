import { describe, expect, it } from "vitest";
import { isLessonDay, trialDates } from "./visit-requests.ts";

// A Tue/Thu/Sat course (weekday 1, 3, 5), as in issue 32 item 8.
const slots = [
  { id: 1, weekday: 1, date: null, start: "16:00:00", end: "17:30:00" },
  { id: 2, weekday: 3, date: null, start: "16:00:00", end: "17:30:00" },
  { id: 3, weekday: 5, date: null, start: "10:00:00", end: "11:00:00" },
];

describe("a trial's dates are the course's own (D297)", () => {
  it("offers each group's coming days for four weeks, without closed days or today's begun lesson", () => {
    // Saturday 28 Nov 2026, 11:12 in Berlin (10:12 UTC): today's 10:00 lesson has begun.
    const dates = trialDates(
      slots,
      [{ startsOn: "2026-12-03", endsOn: "2026-12-03" }],
      new Date("2026-11-28T10:12:00Z"),
    );
    expect(dates[0]).toEqual({ slot: 1, date: "2026-12-01", start: "16:00:00", end: "17:30:00" });
    expect(dates.map((d) => d.date)).not.toContain("2026-11-28");
    expect(dates.map((d) => d.date)).not.toContain("2026-12-03");
    expect(dates.map((d) => d.date)).not.toContain("2026-12-02");
    expect(dates.every((d) => d.date <= "2026-12-25")).toBe(true);
    expect(dates).toHaveLength(10); // Sat 5, 12, 19 · Tue 1, 8, 15, 22 · Thu 10, 17, 24
    // Before the lesson has begun, today's is offered.
    expect(trialDates(slots, [], new Date("2026-11-28T08:00:00Z"))[0]?.date).toBe("2026-11-28");
  });

  it("knows a lesson day from any other: a Wednesday of a Tue/Thu/Sat course is none", () => {
    expect(isLessonDay("2026-12-02", slots, [])).toBe(false);
    expect(isLessonDay("2026-12-01", slots, [])).toBe(true);
    expect(isLessonDay("2026-12-01", slots, [{ startsOn: "2026-11-30", endsOn: "2026-12-04" }])).toBe(false);
    expect(
      isLessonDay(
        "2027-01-05",
        [{ id: 9, weekday: null, date: "2027-01-05", start: "10:00", end: "12:00" }],
        [],
      ),
    ).toBe(true);
    expect(isLessonDay("2026-12-02", [], [])).toBe(true);
  });
});
