import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type SentryStandIn, startSentryStandIn } from "../../server/src/test/sentry-stand-in.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";

// Spec §1 (D184): a shop started with SENTRY_DSN monitors the browser too, with the configured environment,
// traces sampled at 0.2 and session and on-error replays at 1. Its own shop: the others run without a DSN.
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const SHOP_PORT = BASE_PORT + 2;
const SENTRY_PORT = BASE_PORT + 3;
const SHOP = `http://127.0.0.1:${SHOP_PORT}`;
const ENVIRONMENT = "e2e-staging";

let standIn: SentryStandIn;
let shop: ChildProcess;

test.describe("monitoring", () => {
  test.use({ viewport: { width: 390, height: 844 }, baseURL: SHOP });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    standIn = await startSentryStandIn({ port: SENTRY_PORT });
    shop = spawn("node", [fileURLToPath(new URL("../../server/dist/server.js", import.meta.url))], {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        PATH: process.env.PATH,
        PORT: String(SHOP_PORT),
        HOST: "127.0.0.1",
        PUBLIC_URL: SHOP,
        DATA_DIR: mkdtempSync(join(tmpdir(), "atelier-e2e-monitoring-")),
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        SEED_HOLIDAYS: "false",
        SENTRY_DSN: standIn.dsn,
        SENTRY_ENVIRONMENT: ENVIRONMENT,
      },
    });
    await expect
      .poll(
        () =>
          fetch(`${SHOP}/readyz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 110_000 },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    shop?.kill("SIGTERM");
    await standIn?.close();
  });

  test.beforeEach(async ({ page }) => dismissCookieModal(page));

  test("a browser error reaches Sentry with the environment, traces at 0.2 and replays at 1", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto("/?locale=de");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The SDK's first session envelope says it has started (it loads after the app, D184).
    const { item: session } = await standIn.waitFor("session", undefined, 20_000);
    expect((session.body as { attrs: { environment: string } }).attrs.environment).toBe(ENVIRONMENT);

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("monitoring probe from the storefront");
      }, 0);
    });
    const { item, envelope } = await standIn.waitFor(
      "event",
      (event) =>
        JSON.stringify(event.body).includes("monitoring probe from the storefront") &&
        (event.body as { platform?: string }).platform === "javascript",
      20_000,
    );
    const event = item.body as { environment: string; request?: { url: string } };
    expect(event.environment).toBe(ENVIRONMENT);
    expect(event.request?.url).toContain(`${SHOP}/`);
    // The trace the error belongs to was sampled at the configured rate.
    expect((envelope.header.trace as { sample_rate?: string }).sample_rate).toBe("0.2");

    // The replay records the session from its start (rate 1) and keeps on-error replays (rate 1).
    const { item: recording } = await standIn.waitFor(
      "replay_recording",
      (candidate) => optionsOf(candidate.body) !== undefined,
      20_000,
    );
    expect(optionsOf(recording.body)).toMatchObject({ sessionSampleRate: 1, errorSampleRate: 1 });
    const { item: replay } = await standIn.waitFor("replay_event", undefined, 20_000);
    expect(replay.body).toMatchObject({ environment: ENVIRONMENT, replay_type: "session" });
    // Every envelope came to the configured project with its public key: the stand-in refuses others.
    expect(standIn.log.every((entry) => entry.status === 200)).toBe(true);
  });
});

type RecordingEvent = { type: number; data?: { tag?: string; payload?: Record<string, unknown> } };

/** The replay's options event (rrweb custom event tagged `options`), which states the sample rates. */
function optionsOf(body: unknown): Record<string, unknown> | undefined {
  const events = (body as { events?: RecordingEvent[] }).events ?? [];
  return events.find((event) => event.data?.tag === "options")?.data?.payload;
}
