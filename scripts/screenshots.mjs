#!/usr/bin/env node
// Phone screenshots of the storefront (home and its teaser cards, the course and workshop lists, a course, an
// event, /prices, the gift card form, the birthday party page, and the cookie modal of a first visit at 390 × 844
// and 390 × 667) and of the back office at 1366 × 900 (its dashboard and the offers list, signed in as the demo
// staff account) in German and Russian, written to docs/screenshots/. Builds nothing: run `npm run build` first. Starts the built server on a fresh
// embedded database in a temporary folder and drives Debian's Chromium through playwright-core.
//   node scripts/screenshots.mjs [--full]   (--full: whole pages instead of the first screen)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const serverFile = join(root, "server/dist/server.js");
const outDir = join(root, "docs/screenshots");
const port = Number(process.env.SCREENSHOTS_PORT ?? 3180);
const base = `http://127.0.0.1:${port}`;
const fullPage = process.argv.includes("--full");

const PAGES = [
  { name: "home", path: "/" },
  // The home page's first screen is its welcome; the teaser cards (price, next date) come next.
  { name: "home-cards", path: "/", scrollTo: "article" },
  { name: "courses", path: "/courses" },
  { name: "course", path: "/product/kleine-maler-5-7" },
  { name: "event", path: "/events", firstCard: true },
  { name: "prices", path: "/prices" },
  { name: "workshops", path: "/workshops" },
  { name: "giftcards", path: "/giftcards" },
  { name: "birthday-parties", path: "/birthday-parties" },
];
// The back office, as staff see it at a desk.
const ADMIN_PAGES = [
  { name: "admin-dashboard", path: "/admin", ready: "h2" },
  { name: "admin-offers", path: "/admin/products", ready: "tbody tr" },
];
const STAFF_EMAIL = "staff@atelier-screenshots.example";
const STAFF_PASSWORD = "Screenshots-Schluessel-7";
const LOCALES = ["de", "ru"];

if (!existsSync(serverFile)) {
  console.error("server/dist/server.js is missing: run npm run build first");
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), "atelier-screenshots-"));
const server = spawn(process.execPath, [serverFile], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    STAFF_EMAIL,
    STAFF_PASSWORD,
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not become ready");
}

let browser;
try {
  await waitForServer();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking"],
  });
  mkdirSync(outDir, { recursive: true });
  for (const locale of LOCALES) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: locale === "de" ? "de-DE" : "ru-RU",
    });
    // A returning visitor: the cookie modal is closed.
    await context.addInitScript(() => window.localStorage.setItem("is-closed-cookie", "true"));
    const page = await context.newPage();
    for (const shot of PAGES) {
      await page.goto(`${base}${shot.path}?locale=${locale}`, { waitUntil: "networkidle" });
      if (shot.firstCard) {
        await page.getByRole("main").getByRole("article").first().getByRole("link").first().click();
        await page.waitForLoadState("networkidle");
      }
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      if (shot.scrollTo) {
        await page
          .locator(shot.scrollTo)
          .first()
          .evaluate((element) => element.scrollIntoView());
      }
      // Fonts and lazy images settle before the picture is taken.
      await page.evaluate(() => document.fonts.ready);
      const file = join(outDir, `${shot.name}-${locale}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(`wrote ${file.slice(root.length + 1)}`);
    }
    await context.close();
  }
  // A first visit: the cookie modal over the home page, on a usual and on a small phone.
  for (const locale of LOCALES) {
    for (const [name, height] of [
      ["cookie-modal", 844],
      ["cookie-modal-small", 667],
    ]) {
      const context = await browser.newContext({
        viewport: { width: 390, height },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        locale: locale === "de" ? "de-DE" : "ru-RU",
      });
      const page = await context.newPage();
      await page.goto(`${base}/?locale=${locale}`, { waitUntil: "networkidle" });
      await page.getByTestId("cookie-modal").waitFor();
      await page.evaluate(() => document.fonts.ready);
      const file = join(outDir, `${name}-${locale}.png`);
      await page.screenshot({ path: file });
      console.log(`wrote ${file.slice(root.length + 1)}`);
      await context.close();
    }
  }
  for (const locale of LOCALES) {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      deviceScaleFactor: 1,
    });
    await context.addInitScript(
      (chosen) => window.localStorage.setItem("atelier-admin-locale", chosen),
      locale,
    );
    const page = await context.newPage();
    await page.goto(`${base}/admin`, { waitUntil: "networkidle" });
    await page.locator('input[name="username"]').fill(STAFF_EMAIL);
    await page.locator('input[name="password"]').fill(STAFF_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.getByRole("menuitem").first().waitFor();
    for (const shot of ADMIN_PAGES) {
      await page.goto(`${base}${shot.path}`, { waitUntil: "networkidle" });
      await page.getByRole("menuitem").first().waitFor();
      // The page's own content (the dashboard's cards, the list's rows), not only the menu.
      await page.locator(shot.ready).first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      const file = join(outDir, `${shot.name}-${locale}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(`wrote ${file.slice(root.length + 1)}`);
    }
    await context.close();
  }
} finally {
  await browser?.close();
  server.kill("SIGTERM");
  if (server.exitCode === null) await once(server, "exit");
  rmSync(dataDir, { recursive: true, force: true });
}
