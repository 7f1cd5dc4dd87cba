import { describe, expect, it } from "vitest";
import { visitDayOf } from "./visit-requests.ts";

describe("the day of a visit the existing client sends as a timestamp (D95, D547)", () => {
  it("is the day the parent's date picker chose, in Berlin and east or west of it", () => {
    // Midnight of 3 December in Berlin (winter), in Moscow, in New York; and of 3 June in Berlin (summer).
    expect(visitDayOf("2026-12-02T23:00:00.000Z")).toBe("2026-12-03");
    expect(visitDayOf("2026-12-02T21:00:00.000Z")).toBe("2026-12-03");
    expect(visitDayOf("2026-12-03T05:00:00.000Z")).toBe("2026-12-03");
    expect(visitDayOf("2026-06-02T22:00:00.000Z")).toBe("2026-06-03");
    // An offset written out names the browser's own day; a date stays as it is.
    expect(visitDayOf("2026-12-03T00:00:00+03:00")).toBe("2026-12-03");
    expect(visitDayOf("2026-12-03")).toBe("2026-12-03");
  });

  it("passes a day that does not exist on as written, for the date's check to refuse (D615)", () => {
    expect(visitDayOf("2027-02-30T10:00:00Z")).toBe("2027-02-30");
    expect(visitDayOf("2027-04-31T08:00:00Z")).toBe("2027-04-31");
    expect(visitDayOf("2028-02-29T10:00:00Z")).toBe("2028-02-29");
  });
});
