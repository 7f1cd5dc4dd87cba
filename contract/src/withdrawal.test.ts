import { describe, expect, it } from "vitest";
import { refundPolicyDeadline, withdrawalWindow } from "./withdrawal.ts";

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
