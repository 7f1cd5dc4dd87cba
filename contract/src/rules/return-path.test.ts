import { describe, expect, it } from "vitest";
import { ReturnPathSchema, safeReturnPath } from "./return-path.ts";

describe("safeReturnPath (D167): a link leads back only to a page of our shop", () => {
  it("keeps the shop's own paths with their query and hash", () => {
    expect(safeReturnPath("/cart?step=checkout")).toBe("/cart?step=checkout");
    expect(safeReturnPath("/product/12?locale=ru#buy")).toBe("/product/12?locale=ru#buy");
    expect(safeReturnPath("/")).toBe("/");
  });

  it("refuses other hosts, schemes, tricks and the API", () => {
    for (const value of [
      "//evil.example/cart",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "data:text/html,x",
      "cart",
      "",
      " /cart",
      "/cart\nLocation: https://evil.example",
      "/\tevil",
      "/api/v2/users/me/",
      "/api",
      `/${"a".repeat(300)}`,
      42,
      null,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
      expect(ReturnPathSchema.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it("says why in the contract's code", () => {
    const result = ReturnPathSchema.safeParse("//evil.example");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("invalid_return_path");
  });
});
