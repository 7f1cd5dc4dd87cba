import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { euroInputText, isDrasticPriceChange, parseEuroCents } from "./money.ts";

describe("a euro amount as the office types it (D231)", () => {
  it("reads German input as a German reads it", () => {
    expect(parseEuroCents("89,00")).toBe(8900);
    expect(parseEuroCents("89")).toBe(8900);
    expect(parseEuroCents("89,5")).toBe(8950);
    expect(parseEuroCents("1.089,50")).toBe(108950);
    expect(parseEuroCents("1.089")).toBe(108900);
    expect(parseEuroCents("12.345.678,09")).toBe(1234567809);
    expect(parseEuroCents("0,99")).toBe(99);
    expect(parseEuroCents(",50")).toBe(50);
    expect(parseEuroCents("89,-")).toBe(8900);
    expect(parseEuroCents("89,–")).toBe(8900);
    expect(parseEuroCents(" 89,00 € ")).toBe(8900);
    expect(parseEuroCents("€ 89")).toBe(8900);
    expect(parseEuroCents("89 EUR")).toBe(8900);
  });

  it("reads English input as an English reader does, where no German reading competes", () => {
    expect(parseEuroCents("89.00")).toBe(8900);
    expect(parseEuroCents("89.5")).toBe(8950);
    expect(parseEuroCents("1,089.50")).toBe(108950);
    expect(parseEuroCents("1,234,567.80")).toBe(123456780);
    expect(parseEuroCents("0.05")).toBe(5);
  });

  it("reads Russian input grouped with spaces", () => {
    expect(parseEuroCents("1 089,50")).toBe(108950);
    expect(parseEuroCents("1\u00a0089,50 €")).toBe(108950);
    expect(parseEuroCents("1\u202f089")).toBe(108900);
  });

  it("refuses what is not an amount, and what a German and an English reader read differently", () => {
    for (const text of [
      "",
      " ",
      "€",
      ",",
      "abc",
      "89a",
      "-89",
      "+89",
      "8 9",
      "89,505",
      "1.08,50",
      "1.089.50",
      "1,089,50",
      "1,089",
      "1.0899",
      "1e3",
      "0x10",
      "89,,00",
      "89.,00",
      "1.089,5.0",
      "Infinity",
      "NaN",
      "1234567890",
      "89 ,00",
    ])
      expect(parseEuroCents(text), JSON.stringify(text)).toBeUndefined();
  });

  it("reads back every amount as the field shows it in German and in Russian", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999_999 }),
        fc.constantFrom("de", "ru" as const),
        (cents, locale) => {
          expect(parseEuroCents(euroInputText(cents, locale))).toBe(cents);
        },
      ),
    );
  });

  it("reads back every amount written German, English or with a euro sign, with and without grouping", () => {
    const writers = [
      new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }),
      new Intl.NumberFormat("ru-RU", { style: "currency", currency: "EUR" }),
      new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2 }),
      new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2, useGrouping: false }),
      new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, useGrouping: false }),
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999_999 }),
        fc.constantFrom(...writers),
        (cents, writer) => {
          expect(parseEuroCents(writer.format(cents / 100))).toBe(cents);
        },
      ),
    );
  });

  it("never answers anything but whole non-negative cents, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789.,- €abe\u00a0") }), (text) => {
        const cents = parseEuroCents(text);
        if (cents !== undefined) {
          expect(Number.isSafeInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it("calls a price drastic when it changes by more than five times either way", () => {
    expect(isDrasticPriceChange(8900, 890000)).toBe(true);
    expect(isDrasticPriceChange(8900, 1000)).toBe(true);
    expect(isDrasticPriceChange(8900, 44500)).toBe(false);
    expect(isDrasticPriceChange(8900, 9900)).toBe(false);
    expect(isDrasticPriceChange(null, 890000)).toBe(false);
    expect(isDrasticPriceChange(8900, 0)).toBe(false);
  });
});
