// The JavaScript a browser loads for a page, as gzip bytes of the built files (the budget's unit).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"];

/**
 * Loads `path` in Chromium and sums the gzip size of every script it fetched from `distDir` (`kib`, `files`),
 * and of the scripts whose download had finished when the page first painted content (`beforePaint`): what a
 * visitor waits for before seeing anything.
 */
export async function measurePageJs(base, path, distDir, { returningVisitor }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: FLAGS,
  });
  try {
    const context = await browser.newContext();
    if (returningVisitor) {
      await context.addInitScript(() => window.localStorage.setItem("is-closed-cookie", "true"));
      // The cookie that mirrors the closed modal for the server renderer (D86).
      await context.addCookies([{ name: "cookie-modal-closed", value: "true", url: base }]);
    }
    const page = await context.newPage();
    const scripts = new Set();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(new URL(path, base).toString(), { waitUntil: "networkidle" });
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\.m?js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ path: new URL(entry.name).pathname, responseEnd: entry.responseEnd })),
    }));
    const gzipKib = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1024;
    let kib = 0;
    for (const script of scripts) kib += gzipKib(script);
    const early = timing.scripts.filter((s) => timing.fcp !== null && s.responseEnd <= timing.fcp);
    const beforePaint = {
      files: early.length,
      kib: early.reduce((sum, s) => sum + gzipKib(s.path), 0),
    };
    return { files: scripts.size, kib, beforePaint };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = "http://127.0.0.1:3000", path = "/?locale=de"] = process.argv.slice(2);
  const distDir = join(import.meta.dirname, "../../web/dist");
  console.log(await measurePageJs(base, path, distDir, { returningVisitor: true }));
}
