import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";
import { browserMonitoring } from "./browser-monitoring.ts";

// D184: `npm start` with SENTRY_DSN configures the browser's monitoring too, through the page itself.
describe("the browser's monitoring settings in every page", () => {
  let withDsn: Awaited<ReturnType<typeof createTestApp>>;
  let withoutDsn: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    withDsn = await createTestApp({
      env: {
        SENTRY_DSN: "https://pub1c@o7.ingest.sentry.example/42",
        SENTRY_ENVIRONMENT: "staging",
        STRIPE_SECRET_KEY: "sk_test_never_in_a_page",
        STRIPE_WEBHOOK_SECRET: "whsec_never_in_a_page",
      },
    });
    withoutDsn = await createTestApp();
  });
  afterAll(async () => {
    await withDsn?.close();
    await withoutDsn?.close();
  });

  it("names the public DSN and the environment in the page's head when a DSN is configured", async () => {
    for (const url of ["/", "/courses?locale=ru", "/cart", "/no-such-page"]) {
      const html = (await withDsn.app.inject({ method: "GET", url })).body;
      expect(html).toContain(
        '<meta name="monitoring-dsn" content="https://pub1c@o7.ingest.sentry.example/42">',
      );
      expect(html).toContain('<meta name="monitoring-environment" content="staging">');
      expect(html).not.toContain("never_in_a_page");
    }
  });

  it("says nothing of monitoring without a DSN", async () => {
    const html = (await withoutDsn.app.inject({ method: "GET", url: "/" })).body;
    expect(html).not.toContain("monitoring-");
  });

  it("keeps a legacy DSN's secret key on the server", () => {
    expect(browserMonitoring("https://pub1c:s3cr3t@o7.ingest.sentry.example/42", "production")).toEqual({
      dsn: "https://pub1c@o7.ingest.sentry.example/42",
      environment: "production",
    });
    expect(browserMonitoring(undefined, "production")).toBeUndefined();
  });
});
