// The back office's first load (D185): /admin in a fresh browser profile up to its sign-in form, then the
// sign-in up to the rendered dashboard; requests, bytes on the wire and the largest files, and the same
// again for a returning staff member (the browser's cache filled by the first visit).
//
// As a module: `await measureAdminLoad(base, { email, password })`. From the command line, against a
// running shop: `node scripts/bench/admin-load.mjs http://127.0.0.1:3000 staff@… password [runs]`.
import { chromium } from "playwright-core";

const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Requests and bytes on the wire (Chromium's `encodedDataLength`: headers and the compressed body; a file
 * the browser's cache answers counts as a request of 0 bytes) from now on; `take()` returns and resets them.
 */
async function networkLog(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const paths = new Map();
  let rows = [];
  cdp.on("Network.requestWillBeSent", (event) =>
    paths.set(event.requestId, new URL(event.request.url).pathname),
  );
  cdp.on("Network.loadingFinished", (event) => {
    const path = paths.get(event.requestId);
    if (path) rows.push({ path, bytes: event.encodedDataLength });
  });
  return {
    take() {
      const taken = rows;
      rows = [];
      return taken;
    },
  };
}

const summary = (rows) => ({
  requests: rows.length,
  kib: rows.reduce((sum, r) => sum + r.bytes, 0) / 1024,
  largest: [...rows]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5)
    .map((r) => ({ path: r.path, kib: Number((r.bytes / 1024).toFixed(1)) })),
});

/**
 * One visit: `/admin` to the sign-in form, then signing in to the dashboard's panels. With `context` the
 * visit reuses a browser profile (a returning staff member whose cache holds the immutable chunks).
 */
async function visit(context, base, { email, password }) {
  const page = await context.newPage();
  const log = await networkLog(page);
  const started = Date.now();
  await page.goto(new URL("/admin", base).toString());
  await page.locator('input[name="username"]').waitFor({ state: "visible", timeout: 60_000 });
  const toForm = Date.now() - started;
  // Let late requests of the sign-in page (fonts, icons) finish before they are counted.
  await page.waitForLoadState("networkidle");
  const formRows = log.take();
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  const signInStarted = Date.now();
  await page.locator('button[type="submit"]').click();
  // The dashboard is rendered when its first panel (today's sales, D133) shows.
  await page.locator("main section[aria-label]").first().waitFor({ state: "visible", timeout: 60_000 });
  const toDashboard = Date.now() - signInStarted;
  await page.waitForLoadState("networkidle");
  const dashboardRows = log.take();
  await page.evaluate(() => localStorage.removeItem("atelier-admin-token"));
  await page.close();
  return { toForm, toDashboard, form: summary(formRows), dashboard: summary(dashboardRows) };
}

export async function measureAdminLoad(base, { email, password, runs = 3 }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: FLAGS,
  });
  try {
    const first = [];
    const returning = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(() => {
        if (!localStorage.getItem("atelier-admin-locale")) localStorage.setItem("atelier-admin-locale", "de");
      });
      first.push(await visit(context, base, { email, password }));
      returning.push(await visit(context, base, { email, password }));
      await context.close();
    }
    const pick = (samples) => {
      const byForm = [...samples].sort((a, b) => a.toForm - b.toForm)[Math.floor(samples.length / 2)];
      return {
        toForm: median(samples.map((s) => s.toForm)),
        toDashboard: median(samples.map((s) => s.toDashboard)),
        form: byForm.form,
        dashboard: byForm.dashboard,
        runs: samples.map((s) => ({ toForm: s.toForm, toDashboard: s.toDashboard })),
      };
    };
    return { first: pick(first), returning: pick(returning) };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = "http://127.0.0.1:3000", email, password, runs = "3"] = process.argv.slice(2);
  const result = await measureAdminLoad(base, { email, password, runs: Number(runs) });
  console.log(JSON.stringify(result, null, 2));
}
