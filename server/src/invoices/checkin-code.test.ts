import { describe, expect, it } from "vitest";
import { checkinUrl, newCheckinCode } from "./checkin-code.ts";

describe("check-in codes", () => {
  it("are 128 random bits as 22 base64url characters, unique over many draws", () => {
    const codes = Array.from({ length: 10_000 }, () => newCheckinCode());
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(Buffer.from(codes[0] ?? "", "base64url")).toHaveLength(16);
  });

  it("do not follow one another: no shared prefix, every character position varies", () => {
    const codes = Array.from({ length: 200 }, () => newCheckinCode());
    for (let position = 0; position < 21; position++) {
      expect(new Set(codes.map((code) => code[position])).size).toBeGreaterThan(20);
    }
  });

  it("are read by the staff scanner's page, which the QR code encodes", () => {
    expect(checkinUrl("https://shop.example/", "AbC-_9")).toBe(
      "https://shop.example/QrCodeScanner?code=AbC-_9",
    );
    expect(checkinUrl("http://localhost:3000", "x")).toBe("http://localhost:3000/QrCodeScanner?code=x");
  });
});
