import { describe, expect, it } from "vitest";
import { amountCents } from "./gift-card-form.tsx";

describe("the gift card's own amount, as Germans type it (D486)", () => {
  it("reads thousands, cents and a euro sign as the contract's money fields do", () => {
    const other = (typed: string) => amountCents({ amount: "other", other_euros: typed });
    expect(other("1.000")).toBe(100_000);
    expect(other("25,00")).toBe(2_500);
    expect(other("37,50")).toBe(3_750);
    expect(other("60 €")).toBe(6_000);
    expect(other("")).toBeNaN();
    expect(other("zwanzig")).toBeNaN();
    // One of the school's amounts is its option's cents.
    expect(amountCents({ amount: "5000", other_euros: "1.000" })).toBe(5_000);
  });
});
