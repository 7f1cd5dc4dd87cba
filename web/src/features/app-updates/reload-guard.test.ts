import { describe, expect, it } from "vitest";
import { isChunkLoadError, shouldReloadForChunkError } from "./reload-guard.ts";

describe("shouldReloadForChunkError", () => {
  it("reloads when no reload happened yet", () => {
    expect(shouldReloadForChunkError(1_000, null)).toBe(true);
    expect(shouldReloadForChunkError(1_000, Number.NaN)).toBe(true);
  });

  it("does not reload twice within 10 seconds", () => {
    expect(shouldReloadForChunkError(20_000, 15_000)).toBe(false);
    expect(shouldReloadForChunkError(24_999, 15_000)).toBe(false);
  });

  it("reloads again after 10 seconds", () => {
    expect(shouldReloadForChunkError(25_000, 15_000)).toBe(true);
  });

  it("reloads when the clock went backwards", () => {
    expect(shouldReloadForChunkError(1_000, 50_000)).toBe(true);
  });
});

describe("isChunkLoadError", () => {
  it("recognises failed dynamic imports across browsers", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
  });

  it("ignores other errors", () => {
    expect(isChunkLoadError(new Error("Network Error"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
