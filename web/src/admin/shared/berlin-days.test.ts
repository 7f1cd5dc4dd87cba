import { describe, expect, it } from "vitest";
import { berlinDayOf, momentOfBerlinDay } from "./berlin-days.ts";

describe("a promocode's days are Berlin days (D318)", () => {
  it("starts the first day at Berlin midnight and ends the last just before the next, in winter and summer", () => {
    expect(momentOfBerlinDay("2026-12-24", "start")).toBe("2026-12-23T23:00:00.000Z");
    expect(momentOfBerlinDay("2026-12-24", "end")).toBe("2026-12-24T22:59:59.999Z");
    expect(momentOfBerlinDay("2027-07-01", "start")).toBe("2027-06-30T22:00:00.000Z");
    // The night the clocks go forward: the day is 23 hours long.
    expect(momentOfBerlinDay("2027-03-28", "end")).toBe("2027-03-28T21:59:59.999Z");
    expect(momentOfBerlinDay("", "start")).toBeNull();
    expect(momentOfBerlinDay(null, "end")).toBeNull();
  });

  it("shows a stored moment as its Berlin day, and keeps an unchanged moment as it was", () => {
    expect(berlinDayOf("2026-12-23T23:00:00.000Z")).toBe("2026-12-24");
    expect(berlinDayOf("2026-12-24T22:59:59.999Z")).toBe("2026-12-24");
    expect(berlinDayOf(null)).toBe("");
    expect(momentOfBerlinDay("2026-12-24T22:59:59.999Z", "end")).toBe("2026-12-24T22:59:59.999Z");
  });
});
