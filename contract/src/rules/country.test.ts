import { describe, expect, it } from "vitest";
import { countryName } from "./country.ts";

describe("countryName", () => {
  it("names a country in either language, whatever the code's case", () => {
    expect(countryName("DE", "de")).toBe("Deutschland");
    expect(countryName("de", "ru")).toBe("Германия");
    expect(countryName("AT", "ru")).toBe("Австрия");
  });

  it("answers the code itself for a code that names no country", () => {
    expect(countryName("XX1", "de")).toBe("XX1");
    expect(countryName("", "ru")).toBe("");
  });
});
