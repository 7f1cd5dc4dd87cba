import { readFileSync } from "node:fs";
import { berlinDay } from "../support/days.ts";
import { expect, test } from "../support/fixtures.ts";
import { paidCourseOn, signedInStaff, signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * This month's DATEV export (issue 29 step 13, D282), at 1366 px in German: from the back office's menu
 * to "Buchhaltung", which opens on this month, then "DATEV-Export (Buchungsstapel)". The file is the
 * EXTF Buchungsstapel of the month with the paid order's invoice; the clicks are counted and printed,
 * and no console error shows.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test("staff download this month's DATEV Buchungsstapel from the menu, with this month's invoice in it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const staff = await signedInStaff(request);
  const today = berlinDay(0);
  await paidCourseOn(request, staff, berlinDay(2).weekday, "Datev", "17:35");

  await signInToBackOffice(page);
  let clicks = 0;
  const click = async (locator: ReturnType<typeof page.getByRole>) => {
    clicks += 1;
    await locator.click();
  };
  await click(page.getByRole("menuitem", { name: "Buchhaltung" }));
  // The month field opens on this month (issue 29: accounting starts today).
  await expect(page.getByLabel("Monat").and(page.locator("input"))).toHaveValue(today.date.slice(0, 7));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    click(page.getByRole("button", { name: "DATEV-Export (Buchungsstapel)" })),
  ]);
  const month = today.date.slice(0, 7);
  expect(download.suggestedFilename()).toBe(`EXTF_Buchungsstapel_${month}.csv`);
  const text = readFileSync(await download.path()).toString("latin1");
  const lines = text.split("\r\n").filter(Boolean);
  const header = lines[0]?.split(";") ?? [];
  expect(header.slice(0, 5)).toEqual(['"EXTF"', "700", "21", '"Buchungsstapel"', "13"]);
  expect(header).toHaveLength(31);
  expect(header[14]).toBe(`${month.replace("-", "")}01`);
  expect(lines[1]?.split(";")).toHaveLength(125);
  // At least the invoice of the order paid above, on Geldtransit against a revenue account.
  const invoices = lines.slice(2).filter((line) => /"RE-\d{4}-\d{6}"/.test(line));
  expect(invoices.length).toBeGreaterThan(0);
  expect(invoices[0]?.split(";")).toHaveLength(125);
  console.log(`DATEV export of ${month}: ${clicks} clicks from the menu`);
  expect(clicks).toBeLessThanOrEqual(2);
  expect(errors).toEqual([]);
});
