import { describe, expect, it } from "vitest";
import { hasExternalMediaConsent } from "./external-media-consent.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("external media consent", () => {
  it("is given only when the stored choice says externalMedia: true", () => {
    const storage = memoryStorage();
    expect(hasExternalMediaConsent(storage)).toBe(false);
    storage.setItem(
      "cookie-consent",
      JSON.stringify({ essential: true, statistics: true, externalMedia: false }),
    );
    expect(hasExternalMediaConsent(storage)).toBe(false);
    storage.setItem(
      "cookie-consent",
      JSON.stringify({ essential: true, statistics: false, externalMedia: true }),
    );
    expect(hasExternalMediaConsent(storage)).toBe(true);
  });

  it("is not given for broken or missing storage", () => {
    expect(hasExternalMediaConsent(undefined)).toBe(false);
    expect(hasExternalMediaConsent({ getItem: () => "{broken" })).toBe(false);
    expect(
      hasExternalMediaConsent({
        getItem: () => {
          throw new Error("blocked");
        },
      }),
    ).toBe(false);
  });
});
