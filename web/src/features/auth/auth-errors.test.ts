import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { errorCodes } from "../../lib/error-codes.ts";
import { generalError, signInError, signUpError } from "./auth-errors.ts";

const apiError = (status: number, body: unknown) => new ApiError(status, body as never);

describe("error codes of DRF-style bodies", () => {
  it("collects codes from lists and strings", () => {
    expect(errorCodes({ error_codes: { email: ["invalid_email"], detail: "throttled" } })).toEqual([
      "invalid_email",
      "throttled",
    ]);
    expect(errorCodes(null)).toEqual([]);
    expect(errorCodes("text")).toEqual([]);
  });
});

describe("sign-in errors (spec §8)", () => {
  it("shows wrong credentials for non_field_errors", () => {
    const body = { non_field_errors: ["x"], error_codes: { non_field_errors: ["invalid_credentials"] } };
    expect(signInError(apiError(400, body))).toBe("wrongCredentials");
  });
  it("offers the verification mail when the e-mail is not verified", () => {
    const body = { non_field_errors: ["x"], error_codes: { non_field_errors: ["email_not_verified"] } };
    expect(signInError(apiError(400, body))).toBe("emailNotVerified");
  });
  it("says something went wrong otherwise", () => {
    expect(signInError(apiError(0, null))).toBe("somethingWrong");
    expect(signInError(apiError(429, { detail: "x", error_codes: { detail: "throttled" } }))).toBe(
      "somethingWrong",
    );
  });
});

describe("registration errors (spec §8)", () => {
  it.each([
    ["email_registered", "email", "emailRegistered"],
    ["invalid_phone", "phone_number", "phoneError"],
    ["invalid_email", "email", "emailError"],
    ["password_mismatch", "password2", "passwordMismatch"],
    ["phone_unique", "phone_number", "phoneUnique"],
  ])("maps %s to its message", (code, field, expected) => {
    expect(signUpError(apiError(400, { [field]: ["x"], error_codes: { [field]: [code] } }))).toBe(expected);
  });
  it("prefers exists when e-mail and username both errored", () => {
    const body = { error_codes: { email: ["email_registered"], non_field_errors: ["exists"] } };
    expect(signUpError(apiError(400, body))).toBe("exists");
  });
  it("falls back to something-wrong, never reading prose", () => {
    expect(signUpError(apiError(400, { email: ["already registered"] }))).toBe("somethingWrong");
    expect(signUpError(new Error("boom"))).toBe("somethingWrong");
  });
});

describe("other account errors", () => {
  it("maps invalid_token and throttled", () => {
    expect(generalError(apiError(400, { error_codes: { token: ["invalid_token"] } }))).toBe("invalidToken");
    expect(generalError(apiError(429, { error_codes: { detail: "throttled" } }))).toBe("throttled");
    expect(generalError(apiError(500, null))).toBe("somethingWrong");
  });
});
