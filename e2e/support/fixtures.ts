import { test as base, expect, type Page } from "@playwright/test";

/** Closes the cookie modal up front (as a returning visitor would have) unless a test wants to see it. */
export async function dismissCookieModal(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem("is-closed-cookie", "true"));
}

export const test = base;
export { expect };
