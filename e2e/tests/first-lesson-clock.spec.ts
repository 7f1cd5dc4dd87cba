import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { berlinMidnight } from "@atelier/contract";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { weeklyCourse } from "../support/courses.ts";
import { berlinToday, shownDay, weekdayOf } from "../support/days.ts";
import { expect, test } from "../support/fixtures.ts";
import { newestMail } from "../support/mail.ts";
import { createChild, signedInParent, useSessionInBrowser } from "../support/parents.ts";
import { pdfsIn, pdfText } from "../support/pdf.ts";

/**
 * Issue 32 item 1 on the issue's own clock (D330): booked at 11:12 Berlin time on a Saturday for the group
 * that meets on Saturdays 10:00–11:00, the first lesson is next Saturday's, in the buy page, the cart, the
 * checkout, the confirmation mail, the invoice and the `.ics`.
 *
 * The suite's shops run on the machine's clock and are shared by every test, so this test starts a shop of
 * its own whose clock says that Saturday, 11:12 (Debian's libfaketime, as `scripts/on-day.mjs` runs the unit
 * stage on another day; the clock runs on from there), on a fresh embedded database and the offline demo
 * gateway. The browser's clock is fixed at the same moment (Chromium does not run under libfaketime).
 */

test.describe.configure({ timeout: 240_000 });

/** The next Saturday after today (Berlin), as YYYY-MM-DD. */
function nextSaturday(): string {
  const day = new Date(`${berlinToday()}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (weekdayOf(day.toISOString().slice(0, 10)) !== 5);
  return day.toISOString().slice(0, 10);
}
const plusDays = (iso: string, days: number) => {
  const day = new Date(`${iso}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

/** A port the operating system says is free. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

const saturday = nextSaturday();
// 11:12 on that Saturday in Berlin (no clock change falls on a Saturday morning).
const now = new Date(berlinMidnight(saturday).getTime() + (11 * 60 + 12) * 60_000);
const dataDir = mkdtempSync(join(tmpdir(), "atelier-e2e-clock-"));
let shop: ChildProcess | undefined;
let baseURL = "";
let api: APIRequestContext;

test.beforeAll(async () => {
  // The shop under faketime migrates and seeds a new database first: on the 2-core CI machine beside the
  // other browser process that took over 150 s once (2026-11-29), so its start gets 5 minutes of its own.
  test.setTimeout(360_000);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  // faketime reads the start as local time: the shop's process runs in UTC, as the school's server does.
  const start = now.toISOString().slice(0, 19).replace("T", " ");
  shop = spawn("faketime", ["-f", `@${start}`, "node", "../server/dist/server.js"], {
    // Its own process group: faketime runs the shop as its child, and a SIGTERM to faketime alone left
    // the shop running after the suite (a stray server holding its port and CPU).
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      TZ: "UTC",
      // Timers and timeouts keep the real monotonic clock (scripts/on-day.mjs).
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      MAIL_WORKER_INTERVAL_MS: "200",
      SEED_HOLIDAYS: "false",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      // No PayPal or Stripe account: the offline demo gateway (D49).
      STAFF_EMAIL: process.env.E2E_STAFF_EMAIL,
      STAFF_PASSWORD: process.env.E2E_STAFF_PASSWORD,
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
    },
  });
  api = await playwrightRequest.newContext({ baseURL });
  await expect
    .poll(async () => (await api.get("/readyz").catch(() => null))?.status() ?? 0, { timeout: 300_000 })
    .toBe(200);
  // The shop's clock says the Saturday.
  const date = (await api.get("/readyz")).headers().date ?? "";
  expect(new Date(date).toISOString().slice(0, 10)).toBe(now.toISOString().slice(0, 10));
});

test.afterAll(async () => {
  await api?.dispose();
  if (shop?.pid === undefined || shop.exitCode !== null) return;
  const ended = new Promise((done) => shop?.once("exit", done));
  process.kill(-shop.pid, "SIGTERM");
  await ended;
});

/** A weekly course with one group: Saturdays 10:00–11:00. */
const saturdayCourse = () =>
  weeklyCourse(api, {
    slug: "samstagsmalen",
    name: { de: "Samstagsmalen", ru: "Субботнее рисование" },
    group: { weekday: 5, start: "10:00", end: "11:00" },
    sortOrder: 1,
  });

test("booked on a Saturday at 11:12 for the Saturday 10:00 group, the first lesson is next Saturday's everywhere", async ({
  browser,
}) => {
  await saturdayCourse();
  const parent = await signedInParent(api, "clock-1112", dataDir);
  const child = await createChild(api, parent, "Mila", `${Number(saturday.slice(0, 4)) - 6}-01-01`);
  const first = plusDays(saturday, 7);
  const shown = `Erste Stunde: ${shownDay(first)}`;

  // A phone on this shop, its clock at the same moment as the shop's.
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => window.localStorage.setItem("is-closed-cookie", "true"));
  const page = await context.newPage();
  await page.clock.setFixedTime(now);
  await useSessionInBrowser(page, parent);
  await page.goto("/product/buy/samstagsmalen?locale=de");
  await page.locator('input[name="purchase_option"]').first().check();
  await page.getByRole("group", { name: "Kind" }).getByRole("radio", { name: "Mila Muster" }).check();
  await page.locator('input[name="schedule_slots"]:not([disabled])').first().check();
  await expect(page.getByTestId("terms-first")).toHaveText(shown);
  await page.getByRole("button", { name: "In den Warenkorb", exact: true }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Zum Warenkorb" }).click();
  await expect(page.getByTestId("cart-item").getByTestId("terms-first")).toHaveText(shown);
  await page.getByRole("button", { name: "Zur Kasse" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();
  await expect(page.getByTestId("terms-first").first()).toHaveText(shown);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/payments\/demo\/DEMO/);
  await page.getByRole("button", { name: "Zahlung freigeben (Demo)" }).click();
  await expect(page).toHaveURL(/\/payment-complete\/\d+\?/);

  // The mail and the invoice: the first month starts next Saturday, not today.
  const dotted = (iso: string) => iso.split("-").reverse().join(".");
  const mail = await newestMail("order-confirmation", parent.email, dataDir, 30_000);
  expect(mail).toContain(`erster Monat: ${dotted(first)}–`);
  expect(mail).not.toContain(`erster Monat: ${dotted(saturday)}`);
  const invoice = pdfsIn(mail).map(pdfText).join(" ");
  expect(invoice).toContain(dotted(first));
  expect(invoice).not.toContain(`${dotted(saturday)}–`);

  // The .ics from the profile: the weekly lesson starts next Saturday at 10:00.
  await page.goto("/profile?tab=sales&locale=de");
  const downloading = page.waitForEvent("download");
  await page.getByTestId(`calendar-${child.id}`).first().click();
  const stream = await (await downloading).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const ics = Buffer.concat(chunks).toString("utf8");
  expect(ics).toMatch(new RegExp(`^DTSTART;TZID=Europe/Berlin:${first.replaceAll("-", "")}T100000`, "m"));
  await context.close();
});
