import { dismissCookieModal, expect, test } from "../support/fixtures.ts";

test("the menu page hides the footer and turns the menu button into a way back", async ({ page }) => {
  await dismissCookieModal(page);
  await page.goto("/courses?locale=de");
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await page.getByTestId("menu-button").click();
  await expect(page).toHaveURL(/\/menu\?locale=de/);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: /Kurse/ }).first()).toBeVisible();
  await page.getByTestId("menu-button").click();
  await expect(page).toHaveURL(/\/courses\?locale=de/);
});
