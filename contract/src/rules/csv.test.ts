import { describe, expect, it } from "vitest";
import { centsForSpreadsheet, csvField, toCsv } from "./csv.ts";

describe("CSV for spreadsheets (D132)", () => {
  it("leads formulas with ' so no spreadsheet runs them, and leaves plain numbers as numbers", () => {
    for (const formula of ["=1+1", "+49 170 1", "-2+3", "@SUM(A1)", "\tx", "\r=1"])
      expect(csvField(formula).replace(/^"|"$/g, "").startsWith("'")).toBe(true);
    expect(csvField("-12,50")).toBe("-12,50");
    expect(csvField(7)).toBe("7");
    expect(csvField("Mila")).toBe("Mila");
  });

  it("quotes separators, quotes and line breaks, doubling the quotes", () => {
    expect(csvField('a;b "c"\nd')).toBe('"a;b ""c""\nd"');
    expect(csvField(" lead")).toBe('" lead"');
    expect(csvField(null)).toBe("");
  });

  it("writes a BOM, `;` between fields and CRLF after every row", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x", 1],
          ["=y", null],
        ],
      ),
    ).toBe("\uFEFFa;b\r\nx;1\r\n'=y;\r\n");
  });

  it("writes cents as a decimal with a comma", () => {
    expect([0, 5, 1250, -5, -123456].map(centsForSpreadsheet)).toEqual([
      "0,00",
      "0,05",
      "12,50",
      "-0,05",
      "-1234,56",
    ]);
  });
});
