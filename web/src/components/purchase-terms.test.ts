import { describe, expect, it } from "vitest";
import de from "../locales/de/common.json";
import { cancellationLabelKey } from "./purchase-terms.tsx";

const label = (recurring: boolean, days: number | null) =>
  cancellationLabelKey(recurring, days) === "terms.cancellation"
    ? de.terms.cancellation
    : de.terms.cancellationOneOff;

describe("cancellationLabelKey (issue 32 item 11)", () => {
  it("calls a one-off ticket's free cancellation Stornierung, not Kündigung", () => {
    expect(label(false, 7)).toBe("Stornierung");
  });

  it("calls only a course subscription's ending Kündigung", () => {
    expect(label(true, null)).toBe("Kündigung");
    expect(label(true, 7)).toBe("Stornierung");
  });
});
