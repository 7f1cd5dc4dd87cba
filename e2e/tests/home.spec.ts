import { dismissCookieModal, expect, test } from "../support/fixtures.ts";

test.describe("home and locale", () => {
  test.beforeEach(async ({ page }) => dismissCookieModal(page));

  test("opens in German with the locale added to the URL and academies first", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\?locale=de$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    const nav = page.getByRole("banner").getByRole("navigation").first();
    await expect(nav.getByRole("link").first()).toHaveText(/Akademien/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("switches to Russian: courses come first and the choice is remembered in the cookie", async ({
    page,
    context,
  }) => {
    await page.goto("/?locale=de");
    await page.getByRole("banner").getByRole("link", { name: "Русский", exact: true }).first().click();
    await expect(page).toHaveURL(/locale=ru/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    const nav = page.getByRole("banner").getByRole("navigation").first();
    await expect(nav.getByRole("link").first()).toHaveText(/Курсы/);
    const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
    expect(cookie?.value).toBe("ru");
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.path).toBe("/");
    // about 365 days from now
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

    await page.goto("/courses");
    await expect(page).toHaveURL(/\/courses\?locale=ru$/);
  });

  test("the footer's /school-offers leads to the school offer page", async ({ page }) => {
    await page.goto("/school-offers");
    await expect(page).toHaveURL(/\/school_offer\?locale=de$/);
  });
});
