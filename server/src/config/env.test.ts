import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv, poolIdleMs } from "./env.ts";

describe("configuration", () => {
  it("has defaults that run offline on the embedded database", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(".data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.SENTRY_DSN).toBeUndefined();
  });

  it("links to the shop's own port when no public address is set; a set one is kept", () => {
    expect(loadEnv({}).PUBLIC_URL).toBe("http://localhost:3000");
    const onOtherPort = loadEnv({ PORT: "3310" });
    expect(onOtherPort.PUBLIC_URL).toBe("http://localhost:3310");
    expect(onOtherPort.WEB_URL).toBe("http://localhost:3310");
    expect(loadEnv({ PORT: "3310", PUBLIC_URL: "https://shop.example" }).PUBLIC_URL).toBe(
      "https://shop.example",
    );
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

  it("takes a metrics token of at least 16 characters; empty means none (D260)", () => {
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: " " }).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: "0123456789abcdef" }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(() => loadEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });

  it("keeps unused database connections 5 minutes in production, the driver's 10 s elsewhere (D412)", () => {
    expect(poolIdleMs({ NODE_ENV: "production", DB_POOL_IDLE_MS: undefined })).toBe(300_000);
    expect(poolIdleMs({ NODE_ENV: "test", DB_POOL_IDLE_MS: undefined })).toBe(10_000);
    expect(poolIdleMs(loadEnv({ NODE_ENV: "test", DB_POOL_IDLE_MS: "60000" }))).toBe(60_000);
    expect(() => loadEnv({ DB_POOL_IDLE_MS: "10" })).toThrow(/DB_POOL_IDLE_MS/);
  });

  it("reads a comma-separated list of CORS origins", () => {
    expect(loadEnv({ CORS_ORIGINS: "https://a.example, https://b.example" }).CORS_ORIGINS).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
  });

  it("trusts no proxy by default; TRUST_PROXY takes a hop count or proxy addresses and CIDRs", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.1, 192.168.0.0/16,fd00::/8" }).TRUST_PROXY).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "fd00::/8",
    ]);
    expect(() => loadEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
  });
});
