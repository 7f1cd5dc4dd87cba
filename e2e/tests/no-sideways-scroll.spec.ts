import type { Page } from "@playwright/test";
import { clientNavigation } from "../support/client-navigation.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { PAGE_PATHS } from "../support/page-paths.ts";
import { signInByStorage, verifiedUser } from "../support/users.ts";

// Issue 24 item 7: no page of the shop scrolls sideways at any width a parent uses, in either language,
// as a guest or signed in. One load per language, then each route as the shop's links reach it (in the
// same document, D481), resized and measured: 30 routes × 6 widths × 2 languages × 2 visitors.

const WIDTHS = [320, 768, 1024, 1280, 1366, 1920] as const;

/** The widths at which the page is wider than the window, with the element that sticks out furthest. */
async function overflowsAt(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Two frames: the layout after the resize, and anything a resize observer moved.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const result = await page.evaluate(() => {
      const root = document.documentElement;
      if (root.scrollWidth <= window.innerWidth) return null;
      let widest = "";
      let right = window.innerWidth;
      for (const element of document.body.querySelectorAll("*")) {
        const box = element.getBoundingClientRect();
        if (box.right > right + 0.5) {
          right = box.right;
          widest = `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.split(" ").join(".")}` : ""}`;
        }
      }
      return `${root.scrollWidth} > ${window.innerWidth} (${widest.slice(0, 120)})`;
    });
    if (result) found.push(`${width}px: ${result}`);
  }
  return found;
}

for (const visitor of ["guest", "signed in"] as const) {
  test(`no route scrolls sideways from 320 to 1920 px, de and ru, ${visitor}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await dismissCookieModal(page);
    if (visitor === "signed in") {
      const email = await verifiedUser(request, "wide", {
        firstName: "Swetlana",
        lastName: "Kusnezowa-Schmidt",
      });
      await signInByStorage(page, request, email);
    }
    const navigation = clientNavigation(page);
    const failures: string[] = [];
    const signInDialog = page.getByTestId("auth-dialog");
    for (const locale of ["de", "ru"] as const) {
      // The language is chosen on the first page; the routes follow in the same document (D481).
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`/?locale=${locale}`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await navigation.settled();
      for (const path of PAGE_PATHS) {
        await page.setViewportSize({ width: 1366, height: 900 });
        expect(await navigation.go(path), "the route the walk measures").toBe(path);
        for (const overflow of await overflowsAt(page)) failures.push(`${locale} ${path} ${overflow}`);
        // `/login` and a guest's `/profile` open the sign-in dialog; a parent closes it before going on,
        // and the next page is measured without it.
        if (await signInDialog.isVisible()) {
          await page.keyboard.press("Escape");
          await expect(signInDialog).toBeHidden();
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
}
