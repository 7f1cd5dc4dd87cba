import { AGE_GROUP_RANGES, AGE_GROUPS } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { partyAgesExample } from "./party-ages.ts";

describe("partyAgesExample (issue 32 item 11)", () => {
  it("gives ages a party for 5–7-year-olds takes", () => {
    expect(partyAgesExample("5-7")).toBe("6, 7, 7");
  });

  it("stays inside every age group", () => {
    for (const group of AGE_GROUPS) {
      const { min, max } = AGE_GROUP_RANGES[group];
      for (const age of partyAgesExample(group).split(", ").map(Number)) {
        expect(age).toBeGreaterThanOrEqual(min);
        if (max !== null) expect(age).toBeLessThanOrEqual(max);
      }
    }
  });
});
