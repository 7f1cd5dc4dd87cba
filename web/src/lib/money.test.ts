import { describe, expect, it } from "vitest";
import { formatEuro } from "./money.ts";

// Intl separates number and sign with a no-break space (U+00A0); ru groups thousands with U+00A0 too.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatEuro", () => {
  it("formats integer cents per locale", () => {
    expect(plain(formatEuro(123450, "de"))).toBe("1.234,50 €");
    expect(plain(formatEuro(123450, "ru"))).toBe("1 234,50 €");
  });

  it("leaves out the cents of whole euros", () => {
    expect(plain(formatEuro(7900, "de"))).toBe("79 €");
    expect(plain(formatEuro(7900, "ru"))).toBe("79 €");
  });
});
