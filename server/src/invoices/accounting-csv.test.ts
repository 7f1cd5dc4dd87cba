import { describe, expect, it } from "vitest";
import { accountingCsv, VOUCHER_CSV_NOTE } from "./accounting-export.ts";
import type { InvoiceRow } from "./invoices.repository.ts";
import type { Seller } from "./seller.ts";

const seller: Seller = {
  legalName: "Kunstschule Pankow e. V.",
  address: "Breite Straße 3, 13187 Berlin",
  taxId: "DE123456789",
  email: "info@kunstschule.example",
  vatNote: { de: "Umsatzsteuerfrei gemäß § 4 Nr. 21 UStG.", ru: "…" },
};
const line = (totalCents: number, kind: "exempt" | "voucher" | "taxed") => ({
  name: kind,
  productType: kind === "voucher" ? "GiftCard" : "Course",
  visitorName: null,
  when: "",
  place: null,
  listCents: totalCents,
  discountCents: 0,
  totalCents,
  vatExempt: kind === "exempt",
  ...(kind === "voucher" ? { voucher: true as const } : {}),
});
const document = (lines: ReturnType<typeof line>[], giftCardCents = 0): InvoiceRow =>
  ({
    id: 1,
    orderId: 7,
    kind: "invoice",
    number: "RE-2026-000003",
    issuedAt: new Date("2026-12-02T10:00:00Z"),
    totalCents: lines.reduce((sum, l) => sum + l.totalCents, 0),
    data: {
      locale: "de",
      buyer: { first_name: "Eva", last_name: "Muster", email: "eva@example.org" },
      lines,
      totalCents: lines.reduce((sum, l) => sum + l.totalCents, 0),
      giftCardCents,
      serviceFrom: null,
      serviceTo: null,
    },
  }) as unknown as InvoiceRow;
const row = (lines: ReturnType<typeof line>[], giftCardCents = 0) =>
  accountingCsv([document(lines, giftCardCents)], seller)
    .replace(/^\uFEFF/, "")
    .split("\r\n")[1]
    ?.split(";") ?? [];

describe("the month's CSV says what part of a row is exempt and what a gift card's sale (D535)", () => {
  it("a course and a gift card on one invoice: both notes, each part in its own column", () => {
    const cells = row([line(10_000, "exempt"), line(5_000, "voucher")]);
    expect(cells[8]).toBe(`${seller.vatNote.de} ${VOUCHER_CSV_NOTE}`);
    expect(cells.slice(9, 10)).toEqual(["150,00"]);
    expect(cells.slice(12)).toEqual(["100,00", "50,00", "0,00"]);
  });

  it("a gift card alone: the voucher's note, not an empty one", () => {
    const cells = row([line(5_000, "voucher")]);
    expect(cells[7]).toBe("0,00");
    expect(cells[8]).toBe(VOUCHER_CSV_NOTE);
    expect(cells.slice(12)).toEqual(["0,00", "50,00", "0,00"]);
  });

  it("a taxed line has its VAT and no note", () => {
    const cells = row([line(11_900, "taxed")]);
    expect(cells.slice(6, 9)).toEqual(["100,00", "19,00", ""]);
    expect(cells.slice(12)).toEqual(["0,00", "0,00", "0,00"]);
  });

  it("an invoice a gift card paid part of: gross less that column is what the gateway received (D554)", () => {
    const cells = row([line(11_900, "taxed")], 4_000);
    expect(cells[9]).toBe("119,00");
    expect(cells[14]).toBe("40,00");
  });
});
