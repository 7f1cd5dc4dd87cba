// The JavaScript a browser loads for a page, as gzip bytes of the built files (the budget's unit).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"];

/** Loads `path` in Chromium and sums the gzip size of every script it fetched from `distDir`. */
export async function measurePageJs(base, path, distDir, { returningVisitor }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: FLAGS,
  });
  try {
    const context = await browser.newContext();
    if (returningVisitor) {
      await context.addInitScript(() => window.localStorage.setItem("is-closed-cookie", "true"));
    }
    const page = await context.newPage();
    const scripts = new Set();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(new URL(path, base).toString(), { waitUntil: "networkidle" });
    let bytes = 0;
    for (const script of scripts) bytes += gzipSync(readFileSync(join(distDir, script)), { level: 9 }).length;
    return { files: scripts.size, kib: bytes / 1024 };
  } finally {
    await browser.close();
  }
}
