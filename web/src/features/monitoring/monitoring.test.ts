import { afterEach, describe, expect, it, vi } from "vitest";

const sdk = vi.hoisted(() => ({
  init: vi.fn(),
  tanstackRouterBrowserTracingIntegration: vi.fn(() => ({ name: "TanStackRouterBrowserTracing" })),
  replayIntegration: vi.fn(() => ({ name: "Replay" })),
}));
vi.mock("@sentry/react", () => sdk);

const { initMonitoring, monitoringSettings } = await import("./init-monitoring.ts");

/** A page head as the server writes it (D184), for `querySelector`. */
const pageWith = (metas: Record<string, string>) => ({
  querySelector: (selector: string) => {
    const name = /meta\[name="([^"]+)"\]/.exec(selector)?.[1] ?? "";
    return name in metas ? ({ content: metas[name] } as HTMLMetaElement) : null;
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
  sdk.init.mockClear();
});

describe("the web app's monitoring", () => {
  it("takes the DSN and environment the server put into the page", () => {
    const page = pageWith({
      "monitoring-dsn": "https://pub@o1.ingest.sentry.example/42",
      "monitoring-environment": "staging",
    });
    expect(monitoringSettings(page)).toEqual({
      dsn: "https://pub@o1.ingest.sentry.example/42",
      environment: "staging",
    });
  });

  it("is off in a page without a DSN (and none built in)", () => {
    expect(monitoringSettings(pageWith({}))).toBeUndefined();
  });

  it("starts Sentry with spec §1's rates: traces 0.2, session replay 1, on-error replay 1", async () => {
    vi.stubGlobal(
      "document",
      pageWith({
        "monitoring-dsn": "https://pub@o1.ingest.sentry.example/42",
        "monitoring-environment": "staging",
      }),
    );
    const router = {};
    initMonitoring(router);
    await vi.waitFor(() => expect(sdk.init).toHaveBeenCalledTimes(1));
    expect(sdk.init.mock.calls[0]?.[0]).toMatchObject({
      dsn: "https://pub@o1.ingest.sentry.example/42",
      environment: "staging",
      tracesSampleRate: 0.2,
      replaysSessionSampleRate: 1,
      replaysOnErrorSampleRate: 1,
    });
    expect(sdk.tanstackRouterBrowserTracingIntegration).toHaveBeenCalledWith(router);
    expect(sdk.replayIntegration).toHaveBeenCalled();
  });
});
