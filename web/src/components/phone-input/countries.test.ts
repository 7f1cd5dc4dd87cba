import { sanitizePhoneInput } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import {
  countryForNumber,
  countryOptions,
  DEFAULT_COUNTRY,
  findCountry,
  findOptionIndex,
  flagEmoji,
  PHONE_COUNTRIES,
  parseIpCountryReply,
  switchDialCode,
} from "./countries.ts";

describe("phone countries (spec §2)", () => {
  it("has about 240 unique countries, Germany +49 by default", () => {
    expect(PHONE_COUNTRIES.length).toBeGreaterThanOrEqual(235);
    expect(new Set(PHONE_COUNTRIES.map((c) => c.iso)).size).toBe(PHONE_COUNTRIES.length);
    expect(DEFAULT_COUNTRY).toEqual({ iso: "de", dial: "49" });
  });

  it("lists us, gb, de, fr, in first, then every country by name in the page language", () => {
    const de = countryOptions("de");
    expect(de.slice(0, 5).map((c) => c.iso)).toEqual(["us", "gb", "de", "fr", "in"]);
    expect(de.length).toBe(PHONE_COUNTRIES.length + 5);
    expect(de.find((c) => c.iso === "de")?.name).toBe("Deutschland");
    expect(countryOptions("ru").find((c) => c.iso === "de")?.name).toBe("Германия");
    const rest = de.slice(5).map((c) => c.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator("de").compare));
  });

  it("draws flags from regional indicators", () => {
    expect(flagEmoji("de")).toBe("🇩🇪");
  });
});

describe("type-to-find", () => {
  const options = countryOptions("de");
  it("finds the next country whose name starts with the typed text", () => {
    const index = findOptionIndex(options, "öst");
    expect(options[index]?.iso).toBe("at");
    const first = findOptionIndex(options, "deu");
    expect(options[first]?.iso).toBe("de");
    // searching on from the preferred entry finds the same country in the full list
    expect(options[findOptionIndex(options, "deu", first)]?.iso).toBe("de");
    expect(findOptionIndex(options, "deu", first)).toBeGreaterThan(first);
  });
  it("finds by dial code when digits are typed", () => {
    expect(options[findOptionIndex(options, "+7")]?.dial).toBe("7");
    expect(options[findOptionIndex(options, "380")]?.iso).toBe("ua");
  });
  it("finds nothing for unknown text", () => {
    expect(findOptionIndex(options, "zzz")).toBe(-1);
    expect(findOptionIndex(options, "")).toBe(-1);
  });
});

describe("number and country", () => {
  const de = findCountry("de");
  const fr = findCountry("fr");
  if (!de || !fr) throw new Error("test data");
  it("swaps the dial code when another country is chosen", () => {
    expect(switchDialCode("+4930123456", de, fr)).toBe("+3330123456");
    expect(switchDialCode("+", de, fr)).toBe("+33");
  });
  it("follows a typed dial code, preferring the main country of shared codes", () => {
    expect(countryForNumber("+4930", de)).toBe(de);
    expect(countryForNumber("+33612", de)).toBe(fr);
    expect(countryForNumber("+1202", de).iso).toBe("us");
    expect(countryForNumber("+7916", de).iso).toBe("ru");
    expect(countryForNumber("+", de)).toBe(de);
  });
  it("accepts only a leading plus and digits (contract sanitizePhoneInput)", () => {
    expect(sanitizePhoneInput("+49 (30) 12-34")).toBe("+49301234");
    expect(sanitizePhoneInput("")).toBe("+");
  });
});

describe("IP-to-country reply", () => {
  it("reads the two-letter code of a reply starting with 1", () => {
    expect(parseIpCountryReply("1;DE;DEU;Germany")).toEqual({ iso: "de", dial: "49" });
    expect(parseIpCountryReply("1;FR;FRA;France\n")).toEqual({ iso: "fr", dial: "33" });
  });
  it("rejects anything else", () => {
    expect(parseIpCountryReply("0")).toBeNull();
    expect(parseIpCountryReply("2;DE;DEU;Germany")).toBeNull();
    expect(parseIpCountryReply("1;ZZ;ZZZ;Nowhere")).toBeNull();
    expect(parseIpCountryReply("<html>")).toBeNull();
    expect(parseIpCountryReply("")).toBeNull();
  });
});
