import { afterEach, describe, expect, it, vi } from "vitest";

function withConsent(externalMedia: boolean) {
  const values: Record<string, string> = {
    "cookie-consent": JSON.stringify({ essential: true, statistics: false, externalMedia }),
  };
  vi.stubGlobal("window", { localStorage: { getItem: (key: string) => values[key] ?? null } });
}

async function lookup() {
  vi.resetModules();
  const { lookupIpCountry } = await import("./ip-country.ts");
  return lookupIpCountry();
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("IP-to-country lookup (spec §2, privacy first)", () => {
  it("asks the configured service only with consent to external media", async () => {
    vi.stubEnv("VITE_IP_COUNTRY_URL", "https://ip.example/country");
    const fetchMock = vi.fn(async (_url: string) => new Response("1;FR;FRA;France"));
    vi.stubGlobal("fetch", fetchMock);
    withConsent(true);
    expect(await lookup()).toEqual({ iso: "fr", dial: "33" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("https://ip.example/country");
  });

  it("does not ask without consent or without a configured URL", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    vi.stubEnv("VITE_IP_COUNTRY_URL", "https://ip.example/country");
    withConsent(false);
    expect(await lookup()).toBeNull();
    vi.stubEnv("VITE_IP_COUNTRY_URL", "");
    withConsent(true);
    expect(await lookup()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("logs 'unable to fetch the country' and keeps the default on a bad reply or a failure", async () => {
    vi.stubEnv("VITE_IP_COUNTRY_URL", "https://ip.example/country");
    withConsent(true);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("0")),
    );
    expect(await lookup()).toBeNull();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("offline");
      }),
    );
    expect(await lookup()).toBeNull();
    expect(error).toHaveBeenCalledWith("unable to fetch the country");
    expect(error).toHaveBeenCalledTimes(2);
  });
});
