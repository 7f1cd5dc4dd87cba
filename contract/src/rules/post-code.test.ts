import { describe, expect, it } from "vitest";
import { isGermany, postCodeProblem } from "./post-code.ts";

describe("a post code fits its country (D605)", () => {
  it("has five digits in Germany, the country left empty or written as parents write it", () => {
    for (const country of ["", "  ", "Deutschland", "DE", "germany", "Германия", undefined])
      expect(isGermany(country)).toBe(true);
    expect(postCodeProblem("10435", "Deutschland")).toBeNull();
    expect(postCodeProblem(" 10435 ", "")).toBeNull();
    expect(postCodeProblem("D-10435", "Deutschland")).toBeNull();
    for (const code of ["ABCDE", "1043", "104356", "10 435", "1043a"])
      expect(postCodeProblem(code, "Deutschland")).toBe("post_code_german");
    expect(postCodeProblem("ABCDE", "")).toBe("post_code_german");
  });

  it("is letters, digits, spaces and hyphens abroad", () => {
    expect(isGermany("Österreich")).toBe(false);
    expect(postCodeProblem("1010", "Österreich")).toBeNull();
    expect(postCodeProblem("SW1A 1AA", "United Kingdom")).toBeNull();
    expect(postCodeProblem("00-950", "Polen")).toBeNull();
    expect(postCodeProblem("101000", "Россия")).toBeNull();
    for (const code of ["10435!", "-1010", "1010-", "a/b", "123456789012345"])
      expect(postCodeProblem(code, "Österreich")).toBe("post_code_invalid");
  });

  it("leaves an empty post code to the address rules", () => {
    expect(postCodeProblem("", "Deutschland")).toBeNull();
    expect(postCodeProblem("  ", "Österreich")).toBeNull();
    expect(postCodeProblem(null, null)).toBeNull();
  });
});
