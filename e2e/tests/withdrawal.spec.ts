import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { newestMail } from "../support/mail.ts";
import { buyWeeklyCourse } from "../support/orders.ts";
import { signedInParent, useSessionInBrowser } from "../support/parents.ts";

/**
 * Issue #9, withdrawal (§ 356a BGB, D75): a parent withdraws a course within the 14 days from the profile's
 * history in two steps and sees the refund recorded; the invoice PDF and the child's calendar download.
 */

test.beforeEach(async ({ page }) => {
  await dismissCookieModal(page);
});

test("a parent withdraws a course within 14 days and sees the refund recorded", async ({ page, request }) => {
  const parent = await signedInParent(request, "withdraws");
  const { course, child } = await buyWeeklyCourse(request, parent);
  await useSessionInBrowser(page, parent);
  await page.goto("/profile?tab=sales&locale=de");

  const mila = page.getByRole("region", { name: "Buchungen von Mila Muster" });
  await expect(mila.getByText(course.name)).toBeVisible();
  await expect(mila.getByText(/Widerruf möglich bis .+\d{4}/)).toBeVisible();

  // The invoice PDF and the child's calendar are downloads for the signed-in parent.
  const pdf = page.waitForEvent("download");
  await mila.getByRole("button", { name: /Rechnung RE-\d{4}-\d{6} als PDF herunterladen/ }).click();
  const pdfFile = await pdf;
  expect(pdfFile.suggestedFilename()).toMatch(/^RE-\d{4}-\d{6}\.pdf$/);
  expect((await readFile((await pdfFile.path()) ?? "")).subarray(0, 5).toString()).toBe("%PDF-");
  const ics = page.waitForEvent("download");
  await page
    .getByRole("button", { name: "Kalenderdatei herunterladen (.ics): alle Termine von Mila Muster" })
    .click();
  const icsFile = await ics;
  expect(icsFile.suggestedFilename()).toMatch(/\.ics$/);
  const calendar = await readFile((await icsFile.path()) ?? "", "utf8");
  expect(calendar).toContain("BEGIN:VEVENT");
  expect(calendar).toContain("RRULE:FREQ=WEEKLY");

  // Step one: the button opens a dialog with the amount; nothing is withdrawn yet.
  await mila.getByRole("button", { name: /Vertrag widerrufen/ }).click();
  const dialog = page.getByTestId("withdraw-dialog");
  await expect(dialog.getByRole("heading", { name: "Vertrag widerrufen?" })).toBeVisible();
  const amount = dialog.getByTestId("withdraw-amount");
  await expect(amount).toContainText(/Erstattung: [\d,]+\s€/);
  const refund = (await amount.textContent())?.match(/Erstattung: ([\d,]+\s€)/)?.[1] ?? "";
  // Step two: confirmed, the withdrawal and its PayPal refund are recorded.
  const results = await new AxeBuilder({ page }).include("[data-testid=withdraw-dialog]").analyze();
  const severe = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(severe.map((v) => v.id)).toEqual([]);
  // The focus starts on "Abbrechen": Enter alone never withdraws.
  await expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await dialog.getByRole("button", { name: "Widerruf bestätigen" }).click();
  await expect(dialog).toBeHidden();
  const status = mila.getByText(/Widerrufen am .+\d{4}/);
  await expect(status).toBeVisible();
  await expect(status).toContainText(`${refund} erstattet`);
  await expect(mila.getByText("Beendet")).toBeVisible();
  await expect(mila.getByRole("button", { name: /Vertrag widerrufen/ })).toHaveCount(0);
  await expect(mila.getByRole("button", { name: /Gutschrift GS-\d{4}-\d{6} \(PDF\)/ })).toBeVisible();

  // The confirmation mail goes out at once, with the credit note attached.
  const mail = await newestMail("withdrawal-confirmation", parent.email);
  expect(mail).toContain("Eingangsbestätigung Ihres Widerrufs");
  expect(mail).toMatch(/Content-Type: application\/pdf/i);

  // The child's calendar no longer has the course.
  const after = await request.get(`/api/v2/visitors/${child.id}/calendar.ics?locale=de`, {
    headers: parent.headers,
  });
  expect(await after.text()).not.toContain("RRULE:FREQ=WEEKLY");
});
