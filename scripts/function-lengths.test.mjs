import { describe, expect, it } from "vitest";
import { functionLengths, MAX_LINES, overLimit } from "./function-lengths.mjs";

const body = (lines) => Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join("\n");

describe("no function over the limit (npm run lint:functions)", () => {
  it("measures declarations, arrow functions in variables and methods by name", () => {
    const text = [
      `export function pay() {\n${body(5)}\n}`,
      `export const cart = () => {\n${body(4)}\n};`,
      `class A {\n  refund() {\n${body(3)}\n  }\n}`,
    ].join("\n");
    expect(functionLengths("server/src/x.ts", text).map(({ name, lines }) => ({ name, lines }))).toEqual([
      { name: "pay", lines: 5 },
      { name: "cart", lines: 4 },
      { name: "refund", lines: 3 },
    ]);
  });

  it("refuses a planted function over the limit, and one of the baseline that grew", () => {
    const planted = functionLengths(
      "server/src/orders/long.ts",
      `export function long() {\n${body(MAX_LINES + 1)}\n}`,
    );
    expect(overLimit(planted, {}).map((f) => f.name)).toEqual(["long"]);
    expect(overLimit(planted, { "server/src/orders/long.ts#long": MAX_LINES + 1 })).toEqual([]);
    expect(overLimit(planted, { "server/src/orders/long.ts#long": MAX_LINES + 0.5 })).toHaveLength(1);
  });

  it("lets a function of the limit's length pass", () => {
    const fits = functionLengths("web/src/a.tsx", `export function Fits() {\n${body(MAX_LINES)}\n}`);
    expect(fits[0]?.lines).toBe(MAX_LINES);
    expect(overLimit(fits, {})).toEqual([]);
  });
});
