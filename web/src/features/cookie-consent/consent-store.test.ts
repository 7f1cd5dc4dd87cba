import { describe, expect, it } from "vitest";
import { hasExternalMediaConsent } from "../../lib/external-media-consent.ts";
import {
  COOKIE_CONSENT_KEY,
  DEFAULT_CONSENT,
  isCookieModalClosed,
  markCookieModalClosed,
  parseConsent,
  readConsent,
  saveConsent,
} from "./consent-store.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("cookie consent", () => {
  it("defaults to essential only", () => {
    expect(parseConsent(null)).toEqual({ essential: true, statistics: false, externalMedia: false });
    expect(parseConsent("not json")).toEqual(DEFAULT_CONSENT);
    expect(parseConsent(JSON.stringify({ essential: false, statistics: "yes" }))).toEqual(DEFAULT_CONSENT);
  });

  it("round-trips a saved choice", () => {
    const storage = memoryStorage();
    saveConsent(storage, { essential: true, statistics: false, externalMedia: true });
    expect(JSON.parse(storage.values.get(COOKIE_CONSENT_KEY) ?? "")).toEqual({
      essential: true,
      statistics: false,
      externalMedia: true,
    });
    expect(readConsent(storage).externalMedia).toBe(true);
  });

  it("shows the modal until is-closed-cookie is the string true", () => {
    const storage = memoryStorage({ "is-closed-cookie": "false" });
    expect(isCookieModalClosed(storage)).toBe(false);
    markCookieModalClosed(storage);
    expect(storage.values.get("is-closed-cookie")).toBe("true");
    expect(isCookieModalClosed(storage)).toBe(true);
    expect(isCookieModalClosed(undefined)).toBe(false);
  });
});

describe("the cookie modal's choice as the shared consent check reads it", () => {
  // Features that load third-party content (the phone input's country lookup) ask lib, not this store.
  it("gives external media only when the modal saved externalMedia: true", () => {
    const storage = memoryStorage();
    saveConsent(storage, { essential: true, statistics: true, externalMedia: false });
    expect(hasExternalMediaConsent(storage)).toBe(false);
    saveConsent(storage, { essential: true, statistics: false, externalMedia: true });
    expect(hasExternalMediaConsent(storage)).toBe(true);
  });
});
