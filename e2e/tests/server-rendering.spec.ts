import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { PAGE_PATHS } from "../support/page-paths.ts";

// Decision D86: public pages arrive rendered with their data; the browser hydrates them without fetching
// that data again and without changing what the server sent.

const PRODUCT = "/product/kleine-maler-5-7";

type Slot = { space: number | null };

test("a product page's HTML carries its name, price and the seats left the API gives now", async ({
  request,
}) => {
  const [page, api] = await Promise.all([
    request.get(`${PRODUCT}?locale=de`),
    request.get(`/api/v2/products/kleine-maler-5-7/?locale=de`),
  ]);
  expect(page.status()).toBe(200);
  const html = await page.text();
  const root = html.slice(html.indexOf('<div id="root" data-hydrating>'));
  expect(root).toMatch(/<h1[^>]*>Kleine Maler<\/h1>/);
  expect(root).toMatch(/79\s€ \/ Monat/);
  const slots = ((await api.json()) as { schedule_slots: Slot[] }).schedule_slots;
  const space = slots.find((slot) => (slot.space ?? 0) > 1)?.space;
  expect(space).toBeDefined();
  expect(root).toContain(`noch ${space} Plätze frei`);
  // The head stays the server's: canonical, hreflang and the product's JSON-LD.
  expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:`);
  expect(html).toContain('hreflang="ru"');
  expect(html).toContain('"@type":"Course"');
});

test("home, a list and a product page show their content with JavaScript switched off, in both locales", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/courses?locale=ru");
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  await page.goto(`${PRODUCT}?locale=ru`);
  await expect(page.getByRole("heading", { level: 1, name: "Маленькие художники" })).toBeVisible();
  await page.goto("/?locale=de");
  await expect(page.getByRole("main").getByRole("link").first()).toBeVisible();
  await context.close();
});

test("hydrating a product page fetches nothing again, moves nothing and logs no mismatch", async ({
  page,
}) => {
  await dismissCookieModal(page);
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const catalogueRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/v2/products/")) catalogueRequests.push(request.url());
  });
  // Counts what hydration removes from the server's HTML (a client render would replace all of it).
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const counter = window as unknown as { removedByHydration: number };
      counter.removedByHydration = 0;
      const root = document.getElementById("root");
      if (!root) return;
      new MutationObserver((records) => {
        for (const record of records) counter.removedByHydration += record.removedNodes.length;
      }).observe(root, { childList: true, subtree: true });
    });
  });

  await page.goto(`${PRODUCT}?locale=de`);
  // Interactive once hydrated: the FAQ opens on a click.
  const answer = page.getByText("Nein. Der Kurs ist für Anfänger gedacht", { exact: false });
  await expect(async () => {
    await page.getByText("Muss mein Kind schon malen können?").click();
    await expect(answer).toBeVisible({ timeout: 500 });
  }).toPass();
  await page.waitForLoadState("networkidle");

  expect(
    await page.evaluate(() => (window as unknown as { removedByHydration: number }).removedByHydration),
  ).toBe(0);
  expect(catalogueRequests).toEqual([]);
  expect(problems).toEqual([]);
});

test("a page without a locale is rendered too and ends at the URL with the locale", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/courses")).text();
  expect(html).toContain('id="app-state"');
  await dismissCookieModal(page);
  await page.goto("/courses");
  await expect(page).toHaveURL(/\/courses\?locale=de$/);
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
});

test("every page route, loaded on its own, comes in its language and is taken over by the app without an error", async ({
  page,
}) => {
  // The page sweeps reach most routes inside one document (D481); a link from a mail or a search engine
  // loads them: every route in both languages.
  test.setTimeout(120_000);
  await dismissCookieModal(page);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    // React's own mismatch (minified error #418) comes as an uncaught error, above; this catches the app's
    // "loading before hydration failed" (web/src/main.tsx), which is logged and not thrown.
    if (message.type() === "error" && /hydrat/i.test(message.text()))
      problems.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of PAGE_PATHS) {
    for (const locale of ["de", "ru"])
      await test.step(`${path} (${locale})`, async () => {
        const response = await page.goto(`${path}?locale=${locale}`, { waitUntil: "domcontentloaded" });
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.locator("#root")).not.toHaveAttribute("data-hydrating");
        // Not by its role: on /login the sign-in dialog hides the page behind it from assistive technology.
        await expect(page.locator("main").first()).toBeVisible();
      });
  }
  expect(problems, problems.join("\n")).toEqual([]);
});
