import { test as base, expect, type Page } from "@playwright/test";

/** Closes the cookie modal up front (as a returning visitor would have) unless a test wants to see it. */
export async function dismissCookieModal(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem("is-closed-cookie", "true"));
  // The cookie that mirrors the choice for the server renderer (D86), so pages arrive without the modal.
  await page
    .context()
    .addCookies([{ name: "cookie-modal-closed", value: "true", domain: "127.0.0.1", path: "/" }]);
}

export const test = base;
export { expect };
