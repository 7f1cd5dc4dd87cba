import { expect, test } from "../support/fixtures.ts";
import { signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * Redirects staff keep (D189, spec §2 rule 3), in German at 1366 px: staff cannot take over a page of the
 * shop, make a flyer's address lead to the academies, and send another off the site; a visitor who opens
 * the flyer's address lands on the academies in their language.
 */
test.use({ viewport: { width: 1366, height: 768 } });
test.setTimeout(90_000);

test("staff make a flyer's address lead to a page and another leave the site; visitors follow them", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await signInToBackOffice(page, "de");
  await page.getByRole("menuitem", { name: "Weiterleitungen" }).click();
  await page.getByRole("link", { name: "Erstellen" }).click();

  const from = page.getByLabel("Adresse in diesem Shop");
  const target = page.getByLabel("Ziel");
  await from.fill("/courses");
  await target.fill("/academies");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Unter dieser Adresse gibt es schon eine Seite des Shops")).toBeVisible();

  await from.fill(`/sommer-${stamp}`);
  await page.getByLabel("Notiz").fill("Flyer Sommerakademie");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByRole("row").filter({ hasText: `/sommer-${stamp}` })).toContainText("/academies");

  await page.getByRole("link", { name: "Erstellen" }).click();
  await from.fill(`/instagram-${stamp}`);
  await target.fill("http://www.instagram.com/atelier/");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("vollständige Adresse mit https://")).toBeVisible();
  await target.fill("https://www.instagram.com/atelier/");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByRole("row").filter({ hasText: `/instagram-${stamp}` })).toBeVisible();

  const offSite = await page.request.get(`/instagram-${stamp}`, { maxRedirects: 0 });
  expect(offSite.status()).toBe(302);
  expect(offSite.headers().location).toBe("https://www.instagram.com/atelier/");

  await page.goto(`/sommer-${stamp}/?locale=ru`);
  await expect(page).toHaveURL(/\/academies\?locale=ru$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Академии");
});
