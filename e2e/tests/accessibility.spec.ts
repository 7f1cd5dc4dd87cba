import AxeBuilder from "@axe-core/playwright";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";

for (const locale of ["de", "ru"]) {
  test(`home (${locale}) has no serious or critical accessibility violations`, async ({ page }) => {
    await dismissCookieModal(page);
    await page.goto(`/?locale=${locale}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(severe.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
}

for (const path of ["/courses?locale=de", "/product/kleine-maler-5-7?locale=de", "/contacts?locale=ru"]) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await dismissCookieModal(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Wait for the data so the page is checked with its content, not its skeleton.
    await expect(page.getByRole("main").getByRole("link").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(severe.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
}

test("the cookie modal itself is accessible", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("cookie-modal")).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[data-testid="cookie-modal"]').analyze();
  const severe = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(severe.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
