import { describe, expect, it } from "vitest";
import { buildApiUrl, requestHeaders, SIGN_IN_PATH, shouldRetry } from "./api-client.ts";

describe("buildApiUrl", () => {
  it("adds the locale to same-origin paths", () => {
    expect(buildApiUrl("", "/api/v2/visitors/", "ru")).toBe("/api/v2/visitors/?locale=ru");
  });

  it("keeps query values, skips empty ones and encodes them", () => {
    expect(
      buildApiUrl("", "/api/v2/orders/current/", "de", {
        cart_id: "a b",
        visitor: undefined,
        page: 2,
        x: null,
      }),
    ).toBe("/api/v2/orders/current/?cart_id=a+b&page=2&locale=de");
  });

  it("does not override an explicit locale", () => {
    expect(buildApiUrl("", "/api/v2/users/me/", "de", { locale: "ru" })).toBe("/api/v2/users/me/?locale=ru");
  });

  it("prefixes an absolute API base", () => {
    expect(buildApiUrl("https://api.example.org/", "/api/v2/users/me/", "de")).toBe(
      "https://api.example.org/api/v2/users/me/?locale=de",
    );
  });

  it("prefixes a relative API base", () => {
    expect(buildApiUrl("/backend", "/api/v2/users/me/", "ru")).toBe("/backend/api/v2/users/me/?locale=ru");
  });
});

describe("shouldRetry", () => {
  it("retries POST and PATCH once on the listed statuses", () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
      expect(shouldRetry("POST", status, 0)).toBe(true);
      expect(shouldRetry("patch", status, 0)).toBe(true);
      expect(shouldRetry("POST", status, 1)).toBe(false);
    }
  });

  it("never retries idempotent methods or other statuses", () => {
    expect(shouldRetry("GET", 503, 0)).toBe(false);
    expect(shouldRetry("PUT", 503, 0)).toBe(false);
    expect(shouldRetry("DELETE", 500, 0)).toBe(false);
    expect(shouldRetry("POST", 400, 0)).toBe(false);
    expect(shouldRetry("POST", 501, 0)).toBe(false);
  });
});

describe("requestHeaders", () => {
  it("sends the token, the CSRF token and JSON", () => {
    expect(
      requestHeaders({ path: "/api/v2/users/me/", token: "k", csrfToken: "c", hasJsonBody: true }),
    ).toEqual({
      Accept: "application/json",
      "Content-Type": "application/json",
      Authorization: "Token k",
      "X-CSRFToken": "c",
    });
  });

  it("leaves the token off the sign-in call and when there is none", () => {
    expect(
      requestHeaders({ path: SIGN_IN_PATH, token: "k", csrfToken: undefined, hasJsonBody: true }),
    ).not.toHaveProperty("Authorization");
    expect(requestHeaders({ path: "/x/", token: null, csrfToken: undefined, hasJsonBody: false })).toEqual({
      Accept: "application/json",
    });
  });
});
