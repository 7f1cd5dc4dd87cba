import { ERROR_MESSAGES } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { errorCodesByField, errorText, refusalText, serverMessage } from "./error-codes.ts";

describe("serverMessage", () => {
  const error = new ApiError(400, {
    promocode: ["Diesen Gutscheincode gibt es nicht."],
    error_codes: { promocode: ["promocode_invalid"] },
  });

  it("takes the named field's message, else any field's, else detail", () => {
    expect(serverMessage(error, "promocode")).toBe("Diesen Gutscheincode gibt es nicht.");
    expect(serverMessage(error)).toBe("Diesen Gutscheincode gibt es nicht.");
    expect(serverMessage(new ApiError(404, { detail: "Nicht gefunden." }))).toBe("Nicht gefunden.");
  });

  it("is undefined without a message (network error, HTML page)", () => {
    expect(serverMessage(new ApiError(0, null))).toBeUndefined();
    expect(serverMessage(new ApiError(502, "<html>"))).toBeUndefined();
  });
});

describe("errorCodesByField", () => {
  it("lists the codes per field", () => {
    expect(
      errorCodesByField(new ApiError(400, { error_codes: { visitor: ["already_booked"], detail: "x" } })),
    ).toEqual({
      visitor: ["already_booked"],
      detail: ["x"],
    });
  });
});

describe("errorText", () => {
  it("says every code in the contract's words, in the page's language", () => {
    expect(errorText("too_long", "de")).toBe(ERROR_MESSAGES.too_long.de);
    expect(errorText("too_long", "ru")).toBe(ERROR_MESSAGES.too_long.ru);
    expect(errorText("birth_date_too_young", "de")).toBe("Teilnehmende müssen mindestens 2 Jahre alt sein.");
    expect(errorText("invalid_phone", "ru")).toBe(ERROR_MESSAGES.invalid_phone.ru);
  });

  it("reads an unknown code as invalid, and no code as no text", () => {
    expect(errorText("no_such_code", "de")).toBe("Bitte prüfen Sie diese Angabe.");
    expect(errorText(undefined, "de")).toBeUndefined();
  });
});

describe("refusalText", () => {
  const body = {
    non_field_errors: ["Schon gebucht."],
    error_codes: { non_field_errors: ["already_booked"] },
  };
  it("gives the server's words of a refusal it explained, and nothing where only 'try again' fits", () => {
    expect(refusalText(new ApiError(400, body))).toBe("Schon gebucht.");
    expect(refusalText(new ApiError(0, null))).toBeUndefined();
    expect(
      refusalText(new ApiError(503, { detail: "…", error_codes: { detail: "payment_unavailable" } })),
    ).toBeUndefined();
    expect(
      refusalText(new ApiError(429, { detail: "…", error_codes: { detail: "throttled" } })),
    ).toBeUndefined();
    expect(refusalText(new ApiError(400, "<html>"))).toBeUndefined();
  });
});
