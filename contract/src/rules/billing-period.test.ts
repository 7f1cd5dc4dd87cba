import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  berlinMidnight,
  billingPeriod,
  type ClosedRange,
  firstBillingPeriod,
  firstLessonDay,
  isClosed,
  lastPaidDay,
  lengthenByCancelled,
  lessonDays,
  nextBillingPeriod,
  paidDays,
  periodInstants,
  weekdayOf,
} from "./billing-period.ts";

const day = fc.integer({ min: 0, max: 3 * 365 }).map((offset) => addDays("2026-01-01", offset));
const range = fc
  .tuple(day, fc.integer({ min: 0, max: 40 }))
  .map(([startsOn, length]): ClosedRange => ({ startsOn, endsOn: addDays(startsOn, length) }));
const ranges = fc.array(range, { maxLength: 6 });

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

describe("billing period (D121)", () => {
  it("is one calendar month from its first day without closures", () => {
    expect(billingPeriod("2026-12-01", [])).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(billingPeriod("2027-01-31", [])).toEqual({ from: "2027-01-31", to: "2027-02-27" });
    expect(billingPeriod("2026-11-26", [])).toEqual({ from: "2026-11-26", to: "2026-12-25" });
  });

  it("lengthens by the closed days inside it, a closure that begins inside counted whole", () => {
    const christmas = { startsOn: "2026-12-21", endsOn: "2027-01-02" };
    // 13 closed days: 31 December + 13.
    expect(billingPeriod("2026-12-01", [christmas])).toEqual({ from: "2026-12-01", to: "2027-01-13" });
    // A closure that overlaps the first day counts from that day on.
    expect(billingPeriod("2026-12-28", [christmas]).to).toBe(addDays("2027-01-27", 6));
    // One after the period does not count.
    expect(billingPeriod("2026-11-01", [christmas]).to).toBe("2026-11-30");
  });

  it("holds exactly a month of open days, ends on an open day, and is never shorter than the month", () => {
    fc.assert(
      fc.property(day, ranges, (from, closed) => {
        const period = billingPeriod(from, closed);
        const plain = addDays(addMonths(from, 1), -1);
        const open = daysBetween(from, period.to).filter((d) => !isClosed(d, closed));
        const monthDays = daysBetween(from, plain).length;
        expect(period.from).toBe(from);
        expect(period.to >= plain).toBe(true);
        // Every closed day of the period added one day: a month of open days, so no closed day is paid.
        expect(open.length).toBe(monthDays);
        expect(isClosed(period.to, closed)).toBe(false);
      }),
    );
  });

  it("follows on without a gap or an overlap", () => {
    fc.assert(
      fc.property(day, ranges, (from, closed) => {
        const first = billingPeriod(from, closed);
        const second = nextBillingPeriod(first, closed);
        expect(second.from).toBe(addDays(first.to, 1));
        expect(second.to > second.from).toBe(true);
      }),
    );
  });

  it("starts with the first open lesson on or after the day of payment", () => {
    // 26 November 2026 is a Thursday; Tuesday (1) lessons start 1 December.
    expect(firstBillingPeriod("2026-11-26", [1], [])).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    const closedFirst = { startsOn: "2026-12-01", endsOn: "2026-12-01" };
    expect(firstBillingPeriod("2026-11-26", [1], [closedFirst]).from).toBe("2026-12-08");
    fc.assert(
      fc.property(
        day,
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 3 }),
        ranges,
        (paidOn, weekdays, closed) => {
          const period = firstBillingPeriod(paidOn, weekdays, closed);
          expect(period.from >= paidOn).toBe(true);
          if (period.from !== paidOn || weekdays.includes(weekdayOf(paidOn))) {
            expect(weekdays).toContain(weekdayOf(period.from));
          }
        },
      ),
    );
  });

  it("the first lesson is the first one not yet begun at the moment of buying (D250, issue 32 item 1)", () => {
    // Saturday 28 November 2026, a Saturday (5) group 10:00–11:00 and a Tuesday (1) one at 16:00.
    const at = (time: string) => new Date(`2026-11-28T${time}:00+01:00`);
    const saturday = [{ weekday: 5, start: "10:00" }];
    // Booked at 11:12 Berlin: today's lesson is over, the first is next Saturday, and so is the first month.
    expect(firstLessonDay(at("11:12"), saturday, [])).toBe("2026-12-05");
    expect(firstBillingPeriod(at("11:12"), saturday, [])).toEqual({ from: "2026-12-05", to: "2027-01-04" });
    // Booked at 09:00: today's lesson is still to come and counts; at 10:00 sharp it has begun.
    expect(firstLessonDay(at("09:00"), saturday, [])).toBe("2026-11-28");
    expect(firstLessonDay(at("09:59"), [{ weekday: 5, start: "10:00:00" }], [])).toBe("2026-11-28");
    expect(firstLessonDay(at("10:00"), saturday, [])).toBe("2026-12-05");
    // A later lesson of another weekday comes first when it is sooner.
    expect(firstLessonDay(at("11:12"), [...saturday, { weekday: 1, start: "16:00" }], [])).toBe("2026-12-01");
    // A closed next Saturday is skipped as before.
    expect(firstLessonDay(at("11:12"), saturday, [{ startsOn: "2026-12-05", endsOn: "2026-12-05" }])).toBe(
      "2026-12-12",
    );
    // The Berlin clock, not the machine's: 23:30 UTC on Friday is already Saturday 00:30 in Berlin.
    expect(firstLessonDay(new Date("2026-11-27T23:30:00Z"), saturday, [])).toBe("2026-11-28");
    // In summer time too: 08:30 UTC is 10:30 in Berlin, after a 10:00 lesson.
    expect(firstLessonDay(new Date("2026-06-27T08:30:00Z"), saturday, [])).toBe("2026-07-04");
    expect(firstLessonDay(new Date("2026-06-27T07:30:00Z"), saturday, [])).toBe("2026-06-27");
    // Given a Berlin day, not a moment, every lesson of that day still counts (as the check-in reads it).
    expect(firstLessonDay("2026-11-28", saturday, [])).toBe("2026-11-28");
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 86_399 }), (paidOn, second) => {
        const now = new Date(berlinMidnight(paidOn).getTime() + second * 1000);
        const first = firstLessonDay(now, saturday, []);
        expect(weekdayOf(first)).toBe(5);
        expect(first >= paidOn && first <= addDays(paidOn, 7)).toBe(true);
        // Today's lesson is first exactly while it has not begun.
        const beforeTen = second < 10 * 3600;
        expect(first === paidOn).toBe(weekdayOf(paidOn) === 5 && beforeTen);
      }),
    );
  });

  it("survives the database's instants: Berlin midnights, the end exclusive", () => {
    fc.assert(
      fc.property(day, ranges, (from, closed) => {
        const period = billingPeriod(from, closed);
        const { start, end } = periodInstants(period);
        expect(paidDays(start, end)).toEqual(period);
        expect(lastPaidDay(end.toISOString())).toBe(period.to);
      }),
    );
    // Winter: Berlin midnight is 23:00 UTC the day before; summer 22:00.
    expect(periodInstants({ from: "2026-12-01", to: "2026-12-31" }).start.toISOString()).toBe(
      "2026-11-30T23:00:00.000Z",
    );
    expect(periodInstants({ from: "2026-07-01", to: "2026-07-31" }).end.toISOString()).toBe(
      "2026-07-31T22:00:00.000Z",
    );
  });

  it("lists lesson days without the closed ones", () => {
    const christmas = { startsOn: "2026-12-21", endsOn: "2027-01-02" };
    const days = lessonDays({ from: "2026-12-01", to: "2027-01-13" }, [1], [christmas]);
    expect(days).toEqual(["2026-12-01", "2026-12-08", "2026-12-15", "2027-01-05", "2027-01-12"]);
  });
});

describe("a period lengthened by cancelled lessons (D393)", () => {
  // Tuesdays (weekday 1); December 2026: 1, 8, 15, 22, 29 are Tuesdays.
  const december = { from: "2026-12-01", to: "2026-12-31" };

  it("gains the next lesson after its end for each cancelled lesson in it", () => {
    expect(lengthenByCancelled(december, [1], [], ["2026-12-08"])).toEqual({
      from: "2026-12-01",
      to: "2027-01-05",
    });
    expect(lengthenByCancelled(december, [1], [], ["2026-12-15", "2026-12-08"]).to).toBe("2027-01-12");
  });

  it("changes nothing for a day that is no lesson, outside the period, or closed anyway", () => {
    expect(lengthenByCancelled(december, [1], [], ["2026-12-09"])).toEqual(december);
    expect(lengthenByCancelled(december, [1], [], ["2026-11-24", "2027-01-12"])).toEqual(december);
    const closed = [{ startsOn: "2026-12-08", endsOn: "2026-12-08" }];
    expect(lengthenByCancelled(december, [1], closed, ["2026-12-08"])).toEqual(december);
  });

  it("skips closed and cancelled days when it looks for the lesson it adds", () => {
    const holidays = [{ startsOn: "2027-01-01", endsOn: "2027-01-10" }];
    expect(lengthenByCancelled(december, [1], holidays, ["2026-12-08"]).to).toBe("2027-01-12");
    // A cancelled day inside the added days is itself made up.
    expect(lengthenByCancelled(december, [1], [], ["2026-12-08", "2027-01-05"]).to).toBe("2027-01-12");
  });

  it("keeps as many lessons as the period without cancellations holds", () => {
    const weekdaysOf = fc.subarray([0, 1, 2, 3, 4, 5, 6], { minLength: 1 });
    // Cancelled days: some of the period's own lessons (picked by index) and any days at all.
    const picks = fc.array(fc.nat(30), { maxLength: 4 });
    fc.assert(
      fc.property(
        day,
        weekdaysOf,
        ranges,
        picks,
        fc.array(day, { maxLength: 3 }),
        (from, weekdays, closed, picked, any) => {
          const plain = billingPeriod(from, closed);
          const lessons = lessonDays(plain, weekdays, closed);
          const cancelled = [...picked.flatMap((index) => lessons[index % lessons.length] ?? []), ...any];
          const longer = lengthenByCancelled(plain, weekdays, closed, cancelled);
          const held = lessonDays(longer, weekdays, closed).filter((d) => !cancelled.includes(d));
          expect(longer.from).toBe(plain.from);
          expect(longer.to >= plain.to).toBe(true);
          expect(held.length).toBe(lessons.length);
        },
      ),
    );
  });
});
