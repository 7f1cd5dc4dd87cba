import { describe, expect, it } from "vitest";
import { parseSsoCallback, searchWithoutSsoParams, ssoCallbackFromSearchStr } from "./sso.ts";

describe("SSO callback (spec §2 navigation rule 1)", () => {
  it("recognises a code with a google or facebook provider", () => {
    expect(ssoCallbackFromSearchStr("?code=4/0Ab&sso_provider=google&state=n1&locale=ru")).toEqual({
      provider: "google",
      code: "4/0Ab",
      state: "n1",
    });
    expect(ssoCallbackFromSearchStr("?code=12345&sso_provider=facebook")).toEqual({
      provider: "facebook",
      code: "12345",
      state: undefined,
    });
  });
  it("ignores other providers and missing codes", () => {
    expect(parseSsoCallback({ code: "x", sso_provider: "github" })).toBeNull();
    expect(parseSsoCallback({ sso_provider: "google" })).toBeNull();
    expect(parseSsoCallback({ code: "", sso_provider: "google" })).toBeNull();
  });
  it("removes the provider's parameters and keeps the rest", () => {
    expect(searchWithoutSsoParams("?code=x&sso_provider=google&state=s&locale=ru&tab=sales")).toBe(
      "?locale=ru&tab=sales",
    );
  });
});
