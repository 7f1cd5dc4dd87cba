import { describe, expect, it } from "vitest";
import { isNewerBuild, parseVersion, versionPollInterval } from "./version-check.ts";

describe("version check", () => {
  it("polls every 5 minutes unless configured", () => {
    expect(versionPollInterval(undefined)).toBe(300_000);
    expect(versionPollInterval("abc")).toBe(300_000);
    expect(versionPollInterval("60000")).toBe(60_000);
    expect(versionPollInterval("5")).toBe(10_000);
  });

  it("reads the version from version.json", () => {
    expect(parseVersion({ version: "abc-1", builtAt: "2026-01-01T00:00:00.000Z" })).toBe("abc-1");
    expect(parseVersion("<!doctype html>")).toBeNull();
    expect(parseVersion({ version: 3 })).toBeNull();
  });

  it("offers a reload only for a different deployed build", () => {
    expect(isNewerBuild("a", "b")).toBe(true);
    expect(isNewerBuild("a", "a")).toBe(false);
    expect(isNewerBuild("a", null)).toBe(false);
  });
});
