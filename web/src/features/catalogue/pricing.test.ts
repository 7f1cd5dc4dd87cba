import { describe, expect, it } from "vitest";
import { optionPrice, productPrice, vatNoteKey } from "./pricing.ts";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("productPrice", () => {
  const course = {
    price_from_cents: 7900,
    purchase_options: [
      { base_price_cents: 7900, is_recurring: true },
      { base_price_cents: 14500, is_recurring: true },
      { base_price_cents: 22000, is_recurring: false },
    ],
  };

  it("shows the lowest price as 'from' and monthly when it is a subscription", () => {
    const price = productPrice(course, "de");
    expect(price && { ...price, amount: plain(price.amount) }).toEqual({
      amount: "79 €",
      from: true,
      monthly: true,
    });
  });

  it("is a plain price when there is only one", () => {
    const price = productPrice(
      { price_from_cents: 4500, purchase_options: [{ base_price_cents: 4500, is_recurring: false }] },
      "ru",
    );
    expect(price?.from).toBe(false);
    expect(price?.monthly).toBe(false);
  });

  it("is null without a price", () => {
    expect(productPrice({ price_from_cents: null, purchase_options: [] }, "de")).toBeNull();
  });
});

describe("optionPrice", () => {
  it("formats cents and marks subscriptions monthly", () => {
    const price = optionPrice({ base_price_cents: 22050, is_recurring: false }, "de");
    expect(plain(price.amount)).toBe("220,50 €");
    expect(price.monthly).toBe(false);
  });
});

describe("vatNoteKey", () => {
  it("states the VAT exemption for the school's education services", () => {
    expect(vatNoteKey("Course")).toBe("vatExempt");
    expect(vatNoteKey("Academy")).toBe("vatExempt");
    expect(vatNoteKey("BirthdayParty")).toBe("vatIncluded");
  });
  it("says a gift card's sale carries no VAT, as its invoice does (D283, D601)", () => {
    expect(vatNoteKey("GiftCard")).toBe("vatVoucher");
  });
});
