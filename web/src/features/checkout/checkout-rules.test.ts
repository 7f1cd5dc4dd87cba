import { defaultParseSearch } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { berlinTime } from "../../lib/format.ts";
import { paypalLocale } from "../../lib/payments.ts";
import { parseCartSearch, parsePaymentReturnSearch } from "./cart-search.ts";
import { billingFieldErrors, checkoutProblem } from "./checkout-errors.ts";
import { paymentReturnUrls } from "./return-urls.ts";
import { withdrawalInfo } from "./withdrawal.ts";

describe("cart search", () => {
  it("keeps the checkout step, a payment notice and a gateway token, and drops anything else", () => {
    expect(parseCartSearch({ step: "checkout" } as never)).toEqual({
      step: "checkout",
      payment: undefined,
      token: undefined,
    });
    expect(parseCartSearch({ payment: "cancelled", token: "SI000000000000001" } as never)).toEqual({
      step: undefined,
      payment: "cancelled",
      token: "SI000000000000001",
    });
    expect(parseCartSearch({ step: "pay", payment: "whatever", token: "../x" } as never)).toEqual({
      step: undefined,
      payment: undefined,
      token: undefined,
    });
  });

  it("reads PayPal's return parameters", () => {
    expect(parsePaymentReturnSearch({ token: "DEMO-1", PayerID: "P1" } as never)).toEqual({
      token: "DEMO-1",
      PayerID: "P1",
    });
    expect(parsePaymentReturnSearch({ token: "a b" } as never)).toEqual({
      token: undefined,
      PayerID: undefined,
    });
  });
});

describe("Stripe's return addresses (token = our order number, D103)", () => {
  // The router reads `?token=41` as the number 41 (it JSON-parses search values): it must still arrive.
  const parsed = (search: string) => defaultParseSearch(search) as never;

  it("keeps our order number from Stripe's success_url, with the gateway", () => {
    expect(parsePaymentReturnSearch(parsed("?locale=de&gateway=stripe&token=41"))).toEqual({
      token: "41",
      PayerID: undefined,
      gateway: "stripe",
    });
  });

  it("keeps our order number from Stripe's cancel_url, so the cancel puts the items back", () => {
    expect(parseCartSearch(parsed("?locale=de&payment=cancelled&token=41"))).toEqual({
      step: undefined,
      payment: "cancelled",
      token: "41",
    });
  });

  it("drops numbers that are no order number", () => {
    expect(parseCartSearch(parsed("?payment=cancelled&token=-1")).token).toBeUndefined();
    expect(parseCartSearch(parsed("?payment=cancelled&token=1.5")).token).toBeUndefined();
  });

  it("marks Stripe's success address so the return page knows a SEPA debit may still be processing", () => {
    expect(paymentReturnUrls("https://shop.example", "de", "stripe").successUrl).toBe(
      "https://shop.example/payment-complete/return?locale=de&gateway=stripe",
    );
  });
});

describe("withdrawal information (decision D54)", () => {
  it("lists each type once in a fixed order and asks for the early start of courses and academies", () => {
    expect(withdrawalInfo(["Workshop", "Course", "Workshop"])).toEqual({
      types: ["Course", "Workshop"],
      earlyStart: true,
    });
    expect(withdrawalInfo(["Academy"]).earlyStart).toBe(true);
    expect(withdrawalInfo(["GiftCard", "Event", "BirthdayParty"])).toEqual({
      types: ["GiftCard", "Event", "BirthdayParty"],
      earlyStart: false,
    });
  });
});

describe("return addresses", () => {
  it("points the demo gateway back at the shop's origin with the page locale", () => {
    expect(paymentReturnUrls("https://shop.example", "ru")).toEqual({
      successUrl: "https://shop.example/payment-complete/return?locale=ru",
      cancelUrl: "https://shop.example/cart?locale=ru&payment=cancelled",
    });
    expect(paypalLocale("de")).toBe("de_DE");
    expect(paypalLocale("ru")).toBe("ru_RU");
  });
});

describe("checkout problems", () => {
  const refused = (field: string, code: string) => new ApiError(400, { error_codes: { [field]: [code] } });
  it("maps the server's codes and statuses", () => {
    expect(checkoutProblem(refused("schedule_slots", "no_seats_left"))).toBe("noSeatsLeft");
    expect(checkoutProblem(refused("non_field_errors", "cart_empty"))).toBe("cartEmpty");
    expect(checkoutProblem(refused("non_field_errors", "terms_required"))).toBe("termsRequired");
    expect(checkoutProblem(refused("non_field_errors", "instrument_declined"))).toBe("instrumentDeclined");
    expect(checkoutProblem(refused("non_field_errors", "payment_declined"))).toBe("paymentDeclined");
    expect(checkoutProblem(refused("non_field_errors", "order_not_payable"))).toBe("orderNotPayable");
    // Refused after the money was taken: it is refunded; the parent is told so, not to try again.
    for (const code of ["reservation_expired", "promocode_used_up_late"])
      expect(checkoutProblem(refused("non_field_errors", code)), code).toBe("refunded");
    // The same with a gift card's part back on the card: said apart, in the contract's words (D667).
    expect(checkoutProblem(refused("non_field_errors", "reservation_expired_gift_card"))).toBe(
      "giftCardReleased",
    );
    // Not always the shop's to refund (another's order): no promise of a refund.
    expect(checkoutProblem(refused("non_field_errors", "payment_mismatch"))).toBe("paymentMismatch");
    for (const [field, code] of [
      ["schedule_slots", "slot_not_on_page"],
      ["academy_weeks", "week_not_on_page"],
      ["purchase_option", "option_not_on_page"],
      ["product_page", "product_not_found"],
    ])
      expect(checkoutProblem(refused(field as string, code as string)), code).toBe("offerGone");
    expect(checkoutProblem(refused("promocode", "promocode_used_up"))).toBe("promocodeUsedUp");
    expect(checkoutProblem(new ApiError(503, { error_codes: { detail: "payment_unavailable" } }))).toBe(
      "paymentUnavailable",
    );
    expect(checkoutProblem(new ApiError(401, { detail: "…" }))).toBe("signIn");
    expect(checkoutProblem(new ApiError(0, null))).toBe("network");
    expect(checkoutProblem(new Error("boom"))).toBe("unknown");
  });

  it("finds billing field errors flat, dotted or nested", () => {
    expect(billingFieldErrors(refused("first_name", "required"))).toEqual({ first_name: "required" });
    expect(billingFieldErrors(refused("billing.city", "too_long"))).toEqual({ city: "too_long" });
    expect(
      billingFieldErrors(
        new ApiError(400, { error_codes: { billing: { last_name: ["required"] } } } as never),
      ),
    ).toEqual({ last_name: "required" });
  });
});

describe("reservation time", () => {
  it("is shown on Berlin's clock, summer and winter", () => {
    expect(berlinTime("2027-07-01T12:05:00Z", "de")).toBe("14:05");
    expect(berlinTime("2027-01-15T23:30:00Z", "ru")).toBe("00:30");
    expect(berlinTime("not a date", "de")).toBeNull();
  });
});
