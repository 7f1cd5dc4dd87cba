import type { Page } from "@playwright/test";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";

/**
 * Spec §2, navigation rule 4: "Scrolling: to the top on a page change, or to the hash target." A parent
 * far down a long list who follows a link starts the next page at its top; a link to a part of a page
 * (the footer's "request a callback", /contacts#contact-forms) lands with that part at the top of the
 * window, also when the link is opened from outside; back returns to where the parent was. A parent who
 * scrolls a server-rendered page before the app has taken it over stays where they scrolled (D176).
 */
test.use({ viewport: { width: 390, height: 844 } });

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
  return scrollY(page);
}

/** The server's HTML has been taken over by the app (D86): the root loses `data-hydrating`. */
const hydrated = (page: Page) => expect(page.locator("#root[data-hydrating]")).toHaveCount(0);

/** The element's top edge in the window: near 0 when the page was scrolled to it. */
const topInWindow = (page: Page, selector: string) =>
  page.evaluate((s) => Math.round(document.querySelector(s)?.getBoundingClientRect().top ?? -1), selector);

test("a new page starts at the top, back restores, a hash link lands on its target (de)", async ({
  page,
}) => {
  await dismissCookieModal(page);
  await page.goto("/courses?locale=de");
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards.first()).toBeVisible();
  await hydrated(page);

  // Halfway down the list, an offer's link: its page starts at the top.
  const card = cards.nth(4);
  await card.evaluate((element) => element.scrollIntoView({ block: "start" }));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
  const listPosition = await scrollY(page);
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  // Back: the list where the parent left it.
  await page.goBack();
  await expect(page).toHaveURL(/\/courses\?/);
  await expect.poll(() => scrollY(page)).toBe(listPosition);

  // From the footer at the bottom of the list: the next page at the top.
  await scrollToBottom(page);
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Preise" }).click();
  await expect(page).toHaveURL(/\/prices\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Preise" })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  // The footer's link to the contact forms: the forms at the top of the window, not the page's top.
  await scrollToBottom(page);
  await footer.getByRole("link", { name: "Rückruf oder Termin anfragen" }).click();
  await expect(page).toHaveURL(/\/contacts\?locale=de#contact-forms$/);
  await expect(page.getByRole("heading", { level: 2, name: "Kontaktformulare" })).toBeInViewport();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  await expect.poll(() => topInWindow(page, "#contact-forms")).toBeLessThan(50);
});

test("a link to a part of a page opened from outside lands on that part (ru)", async ({ page }) => {
  await dismissCookieModal(page);
  await page.goto("/contacts?locale=ru#contact-forms");
  await expect(page.getByRole("heading", { level: 2, name: "Формы обратной связи" })).toBeInViewport();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  await expect.poll(() => topInWindow(page, "#contact-forms")).toBeLessThan(50);
});

test("the hash survives the locale being added to a link without one (de)", async ({ page }) => {
  await dismissCookieModal(page);
  // As in a mail or a chat: rule 2 adds the locale; the part of the page the link names must stay.
  await page.goto("/contacts#contact-forms");
  await expect(page).toHaveURL(/\/contacts\?locale=de#contact-forms$/);
  await expect(page.getByRole("heading", { level: 2, name: "Kontaktformulare" })).toBeInViewport();
  await expect.poll(() => topInWindow(page, "#contact-forms")).toBeLessThan(50);
});

test("scrolling before the app has taken over the server's page is kept (de)", async ({ page }) => {
  await dismissCookieModal(page);
  // A slow phone: the page's HTML is there at once, the app's code a moment later.
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => {
    releaseApp = resolve;
  });
  await page.route("**/app-start.js", async (route) => {
    await appHeld;
    await route.continue();
  });
  // "commit": the held app script also holds DOMContentLoaded back.
  await page.goto("/courses?locale=de", { waitUntil: "commit" });
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  await expect(page.locator("#root[data-hydrating]")).toHaveCount(1);
  // Well down the list, but not at its end: the app may load the list afresh once it has taken over, and
  // a list that changed since the server's page (a course added or ended by then) moves the page's end,
  // not a place inside the first cards.
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => scrollY(page)).toBe(1500);
  const position = await scrollY(page);

  releaseApp();
  await hydrated(page);
  // Two frames after the app's first render, when the router places the window.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // The app is interactive (its links navigate in place), and the list is still where the parent was.
  await expect.poll(() => scrollY(page)).toBe(position);
  await page.getByRole("contentinfo").getByRole("link", { name: "Preise" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Preise" })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
});
