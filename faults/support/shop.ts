import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root and the built server the suite runs (`npm run build` makes it). */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const serverEntry = join(root, "server/dist/server.js");

export function assertBuilt(): void {
  if (!existsSync(serverEntry) || !existsSync(join(root, "web/dist/index.html")))
    throw new Error(
      `The fault suite runs the built shop, but ${serverEntry} or web/dist is missing: run \`npm run build\` first.`,
    );
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A port nobody listens on right now (the shop is told it; a restart keeps it). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Thrown by a `waitFor` check: ends the wait at once (e.g. the process died) instead of polling on. */
export class GiveUp extends Error {}

/**
 * Polls `check` every `everyMs` until it answers true; fails with `what` after `timeoutMs`. A check that
 * throws is polled again (a server still starting), unless it throws GiveUp.
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  { timeoutMs = 30_000, everyMs = 200 } = {},
): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      last = error;
    }
    await sleep(everyMs);
  }
  throw new Error(
    `timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${last})` : ""}`,
  );
}

export type ShopOptions = {
  /** Names the shop in its log lines (two instances in one test). */
  name: string;
  databaseUrl: string;
  /** Settings of server/src/config/env.ts beyond the suite's defaults. */
  env?: Record<string, string>;
  port?: number;
};

export type Shop = {
  name: string;
  url: string;
  port: number;
  pid(): number;
  /** Everything the process wrote (stdout and stderr), for assertions and for the report of a failure. */
  output(): string;
  /** Fails the test at once when the process is gone, with its last words. */
  assertAlive(): void;
  /** True while the process runs (it neither exited nor was killed). */
  alive(): boolean;
  /** How the process last ended: its exit code, or the signal that ended it. */
  ended(): { code: number | null; signal: NodeJS.Signals | null };
  /** Ends the process at once (no shutdown hooks, no graceful close: a crash or an OOM kill). */
  kill9(): Promise<void>;
  /** Starts the same shop again on the same port and database. */
  restart(): Promise<void>;
  /** SIGTERM, the graceful stop; SIGKILL after `graceMs` (10 s; a test of the drain gives it longer). */
  stop(graceMs?: number): Promise<void>;
  /** Resident memory of the server process in KiB (from /proc). */
  rssKiB(): number;
};

const MAX_OUTPUT = 2_000_000;

/**
 * Runs `node server/dist/server.js` as production would, on its own PostgreSQL database, and waits for
 * /readyz. The suite's defaults keep the shop quiet and quick; tests override them per fault.
 */
export async function startShop(options: ShopOptions): Promise<Shop> {
  assertBuilt();
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    // The rig runs on http with the demo seller and stand-ins: no preflight (D303).
    PREFLIGHT: "off",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: options.databaseUrl,
    // Nothing is written under the repository: the outbox files (no SMTP_URL) go to a folder of the OS.
    DATA_DIR: join(process.env.TMPDIR ?? "/tmp", `atelier-faults-${options.name}-${port}`),
    LOG_LEVEL: "warn",
    STAFF_PASSWORD: "fault-suite-staff-password",
    MAIL_WORKER_INTERVAL_MS: "200",
    ...options.env,
  };
  let child: ChildProcess | undefined;
  let output = "";
  let exited: Promise<void> = Promise.resolve();

  const append = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    if (output.length > MAX_OUTPUT) output = output.slice(-MAX_OUTPUT / 2);
  };

  async function launch() {
    // BENCH_SHOP_NODE_ARGS: extra Node.js flags for the benches' shops, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    const nodeArgs = (process.env.BENCH_SHOP_NODE_ARGS ?? "").split(" ").filter(Boolean);
    const proc = spawn(process.execPath, [...nodeArgs, serverEntry], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    proc.stdout?.on("data", append);
    proc.stderr?.on("data", append);
    exited = new Promise((done) => proc.once("exit", () => done()));
    await waitFor(
      `${options.name} to answer /readyz`,
      async () => {
        if (proc.exitCode !== null)
          throw new GiveUp(`${options.name} exited with ${proc.exitCode}:\n${output.slice(-4000)}`);
        const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
        return res.ok;
      },
      { timeoutMs: 60_000, everyMs: 250 },
    ).catch((error: Error) => {
      proc.kill("SIGKILL");
      throw error;
    });
  }

  await launch();
  const running = () => {
    if (!child) throw new Error(`${options.name} was never started`);
    return child;
  };
  return {
    name: options.name,
    url,
    port,
    pid: () => running().pid ?? -1,
    output: () => output,
    alive: () => running().exitCode === null && running().signalCode === null,
    ended: () => ({ code: running().exitCode, signal: running().signalCode }),
    assertAlive() {
      const proc = running();
      if (proc.exitCode === null && proc.signalCode === null) return;
      const words = output.slice(-3000);
      throw new GiveUp(
        `${options.name} died (exit ${proc.exitCode ?? proc.signalCode}); its last output:\n${words}`,
      );
    },
    async kill9() {
      const proc = running();
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
      await exited;
    },
    async restart() {
      const proc = running();
      if (proc.exitCode === null && proc.signalCode === null) throw new Error(`${options.name} still runs`);
      output += `\n----- ${options.name} restarted -----\n`;
      await launch();
    },
    async stop(graceMs = 10_000) {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
    rssKiB() {
      const status = readFileSync(`/proc/${running().pid}/status`, "utf8");
      return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
    },
  };
}
