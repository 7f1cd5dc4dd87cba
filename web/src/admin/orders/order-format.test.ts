import { describe, expect, it } from "vitest";
import { lineShown } from "./order-format.ts";
import { headerText } from "./order-show.tsx";

describe("an order line as the order page shows it (D614)", () => {
  const line = { status: "active" as const, paid_cents: 22_000 };

  it("shows what is due while an unpaid order waits, and what was paid once paid", () => {
    expect(lineShown({ payment_state: "unpaid", status: "awaiting_payment" }, line)).toEqual({
      status: "active",
      cents: 22_000,
    });
    expect(lineShown({ payment_state: "paid", status: "paid" }, line)).toEqual({
      status: "active",
      cents: 22_000,
    });
  });

  it("shows the lines of an unpaid order that ended as cancelled, with nothing due", () => {
    for (const status of ["cancelled", "expired", "declined"] as const)
      expect(lineShown({ payment_state: "unpaid", status }, line)).toEqual({
        status: "cancelled",
        cents: null,
      });
  });
});

describe("an order page's heading (D614)", () => {
  it("names a state once where the order's and its payment's say the same", () => {
    expect(headerText("Bestellung", 3, ["Bezahlt", "Bezahlt"])).toBe("Bestellung 3 · Bezahlt");
    expect(headerText("Bestellung", 8, ["Storniert", "Nicht bezahlt"])).toBe(
      "Bestellung 8 · Storniert · Nicht bezahlt",
    );
  });
});
