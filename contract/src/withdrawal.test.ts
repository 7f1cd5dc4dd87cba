import { describe, expect, it } from "vitest";
import { easterSunday, isBerlinHoliday } from "./rules/berlin-holidays.ts";
import { refundPolicyDeadline, withdrawalDeadline, withdrawalWindow } from "./withdrawal.ts";

describe("a workshop's refund policy (D142)", () => {
  const workshop = (today: string, policy?: { daysBefore: number | null; sessionOn: string | null }) =>
    withdrawalWindow(
      {
        productType: "Workshop",
        orderStatus: "paid",
        itemStatus: "active",
        paidOn: "2026-11-01",
        withdrawn: false,
        refundPolicy: policy,
      },
      today,
    );

  it("ends N Berlin days before the booked date, the last day included", () => {
    expect(refundPolicyDeadline("2027-02-13", 7)).toBe("2027-02-06");
    expect(refundPolicyDeadline("2027-03-03", 7)).toBe("2027-02-24");
    expect(workshop("2027-02-06", { daysBefore: 7, sessionOn: "2027-02-13" })).toEqual({
      block: null,
      deadline: "2027-02-06",
    });
    expect(workshop("2027-02-07", { daysBefore: 7, sessionOn: "2027-02-13" }).block).toBe("policy_over");
  });

  it("leaves a workshop without a policy or without a date exempt (D54)", () => {
    expect(workshop("2026-11-02").block).toBe("no_right");
    expect(workshop("2026-11-02", { daysBefore: null, sessionOn: "2027-02-13" }).block).toBe("no_right");
    expect(workshop("2026-11-02", { daysBefore: 7, sessionOn: null }).block).toBe("no_right");
  });
});

describe("the withdrawal period's last day (§ 193 BGB, D532)", () => {
  it("is the 14th day after the payment on a working day", () => {
    expect(withdrawalDeadline("2026-03-04")).toBe("2026-03-18"); // Wednesday
  });

  it("moves past a Saturday, a Sunday and Berlin's holidays to the next working day", () => {
    expect(withdrawalDeadline("2026-02-28")).toBe("2026-03-16"); // Saturday 14 March → Monday
    expect(withdrawalDeadline("2026-03-01")).toBe("2026-03-16"); // Sunday 15 March → Monday
    // Good Friday 3 April 2026, Easter Monday the 6th: Tuesday.
    expect(withdrawalDeadline("2026-03-20")).toBe("2026-04-07");
    expect(withdrawalDeadline("2026-12-11")).toBe("2026-12-28"); // Friday 25, Saturday, Sunday → Monday
    expect(withdrawalDeadline("2027-02-22")).toBe("2027-03-09"); // Monday 8 March, Frauentag
  });

  it("knows Easter and the holidays that follow it", () => {
    expect(["2024", "2025", "2026", "2027"].map((y) => easterSunday(Number(y)))).toEqual([
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2027-03-28",
    ]);
    // Ascension and Whit Monday 2026; Reformation Day is no holiday in Berlin.
    expect(["2026-05-14", "2026-05-25"].every(isBerlinHoliday)).toBe(true);
    expect(isBerlinHoliday("2026-10-31")).toBe(false);
  });

  it("is what a withdrawal is refused after, and not before", () => {
    const course = (today: string) =>
      withdrawalWindow(
        {
          productType: "Course",
          orderStatus: "paid",
          itemStatus: "active",
          paidOn: "2026-03-01",
          withdrawn: false,
        },
        today,
      );
    expect(course("2026-03-16")).toEqual({ block: null, deadline: "2026-03-16" });
    expect(course("2026-03-17").block).toBe("period_over");
  });
});
