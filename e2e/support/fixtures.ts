import { test as base, expect, type Page } from "@playwright/test";

/** Closes the cookie modal up front (as a returning visitor would have) unless a test wants to see it. */
export async function dismissCookieModal(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem("is-closed-cookie", "true"));
  // The cookie that mirrors the choice for the server renderer (D86), so pages arrive without the modal.
  await page
    .context()
    .addCookies([{ name: "cookie-modal-closed", value: "true", domain: "127.0.0.1", path: "/" }]);
}

/**
 * The tests' own fixtures over Playwright's. With `reuseContext` (playwright.config.ts, D461) the worker's tests
 * share one browser context and its tab, which Playwright resets between them: cookies, storage, cache, routes and
 * init scripts, the tab back at about:blank, and new page objects, so no listener of an earlier test is called.
 * Permissions a test granted survive the reset; they are taken back when the test ends.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await use(context);
    await context.clearPermissions();
  },
});
export { expect };
