import { describe, expect, it } from "vitest";
import { readServerErrors } from "./server-errors.ts";

describe("readServerErrors", () => {
  it("maps field errors with their codes", () => {
    const body = {
      email: ["Geben Sie eine gültige E-Mail-Adresse ein."],
      error_codes: { email: ["invalid_email"] },
    };
    expect(readServerErrors(body, ["email", "phone"])).toEqual({
      fields: [
        { name: "email", code: "invalid_email", message: "Geben Sie eine gültige E-Mail-Adresse ein." },
      ],
      general: undefined,
    });
  });

  it("reads non_field_errors and detail as general errors", () => {
    expect(readServerErrors({ non_field_errors: ["Nope"] }, ["email"]).general).toBe("Nope");
    expect(readServerErrors({ detail: "Zu viele Anfragen." }, ["email"]).general).toBe("Zu viele Anfragen.");
  });

  it("reports an unknown field as a general error and ignores non-JSON bodies", () => {
    expect(readServerErrors({ foo: ["bad"] }, ["email"]).general).toBe("bad");
    expect(readServerErrors("<html>", ["email"])).toEqual({ fields: [], general: undefined });
    expect(readServerErrors(null, ["email"])).toEqual({ fields: [], general: undefined });
  });
});
