import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  billingPeriod,
  type ClosedRange,
  firstBillingPeriod,
  isClosed,
  lastPaidDay,
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
