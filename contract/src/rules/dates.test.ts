import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { berlinDate, berlinDeadlineText, inSchoolDays, isIsoDate, todayInBerlin } from "./dates.ts";

// The back office's "today" (which slots a child can still move to) and a gift card's days come from here.
describe("the school's today is Berlin's (issue 33)", () => {
  it("is already the next day at 00:30 Berlin time, in winter and in summer", () => {
    // 00:30 on 1 January 2027 in Berlin (UTC+1) is 23:30 on 31 December in UTC.
    expect(todayInBerlin(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    // 00:30 on 1 July 2027 in Berlin (UTC+2) is 22:30 on 30 June in UTC.
    expect(berlinDate(new Date("2027-06-30T22:30:00Z"))).toBe("2027-07-01");
  });

  it("is still the day before at 23:30 Berlin time", () => {
    expect(todayInBerlin(new Date("2026-12-31T22:30:00Z"))).toBe("2026-12-31");
  });
});

describe("Berlin's day of an instant, formatted once per hour", () => {
  const formatter = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });

  it("is the day a fresh formatter gives, for any instant and any other instant of the same hour", () => {
    const instants = fc.integer({ min: Date.UTC(1995, 0, 1), max: Date.UTC(2080, 0, 1) });
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 3_599_999 }), (time, offset) => {
        const other = time - (time % 3_600_000) + offset;
        expect(berlinDate(new Date(time))).toBe(formatter.format(new Date(time)));
        expect(berlinDate(new Date(other))).toBe(formatter.format(new Date(other)));
      }),
      { numRuns: 2000 },
    );
  });

  it("turns at Berlin's midnight on the days the clocks change, to the millisecond", () => {
    // Summer time begins on 28 March 2027 (midnight is 23:00 UTC the day before) and ends on 31 October
    // (midnight of 1 November is 23:00 UTC on 31 October).
    expect(berlinDate(new Date("2027-03-27T22:59:59.999Z"))).toBe("2027-03-27");
    expect(berlinDate(new Date("2027-03-27T23:00:00.000Z"))).toBe("2027-03-28");
    expect(berlinDate(new Date("2027-03-28T21:59:59.999Z"))).toBe("2027-03-28");
    expect(berlinDate(new Date("2027-03-28T22:00:00.000Z"))).toBe("2027-03-29");
    expect(berlinDate(new Date("2027-10-31T22:59:59.999Z"))).toBe("2027-10-31");
    expect(berlinDate(new Date("2027-10-31T23:00:00.000Z"))).toBe("2027-11-01");
  });

  it("refuses an invalid date as the formatter does", () => {
    expect(() => berlinDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("the days a date the shop is sent may name (D510)", () => {
  it("takes 1900 to 2999 and refuses year 0, a moment that falls in year 0 and a year past 2999", () => {
    expect(isIsoDate("1900-01-01")).toBe(true);
    expect(isIsoDate("2999-12-31")).toBe(true);
    expect(isIsoDate("0000-01-01")).toBe(false);
    expect(isIsoDate("1899-12-31")).toBe(false);
    expect(isIsoDate("3000-01-01")).toBe(false);
    expect(inSchoolDays("0001-01-01T00:00:00+01:00")).toBe(false);
    expect(inSchoolDays("2999-12-31T23:00:00-05:00")).toBe(false);
    expect(inSchoolDays("2026-12-05T10:00:00+01:00")).toBe(true);
    expect(inSchoolDays("not a day")).toBe(false);
  });
});

describe("a deadline as people read it (D624)", () => {
  it("writes midnight in Berlin as 24:00 of the day before, in summer and in winter", () => {
    // 13 July 2027 00:00 in Berlin (summer time) is 12 July 22:00 UTC.
    expect(berlinDeadlineText("2027-07-12T22:00:00Z", "de")).toBe("12. Juli 2027 um 24:00");
    expect(berlinDeadlineText("2027-07-12T22:00:00Z", "ru")).toBe("12 июля 2027 г. в 24:00");
    // 1 January 2027 00:00 in Berlin (winter time) is 31 December 23:00 UTC.
    expect(berlinDeadlineText("2026-12-31T23:00:00Z", "de")).toBe("31. Dezember 2026 um 24:00");
  });

  it("writes any other moment as its day and time", () => {
    expect(berlinDeadlineText("2027-07-13T08:30:00Z", "de")).toMatch(/^13\. Juli 2027.* 10:30$/);
    expect(berlinDeadlineText("2027-07-12T22:01:00Z", "ru")).toMatch(/^13 июля 2027 г\..* 00:01$/);
  });
});
