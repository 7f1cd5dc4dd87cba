import { describe, expect, it } from "vitest";
import { academyClientSlots } from "./orders.ts";

describe("academyClientSlots (D224)", () => {
  it("names each weekday of the booked weeks once, Monday first, with the day part's hours", () => {
    const weeks = [
      // An Easter week of four days (Tuesday to Friday), then a whole week.
      { starts_on: "2027-03-30", ends_on: "2027-04-02" },
      { starts_on: "2027-07-05", ends_on: "2027-07-09" },
    ];
    expect(academyClientSlots("Academy (2nd half)", weeks.slice(0, 1)).map((slot) => slot.weekday)).toEqual([
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
    ]);
    const both = academyClientSlots("Academy (full day)", weeks);
    expect(both.map((slot) => [slot.id, slot.weekday, slot.start, slot.end, slot.date])).toEqual([
      [-1, "Monday", "09:00:00", "17:00:00", null],
      [-2, "Tuesday", "09:00:00", "17:00:00", null],
      [-3, "Wednesday", "09:00:00", "17:00:00", null],
      [-4, "Thursday", "09:00:00", "17:00:00", null],
      [-5, "Friday", "09:00:00", "17:00:00", null],
    ]);
  });

  it("gives nothing for an option that is not an academy's day part", () => {
    expect(
      academyClientSlots("Course (1 / week)", [{ starts_on: "2027-07-05", ends_on: "2027-07-09" }]),
    ).toEqual([]);
  });
});
