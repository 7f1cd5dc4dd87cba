import { describe, expect, it } from "vitest";
import { de } from "../i18n/de.ts";
import { ru } from "../i18n/ru.ts";
import { time, timeOf } from "./slots.tsx";

describe("a slot's times as staff type them (D531)", () => {
  it("reads 9:30, 09.30 and 9.30 Uhr as 09:30, and keeps 16:30", () => {
    for (const typed of ["9:30", "09.30", "9.30 Uhr", " 9:30 "]) expect(timeOf(typed)).toBe("09:30");
    expect(timeOf("16:30")).toBe("16:30");
    for (const typed of ["24:00", "9:3", "halb zehn", "9:60"]) expect(timeOf(typed)).toBeUndefined();
  });

  it("says a missing time is missing and a wrong one how to write it, in both languages", () => {
    expect(time("")).toBe("ra.validation.required");
    expect(time("9.30 Uhr")).toBeUndefined();
    expect(time("halb zehn")).toBe("admin.slot.time_format");
    for (const messages of [de, ru])
      expect((messages.admin as { slot: { time_format: string } }).slot.time_format).toContain("16:30");
  });
});
