import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env.ts";

describe("configuration", () => {
  it("has defaults that run offline on the embedded database", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(".data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.SENTRY_DSN).toBeUndefined();
  });

  it("stops with a message naming each wrong variable", () => {
    expect(() => loadEnv({ PORT: "abc", CORS_ORIGINS: "not a url", DATABASE_URL: "nope" })).toThrow(
      ConfigError,
    );
    try {
      loadEnv({ PORT: "abc", CORS_ORIGINS: "not a url" });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/CORS_ORIGINS/);
    }
  });

  it("reads a comma-separated list of CORS origins", () => {
    expect(loadEnv({ CORS_ORIGINS: "https://a.example, https://b.example" }).CORS_ORIGINS).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
  });
});
