import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The real entry point in a child process: start-up, configuration errors and graceful shutdown.
function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: join(import.meta.dirname, ".."),
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  return { child, output: () => output };
}

const exitCode = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on("exit", resolve));

/**
 * The server on a fresh data folder and PORT=0: the operating system picks a free port, read back from the
 * start-up line, so a test never talks to another server that happens to listen on a port it guessed.
 */
async function startListening(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), "atelier-proc-"));
  const { child, output } = startServer({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_ON_EMPTY: "false",
    ...env,
  });
  const exited = exitCode(child);
  let port: string | undefined;
  // Up to 180 s: start-up (tsx compiling the server, migrations) took over 90 s once in `npm test`, while the
  // browser tests ran beside it on the 2-core machine.
  for (let i = 0; i < 900 && !port; i++) {
    await new Promise((r) => setTimeout(r, 200));
    port = output().match(/listening on http:\/\/127\.0\.0\.1:(\d+)/)?.[1];
  }
  expect(port, output()).toBeDefined();
  return { child, output, exited, base: `http://127.0.0.1:${port}` };
}

describe("server process", () => {
  it("refuses to start with a wrong variable and names it", async () => {
    const { child, output } = startServer({ PORT: "not-a-port" });
    expect(await exitCode(child)).toBe(1);
    expect(output()).toContain("PORT");
  }, 180_000);

  // The child runs on PGlite in either project: once (the unit stage's PGlite project) is enough.
  it.skipIf(Boolean(process.env.TEST_PG_ADMIN_URL))(
    "in production runs the preflight and refuses to start on its problems, in plain words (D303)",
    async () => {
      const { child, output } = startServer({
        NODE_ENV: "production",
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: mkdtempSync(join(tmpdir(), "atelier-preflight-")),
        SEED_ON_EMPTY: "false",
        PUBLIC_URL: "http://shop.school.test",
        // Copied from deploy/settings.env.example and not filled in.
        METRICS_TOKEN: "change-me-to-openssl-rand-hex-32",
      });
      expect(await exitCode(child), output()).toBe(1);
      expect(output()).toContain("PUBLIC_URL is http://shop.school.test: it must start with https://");
      expect(output()).toContain("✗ METRICS_TOKEN still holds the example's placeholder (change-me)");
      expect(output()).toContain("SCHOOL_TAX_ID is still the demo's");
      expect(output()).toContain("The shop does not start until these are fixed");
      expect(output()).not.toMatch(/listening on/);
    },
    180_000,
  );

  it.skipIf(Boolean(process.env.TEST_PG_ADMIN_URL))(
    "in production starts past a mail server and PayPal whose names do not resolve, loudly and in /metrics (D528)",
    async () => {
      const token = "metrics-token-3c1f9a7e52b4d608";
      const { child, output, exited, base } = await startListening({
        NODE_ENV: "production",
        SHUTDOWN_DRAIN_MS: "0",
        PUBLIC_URL: "https://shop.kunstschule.test",
        SCHOOL_LEGAL_NAME: "Kunstschule Pankow e. V.",
        SCHOOL_ADDRESS: "Breite Straße 3, 13187 Berlin",
        SCHOOL_TAX_ID: "DE123456789",
        SCHOOL_EMAIL: "info@kunstschule.test",
        // `.invalid` never resolves (RFC 6761): as a mail server or PayPal whose DNS is away.
        SMTP_URL: "smtp://shop:pw@smtp.atelier.invalid:587",
        PAYPAL_API_BASE: "https://api.atelier.invalid",
        PAYPAL_CLIENT_ID: "live-id",
        PAYPAL_CLIENT_SECRET: "live-secret",
        PAYPAL_WEBHOOK_ID: "WH-1",
        METRICS_TOKEN: token,
      });
      expect(output()).toMatch(
        /! The mail server at SMTP_URL cannot be reached: .*ENOTFOUND smtp\.atelier\.invalid.* The shop starts anyway\. Meanwhile mails wait in the outbox/,
      );
      expect(output()).toMatch(/! PayPal at https:\/\/api\.atelier\.invalid cannot be reached: .*ENOTFOUND/);
      const metrics = await (
        await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })
      ).text();
      expect(metrics).toContain('atelier_service_check_failing{service="smtp"} 1');
      expect(metrics).toContain('atelier_service_check_failing{service="paypal"} 1');
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    },
    240_000,
  );

  // The child's PostgreSQL is a port nothing listens on: once (the unit stage's PGlite project) is enough.
  it.skipIf(Boolean(process.env.TEST_PG_ADMIN_URL))(
    "says in one line which PostgreSQL cannot be reached and why, without the password or a stack trace",
    async () => {
      // A port that was free a moment ago: nothing accepts connections there.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
      const port = (probe.address() as { port: number }).port;
      await new Promise((resolve) => probe.close(resolve));
      const { child, output } = startServer({
        DATA_DIR: mkdtempSync(join(tmpdir(), "atelier-nodb-")),
        DATABASE_URL: `postgres://atelier:Geheim%24Wort9@127.0.0.1:${port}/atelier`,
      });
      expect(await exitCode(child), output()).toBe(1);
      const lines = output().trim().split("\n");
      expect(lines, output()).toHaveLength(1);
      expect(lines[0]).toContain(`The shop's database cannot be opened: PostgreSQL at 127.0.0.1:${port}`);
      expect(lines[0]).toContain("database atelier (DATABASE_URL)");
      expect(lines[0]).toContain("ECONNREFUSED");
      expect(lines[0]).toContain("check that PostgreSQL runs");
      expect(output()).not.toMatch(/Geheim|\bat .*\.js:\d+/);
    },
    180_000,
  );

  it("serves on PORT with the database under DATA_DIR and shuts down gracefully on SIGTERM", async () => {
    const { child, output, exited, base } = await startListening({ ADMIN_EMAIL: "leitung@school.test" });
    const ready = await fetch(`${base}/readyz`).catch(() => undefined);
    expect(ready?.status, output()).toBe(200);
    expect(await ready?.json()).toEqual({ status: "ready", database: "pglite" });
    // Without the demo the first start still makes the school's first admin and prints it (D240).
    const password = output().match(/Admin account: leitung@school\.test {2}password: (\S+)/)?.[1];
    expect(password, output()).toBeDefined();
    const signIn = await fetch(`${base}/api/v2/users/sign_in/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "leitung@school.test", password }),
    });
    expect(signIn.status).toBe(200);
    const { key } = (await signIn.json()) as { key: string };
    const me = await fetch(`${base}/api/v2/admin/me/`, {
      headers: { authorization: `Token ${key}` },
    });
    expect(((await me.json()) as { role: string }).role).toBe("admin");
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 240_000);

  it("drains on SIGTERM: /readyz answers 503 while requests are still served, then the server closes (D195)", async () => {
    const { child, exited, base } = await startListening({ SHUTDOWN_DRAIN_MS: "4000" });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const stopAsked = Date.now();
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ detail: "shutting down" });
    // Still serving: a request that reaches it during the drain is answered.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - stopAsked).toBeGreaterThanOrEqual(4000);
  }, 240_000);
});
