import { describe, expect, it } from "vitest";
import { formatDate, formatTime, weekdayName } from "./format.ts";

describe("weekdayName", () => {
  it("counts from Monday and capitalises", () => {
    expect(weekdayName(0, "de")).toBe("Montag");
    expect(weekdayName(6, "de")).toBe("Sonntag");
    expect(weekdayName(0, "ru")).toBe("Понедельник");
  });
});

describe("formatDate", () => {
  it("formats a calendar date without shifting it by time zone", () => {
    expect(formatDate("2027-04-12", "de")).toContain("12");
    expect(formatDate("2027-04-12", "de")).toContain("2027");
    expect(formatDate("bad", "de")).toBe("bad");
  });
});

describe("formatTime", () => {
  it("drops seconds", () => {
    expect(formatTime("16:00:00")).toBe("16:00");
    expect(formatTime("9:30")).toBe("9:30");
  });
});
