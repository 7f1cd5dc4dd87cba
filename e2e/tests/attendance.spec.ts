import { readFileSync } from "node:fs";
import { berlinDay } from "../support/days.ts";
import { expect, test } from "../support/fixtures.ts";
import { paidCourseOn, signedInStaff, signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * Attendance in the back office (D131, D132), at 1366 px: staff open tomorrow's roster, download it as CSV
 * (UTF-8 with BOM, `;`) with the booked child's row, and mark the child absent ahead, as after a parent's
 * call: present waits for the lesson's day (the door's check-in row; today's roster is office-manager-day's).
 */
test.use({ viewport: { width: 1366, height: 768 } });

test("staff open tomorrow's roster, download the CSV with the booked child, and mark the child absent ahead", async ({
  page,
  request,
}) => {
  // Booking through the API (cart, PayPal stand-in, capture) takes a while on a busy machine.
  test.setTimeout(90_000);
  const staff = await signedInStaff(request);
  const tomorrow = berlinDay(1);
  const booked = await paidCourseOn(request, staff, tomorrow.weekday, "Greta", "18:05");

  await signInToBackOffice(page);
  // The dashboard is the first page: tomorrow's lessons are on it.
  await expect(page.getByRole("region", { name: "Termine morgen" })).toContainText("18:05");
  // The lesson's line leads to its roster on that day (D274).
  await page
    .getByRole("region", { name: "Termine morgen" })
    .getByRole("link", { name: /18:05/ })
    .first()
    .click();

  await expect(page.getByLabel("Datum")).toHaveValue(tomorrow.date);
  await page.getByLabel("Termin").click();
  await page.getByRole("option", { name: /^18:05–19:55/ }).click();
  const child = page.getByTestId("roster-child").filter({ hasText: "Greta Muster" });
  await expect(child).toBeVisible();
  await expect(child).toContainText(`Greta Muster, ${booked.age} J.`);
  await expect(page.getByText(/1 von 5 Plätzen vergeben, 4 frei/)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Als CSV herunterladen" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`anwesenheit-${tomorrow.date}-${booked.slotId}.csv`);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = bytes.toString("utf8").slice(1).trimEnd().split("\r\n");
  expect(rows[0]).toBe(
    "Kind;Alter;Geburtsdatum;Eltern;Telefon;E-Mail;Tarif;Kommentar;Hinweise;Anwesenheit;Bestellung",
  );
  expect(rows).toHaveLength(2);
  const fields = rows[1]?.split(";") ?? [];
  expect(fields[0]).toBe("Greta Muster");
  expect(fields[1]).toBe(String(booked.age));
  // The shop keeps addresses in lower case.
  expect(fields[5]).toBe(booked.parentEmail.toLowerCase());
  expect(fields[9]).toBe("");

  await expect(
    page.getByText("„Anwesend“ lässt sich ab dem Tag der Stunde eintragen.", { exact: false }),
  ).toBeVisible();
  await expect(child.getByRole("button", { name: "Anwesend" })).toBeDisabled();
  await child.getByRole("button", { name: "Abwesend" }).click();
  await expect(child.getByRole("button", { name: "Abwesend" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Gespeichert", { exact: false }).first()).toBeVisible();

  // Another day, then back: no false "not found" for the lesson chosen on the day before, and no roster of
  // it on a day without lessons.
  const failed: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/admin/attendance") && response.status() >= 400)
      failed.push(`${response.status()} ${response.url()}`);
  });
  await page.getByLabel("Datum").fill("2020-01-06");
  await expect(page.getByText("An diesem Tag ist kein Termin mit Buchungen.")).toBeVisible();
  await expect(page.getByTestId("roster-child")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Diese Stunde absagen" })).toHaveCount(0);
  await page.getByLabel("Datum").fill(tomorrow.date);
  await page.getByLabel("Termin").click();
  await page.getByRole("option", { name: /^18:05–19:55/ }).click();
  await expect(child).toBeVisible();
  expect(failed).toEqual([]);
  await expect(page.getByText("Nicht gefunden.")).toHaveCount(0);
});
