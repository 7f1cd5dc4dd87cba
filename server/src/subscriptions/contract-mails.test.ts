import { describe, expect, it } from "vitest";
import { payByDay } from "./contract-mails.ts";

// D559: the day a parent is told to pay a month by is a whole day before the contract ends.
describe("payByDay", () => {
  it("is the day before a contract that ends at a Berlin midnight", () => {
    // 2027-02-01 00:00 in Berlin (winter time, UTC+1).
    expect(payByDay(new Date("2027-01-31T23:00:00Z"))).toBe("2027-01-31");
  });

  it("is not the day a contract ends at 01:00 on, when its grace ran over the spring's change of clocks", () => {
    // Paid month ended 2027-03-27 00:00 (UTC+1); 72 hours later it is 2027-03-30 01:00 (UTC+2).
    const endsAt = new Date(new Date("2027-03-26T23:00:00Z").getTime() + 72 * 3_600_000);
    expect(endsAt.toISOString()).toBe("2027-03-29T23:00:00.000Z");
    expect(payByDay(endsAt)).toBe("2027-03-29");
  });

  it("is not the day a contract ends at 23:00 on, when its grace ran over the autumn's change", () => {
    // Paid month ended 2027-10-30 00:00 (UTC+2); 72 hours later it is 2027-11-01 23:00 (UTC+1).
    const endsAt = new Date(new Date("2027-10-29T22:00:00Z").getTime() + 72 * 3_600_000);
    expect(endsAt.toISOString()).toBe("2027-11-01T22:00:00.000Z");
    expect(payByDay(endsAt)).toBe("2027-10-31");
  });
});
