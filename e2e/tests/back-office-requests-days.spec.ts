import { berlinToday } from "../support/days.ts";
import { expect, test } from "../support/fixtures.ts";
import { signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * Issue 29's days and waiting list as the office manager reaches them from the menu (D273, D274): the
 * waiting list fits 1280 px, filters by offer and day, and the dashboard's lessons name their weekday and
 * lead to their roster. Clicks are counted as the parent's journey counts taps.
 */
test.setTimeout(90_000);

test("the waiting list fits 1280 px and filters by offer and day", async ({ page }) => {
  let clicks = 0;
  const click = async (locator: import("@playwright/test").Locator) => {
    clicks += 1;
    await locator.click();
  };
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on(
    "response",
    (response) => response.status() >= 500 && errors.push(`${response.status()} ${response.url()}`),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToBackOffice(page);
  await click(page.getByRole("menuitem", { name: "Wartelisten" }));
  await expect(page).toHaveURL(/\/admin\/waiting-list/);
  await expect(page.getByRole("combobox", { name: "Angebot" })).toBeVisible();
  await expect(page.getByLabel("Tag")).toBeVisible();
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  // Every academy week's day reads as a date, never a broken template ("$iso…", "Invalid Date").
  for (const unit of await page.getByTestId("waiting-unit").allTextContents()) {
    expect(unit).not.toMatch(/\$|Invalid|NaN/);
  }
  console.log(`waiting list at 1280 px: ${clicks} clicks`);
  expect(errors).toEqual([]);
});

test("the dashboard's lessons name their weekday and open their roster on that day", async ({ page }) => {
  let clicks = 0;
  const errors: string[] = [];
  page.on(
    "response",
    (response) => response.status() >= 500 && errors.push(`${response.status()} ${response.url()}`),
  );
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInToBackOffice(page);
  const weekdays = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"];
  const lesson = page.getByRole("region", { name: "Termine heute" }).getByRole("link").first();
  if (await lesson.count()) {
    await expect(lesson).toHaveText(new RegExp(`^(${weekdays.join("|")}), \\d\\d:\\d\\d `));
    clicks += 1;
    await lesson.click();
    await expect(page).toHaveURL(/\/admin\/attendance\?date=\d{4}-\d{2}-\d{2}&slot=\d+/);
  } else {
    clicks += 1;
    await page.getByRole("menuitem", { name: "Anwesenheit" }).click();
  }
  // The attendance page opens on today (Berlin), not tomorrow.
  const today = berlinToday();
  await expect(page.getByLabel("Datum")).toHaveValue(today);
  console.log(`dashboard → roster: ${clicks} clicks`);
  expect(errors).toEqual([]);
});
