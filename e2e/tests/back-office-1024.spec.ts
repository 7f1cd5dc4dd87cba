import type { Page } from "@playwright/test";
import { berlinDay } from "../support/days.ts";
import { expect, test } from "../support/fixtures.ts";
import { paidCourseOn, signedInStaff, signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * The back office on a 1,024 px laptop (D616): the lists and an order's page keep to the screen's width,
 * their wide tables scrolling in their own boxes, in German and Russian. Reached from the menu and a row.
 */
test.setTimeout(120_000);

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const MENUS = {
  de: ["Angebote", "Termine", "Wartelisten", "Bestellungen"],
  ru: ["Предложения", "Листы ожидания", "Заказы"],
} as const;

for (const locale of ["de", "ru"] as const) {
  test(`lists and an order's page fit 1,024 px (${locale})`, async ({ page, request }) => {
    // An order to open: a paid course booking made through the API.
    await paidCourseOn(request, await signedInStaff(request), berlinDay(3).weekday, "Breit", "17:20");
    await page.setViewportSize({ width: 1024, height: 768 });
    await signInToBackOffice(page, locale);
    for (const menu of MENUS[locale]) {
      await page.getByRole("menuitem", { name: menu }).click();
      await expect(page.locator(".RaList-main")).toBeVisible();
      const main = page.locator(".RaList-main");
      await expect(
        main
          .getByRole("table")
          .or(main.getByText(/Keine Resultate|не найдено/))
          .first(),
      ).toBeVisible();
      expect(await sideways(page), `${menu} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    // An order, opened from its row (the list's newest first).
    await page.locator(".RaList-main").getByRole("row").nth(1).locator("td").first().click();
    await expect(page).toHaveURL(/\/admin\/orders\/\d+\/show$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await sideways(page), "the order's page scrolls sideways").toBeLessThanOrEqual(0);
  });
}
