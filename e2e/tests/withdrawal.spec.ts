import { readFile } from "node:fs/promises";
import { severeFindings } from "../support/axe.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { newestMail } from "../support/mail.ts";
import { addToCart, buyWeeklyCourse, payPlacedOrder, placeOrder } from "../support/orders.ts";
import { bornYearsAgo, createChild, signedInParent, useSessionInBrowser } from "../support/parents.ts";

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
  expect(await severeFindings(page, "withdraw dialog", "[data-testid=withdraw-dialog]")).toEqual([]);
  // The focus starts on "Abbrechen": Enter alone never withdraws.
  await expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await dialog.getByRole("button", { name: "Widerruf bestätigen" }).click();
  await expect(dialog).toBeHidden();
  const status = mila.getByText(/Widerrufen am .+\d{4}/);
  await expect(status).toBeVisible();
  await expect(status).toContainText(`${refund} erstattet`);
  await expect(mila.getByText("Beendet", { exact: true })).toBeVisible();
  // The contract ended by the withdrawal, not by a notice of cancellation (D601).
  await expect(mila.getByTestId("subscription-period")).toHaveText("Vertrag durch Widerruf beendet");
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

test("a parent cancels a workshop within its refund policy and gets the money back (D142)", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  type Workshop = {
    id: number;
    name: string;
    age_group: string;
    refund_days_before: number | null;
    purchase_options: { id: number; schedule_type: string }[];
    schedule_slots: { id: number; date: string | null; space: number }[];
  };
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Workshop");
  const soon = new Date(Date.now() + 9 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const target = ((await reply.json()) as { results: Workshop[] }).results
    .filter((w) => w.refund_days_before === 7)
    .map((w) => ({
      w,
      option: w.purchase_options.find((o) => o.schedule_type === "Ticket"),
      slot: w.schedule_slots.find((s) => s.date !== null && s.date > soon && s.space > 0),
    }))
    .find((c) => c.option && c.slot);
  if (!target?.option || !target.slot) throw new Error("the seed has no workshop with a policy and seats");
  const parent = await signedInParent(request, "cancels-workshop");
  const child = await createChild(
    request,
    parent,
    "Mila",
    bornYearsAgo(Number(target.w.age_group.match(/^\d+/)?.[0]) + 1),
  );
  await addToCart(request, parent, {
    product_page: target.w.id,
    purchase_option: target.option.id,
    visitor: child.id,
    schedule_slots: [target.slot.id],
  });
  await useSessionInBrowser(page, parent);
  // The cart line carries the policy in one line.
  await page.goto("/cart?locale=de");
  await expect(page.getByTestId("refund-policy").first()).toHaveText(
    "Kostenlose Stornierung bis 7 Tage vor dem Termin",
  );
  await payPlacedOrder(request, parent, await placeOrder(request, parent));

  await page.goto("/profile?tab=workshops&locale=de");
  const mila = page.getByRole("region", { name: "Buchungen von Mila Muster" });
  await expect(mila.getByText(target.w.name)).toBeVisible();
  await expect(mila.getByText(/Kostenlose Stornierung bis .+\d{4}/)).toBeVisible();
  await mila.getByRole("button", { name: /Kostenlos stornieren/ }).click();
  const dialog = page.getByTestId("withdraw-dialog");
  await expect(dialog.getByRole("heading", { name: "Buchung stornieren?" })).toBeVisible();
  await expect(dialog.getByText("Sie erhalten den vollen Betrag zurück.")).toBeVisible();
  await dialog.getByRole("button", { name: "Stornierung bestätigen" }).click();
  await expect(dialog).toBeHidden();
  // A cancellation with refund, not a withdrawal (D179).
  await expect(mila.getByText(/^Storniert am .+\d{4} · .+ erstattet$/)).toBeVisible();
  await expect(mila.getByText(/Widerruf/)).toHaveCount(0);
  await expect(mila.getByRole("button", { name: /Kostenlos stornieren/ })).toHaveCount(0);
  const mail = await newestMail("withdrawal-confirmation", parent.email);
  expect(mail).toContain("Bestätigung Ihrer Stornierung");
  expect(mail).not.toContain("Widerruf");
  expect(mail).toMatch(/Content-Type: application\/pdf/i);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
