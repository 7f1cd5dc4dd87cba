import { describe, expect, it } from "vitest";
import { berlinDate, todayInBerlin } from "./dates.ts";

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
