import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { type AppDeps, buildApp } from "../app.ts";
import { type Env, loadEnv } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { createTestDatabase } from "./test-database.ts";

/** A stand-in for web/dist so page tests do not depend on a web build. */
export function createFixtureWebDist(): string {
  // In a folder of its own: the server looks for the server renderer's build beside it (dist-ssr).
  const dir = join(mkdtempSync(join(tmpdir(), "atelier-web-")), "dist");
  mkdirSync(dir);
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Atelier</title><!--app-head--></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>`,
  );
  mkdirSync(join(dir, "assets"));
  const script = `console.log(${JSON.stringify("app ".repeat(400))});`;
  writeFileSync(join(dir, "assets", "index-abc.js"), script);
  writeFileSync(join(dir, "assets", "index-abc.js.br"), brotliCompressSync(script));
  writeFileSync(join(dir, "version.json"), JSON.stringify({ version: "test" }));
  mkdirSync(join(dir, ".vite"));
  writeFileSync(
    join(dir, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-abc.js", imports: ["_react.js"], isEntry: true },
      "_react.js": { file: "assets/react-1.js" },
      "_cards.js": { file: "assets/cards-2.js", imports: ["_react.js"] },
      "src/routes/courses.tsx?tsr-split=component": {
        file: "assets/courses-3.js",
        imports: ["index.html", "_cards.js"],
      },
      "src/routes/legal/index.tsx?tsr-split=component": {
        file: "assets/legal-4.js",
        imports: ["index.html"],
      },
    }),
  );
  mkdirSync(join(dir, "images", "catalogue"), { recursive: true });
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  writeFileSync(join(dir, "images", "catalogue", "test.svg"), svg);
  // As web/scripts/precompress.mjs leaves a picture: its .br and .gz beside it.
  writeFileSync(join(dir, "images", "catalogue", "test.svg.br"), brotliCompressSync(svg));
  writeFileSync(join(dir, "images", "catalogue", "test.svg.gz"), gzipSync(svg));
  mkdirSync(join(dir, "images", "instructors"), { recursive: true });
  writeFileSync(join(dir, "images", "instructors", "anna.svg"), svg);
  writeFileSync(join(dir, "images", "instructors", "anna.svg.br"), brotliCompressSync(svg));
  writeFileSync(join(dir, "images", "instructors", "anna.svg.gz"), gzipSync(svg));
  mkdirSync(join(dir, "docs"));
  writeFileSync(join(dir, "docs", "cookies.pdf"), "%PDF-1.4\n%%EOF\n");
  return dir;
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(join(tmpdir(), "atelier-data-")),
    WEB_DIST_DIR: createFixtureWebDist(),
    PUBLIC_URL: "http://shop.test",
    // The suites set codes many times a minute from one address; the limit's own test sets it low.
    PROMOCODE_RATE_LIMIT_PER_MINUTE: "100000",
    ...overrides,
  });
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: Database;
    logger?: AppDeps["logger"];
    reportError?: AppDeps["reportError"];
  } = {},
) {
  // DB_* settings in `env` reach the database too (pool size, waits and timeouts), as in the server.
  const database = options.database ?? (await createTestDatabase(options.env ? { env: options.env } : {}));
  const env = testEnv(options.env);
  const app = await buildApp({ env, database, logger: options.logger, reportError: options.reportError });
  return {
    app,
    env,
    database,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
