import { describe, expect, it } from "vitest";
import { addMonth, normalizeContractNumber, paidMonthEnd } from "./subscriptions.ts";

describe("subscription months", () => {
  it("adds a calendar month, the 31st becoming the last day of a shorter month", () => {
    expect(addMonth(new Date("2026-01-31T10:00:00Z")).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonth(new Date("2026-12-15T08:30:00Z")).toISOString()).toBe("2027-01-15T08:30:00.000Z");
  });

  it("makes a paid month longer by the paused days from its start on, also a pause the extension reaches", () => {
    const start = new Date("2026-07-10T12:00:00Z");
    expect(paidMonthEnd(start, []).toISOString()).toBe("2026-08-10T12:00:00.000Z");
    // Summer holidays 1–14 August: 14 days more.
    const summer = { startsOn: "2026-08-01", endsOn: "2026-08-14" };
    expect(paidMonthEnd(start, [summer]).toISOString()).toBe("2026-08-24T12:00:00.000Z");
    // A pause that only the extension reaches counts too; one before the start or after the end does not.
    const later = { startsOn: "2026-08-20", endsOn: "2026-08-21" };
    const before = { startsOn: "2026-07-01", endsOn: "2026-07-05" };
    const after = { startsOn: "2026-09-01", endsOn: "2026-09-30" };
    expect(paidMonthEnd(start, [later, after, summer, before]).toISOString()).toBe(
      "2026-08-26T12:00:00.000Z",
    );
  });

  it("reads contract numbers however they are typed, and no old-style order-item number", () => {
    expect(normalizeContractNumber("K7QM-3XHD-9PRA")).toBe("K7QM-3XHD-9PRA");
    expect(normalizeContractNumber(" k7qm 3xhd 9pra ")).toBe("K7QM-3XHD-9PRA");
    // Read from paper: O is a zero, I and L are ones (Crockford's base 32 has none of them).
    expect(normalizeContractNumber("O7QM-IXHD-LPRA")).toBe("07QM-1XHD-1PRA");
    expect(normalizeContractNumber("1234-56")).toBeNull();
    expect(normalizeContractNumber("1234")).toBeNull();
    expect(normalizeContractNumber("K7QM-3XHD-9PR")).toBeNull();
    expect(normalizeContractNumber("K7QM-3XHD-9PRU")).toBeNull();
  });
});
