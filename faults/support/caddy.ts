import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Answer, CallOptions } from "./api.ts";
import { freePort, GiveUp, root, waitFor } from "./shop.ts";

/** The production recipe's proxy configuration, which this suite runs with test addresses only. */
export const deployCaddyfile = join(root, "deploy/Caddyfile");

/**
 * The test copy of deploy/Caddyfile: its global options (the ACME e-mail) give way to a local setup (no
 * admin endpoint, certificates from Caddy's internal CA kept in `storage`, nothing installed into the
 * system's trust store), and the site is bound to 127.0.0.1 with `tls internal`. Everything else, the
 * load balancing and the health checks, is the school's file as it is; the domain and upstreams come from
 * the same environment variables the recipes set.
 */
export function renderTestCaddyfile(source: string, storage: string): string {
  const globals = /^\{\n[\s\S]*?\n\}\n/m;
  if (!globals.test(source)) throw new Error("deploy/Caddyfile has no global options block");
  const site = /^\{\$SHOP_DOMAIN\} \{\n/m;
  if (!site.test(source)) throw new Error("deploy/Caddyfile has no site block for {$SHOP_DOMAIN}");
  return source
    .replace(
      globals,
      `{\n\tadmin off\n\tauto_https disable_redirects\n\tskip_install_trust\n\tstorage file_system {\n\t\troot ${storage}\n\t}\n}\n`,
    )
    .replace(site, (line) => `${line}\ttls internal\n\tbind 127.0.0.1\n`);
}

export type HttpsClient = {
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  close(): void;
};

export type Caddy = {
  /** https://localhost:<port>, reached at 127.0.0.1. */
  url: string;
  /** Caddy's internal root certificate, which clients trust (and nothing else). */
  rootCertificate(): string;
  /** A client whose connections come from `localAddress` (any 127.x address reaches 127.0.0.1). */
  client(localAddress?: string): HttpsClient;
  output(): string;
  close(): Promise<void>;
};

/** Runs Debian's `caddy` (scripts/ensure-caddy.mjs installs it) with the test copy of deploy/Caddyfile. */
export async function startCaddy(upstreams: string[]): Promise<Caddy> {
  const dir = mkdtempSync(join(tmpdir(), "atelier-caddy-"));
  const port = await freePort();
  const config = join(dir, "Caddyfile");
  writeFileSync(config, renderTestCaddyfile(readFileSync(deployCaddyfile, "utf8"), join(dir, "storage")));
  const domain = `https://localhost:${port}`;
  let output = "";
  const proc: ChildProcess = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      XDG_DATA_HOME: join(dir, "data"),
      XDG_CONFIG_HOME: join(dir, "config"),
      SHOP_DOMAIN: domain,
      SHOP_UPSTREAMS: upstreams.map((url) => new URL(url).host).join(" "),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  proc.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const exited = new Promise<void>((done) => proc.once("exit", () => done()));
  const rootCertificate = () => readFileSync(join(dir, "storage/pki/authorities/local/root.crt"), "utf8");
  const clients: HttpsClient[] = [];

  const client = (localAddress?: string): HttpsClient => {
    const agent = new Agent({
      keepAlive: true,
      maxSockets: 16,
      ca: rootCertificate(),
      servername: "localhost",
      ...(localAddress ? { localAddress } : {}),
    });
    const made: HttpsClient = {
      call: (method, path, options = {}) => httpsCall(agent, port, method, path, options),
      close: () => agent.destroy(),
    };
    clients.push(made);
    return made;
  };

  try {
    await waitFor(
      "Caddy to answer /readyz over TLS",
      async () => {
        if (proc.exitCode !== null) throw new GiveUp(`caddy exited with ${proc.exitCode}:\n${output}`);
        const probe = client();
        try {
          return (await probe.call("GET", "/readyz", { timeoutMs: 2000 })).status === 200;
        } finally {
          probe.close();
        }
      },
      { timeoutMs: 30_000, everyMs: 250 },
    );
  } catch (error) {
    proc.kill("SIGKILL");
    throw error;
  }
  return {
    url: domain,
    rootCertificate,
    client,
    output: () => output,
    async close() {
      for (const made of clients) made.close();
      if (proc.exitCode === null) proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Like api.ts's `call` (never throws; status 0 when no answer came), over TLS with the given agent. */
function httpsCall(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  options: CallOptions,
): Promise<Answer> {
  const started = performance.now();
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return new Promise((done) => {
    const req = request(
      {
        agent,
        host: "127.0.0.1",
        port,
        servername: "localhost",
        method,
        path,
        headers: {
          host: `localhost:${port}`,
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // Not JSON: kept as text.
          }
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
          done({ status: res.statusCode ?? 0, body, headers, ms: performance.now() - started });
        });
        res.on("error", (error) =>
          done({
            status: 0,
            body: undefined,
            headers: undefined,
            ms: performance.now() - started,
            error: error.message,
          }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (error: NodeJS.ErrnoException) =>
      done({
        status: 0,
        body: undefined,
        headers: undefined,
        ms: performance.now() - started,
        error: error.code ?? error.message,
      }),
    );
    req.end(payload);
  });
}
