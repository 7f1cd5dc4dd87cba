import { dismissCookieModal, expect, test } from "../support/fixtures.ts";

test("an unknown path shows the not-found page with status 404", async ({ page }) => {
  await dismissCookieModal(page);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("Seite nicht gefunden: /no-such-page");
  await expect(page.getByRole("banner")).toBeVisible();
});

test("the Russian not-found page says it in Russian, with status 404", async ({ page }) => {
  await dismissCookieModal(page);
  const response = await page.goto("/no-such-page?locale=ru");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found-path")).toHaveText("Страница не найдена: /no-such-page");
});
