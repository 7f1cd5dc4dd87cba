import { describe, expect, it } from "vitest";
import {
  INVOICE_ADDRESS_THRESHOLD_CENTS,
  invoiceNeedsAddress,
  missingAddressFields,
} from "./invoice-address.ts";

describe("the buyer's address on an invoice (D170)", () => {
  it("is needed only above 250 € gross (§ 33 UStDV spares up to 250 €)", () => {
    expect(INVOICE_ADDRESS_THRESHOLD_CENTS).toBe(25_000);
    expect(invoiceNeedsAddress(25_000)).toBe(false);
    expect(invoiceNeedsAddress(25_001)).toBe(true);
    expect(invoiceNeedsAddress(0)).toBe(false);
  });

  it("names each empty part, blank counting as empty, in the form's order", () => {
    expect(
      missingAddressFields({ street: "Kastanienallee 1", post_code: "10435", city: "Berlin", country: "DE" }),
    ).toEqual([]);
    expect(missingAddressFields({ street: " ", city: "Berlin", country: null })).toEqual([
      "street",
      "post_code",
      "country",
    ]);
  });
});
