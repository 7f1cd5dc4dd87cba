import { readFile } from "node:fs/promises";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { newestMail } from "../support/mail.ts";
import { buyWeeklyCourse, paypalStandInUrl } from "../support/orders.ts";
import { signedInParent, useSessionInBrowser } from "../support/parents.ts";
import { signedInStaff, signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * Orders in the back office at 1366 px (issue 21, D127–D130, D164, D165): staff refund half of a paid course
 * through PayPal (the stand-in shows one refund, the parent gets the credit note by mail and sees it in the
 * history), a paid booking mails the school, and staff download an order's invoice and credit note as PDF.
 */
test.use({ viewport: { width: 1366, height: 768 } });

/** A weekly course bought and paid through the PayPal stand-in by a new parent. */
async function paidCourse(request: Parameters<typeof signedInParent>[0], name: string, childName: string) {
  const parent = await signedInParent(request, name);
  return { parent, ...(await buyWeeklyCourse(request, parent, childName)) };
}

const euroInput = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

test("staff refund half of a paid course: PayPal shows one refund, the parent gets the credit note and sees it in the history", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { parent, paypalId, orderId } = await paidCourse(request, "refund-half", "Nora");
  const staff = await signedInStaff(request);
  const order = await request.get(`/api/v2/admin/orders/${orderId}/?locale=de`, { headers: staff.headers });
  const paid = ((await order.json()) as { items: { paid_cents: number }[] }).items[0]?.paid_cents ?? 0;
  const half = Math.floor(paid / 2);

  await signInToBackOffice(page);
  await page.goto(`/admin/orders/${orderId}/show`);
  const items = page.getByRole("region", { name: "Positionen" });
  await expect(items).toContainText("Nora Muster");
  await items.getByRole("button", { name: "Erstatten oder stornieren" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/Betrag in Euro/).fill(euroInput(half));
  await dialog.getByLabel(/Grund/).fill("Zwei Termine fielen aus");
  await dialog.getByRole("button", { name: "Ausführen" }).click();
  await expect(dialog).toBeHidden();
  const refunds = page.getByRole("region", { name: "Erstattungen" });
  await expect(refunds).toContainText("Zwei Termine fielen aus");
  await expect(refunds).toContainText(/GS-\d{4}-\d{6}/);

  // PayPal (the stand-in) shows exactly one refund, of half the price.
  const atPayPal = await request.get(`${paypalStandInUrl}/stand-in/orders/${paypalId}`);
  expect(await atPayPal.json()).toMatchObject({ refunds: [half], refunded_cents: half });

  // The parent gets the mail with the credit note attached.
  const mail = await newestMail("staff-refund", parent.email);
  expect(mail).toContain("Zwei Termine fielen aus");
  expect(mail).toMatch(/Content-Type: application\/pdf/i);
  expect(mail).toMatch(/GS-\d{4}-\d{6}\.pdf/);

  // The parent's history shows the school's refund and its credit note.
  await dismissCookieModal(page);
  await useSessionInBrowser(page, parent);
  await page.goto("/profile?tab=sales&locale=de");
  const nora = page.getByRole("region", { name: "Buchungen von Nora Muster" });
  await expect(nora.getByText(/Erstattung durch die Schule am/)).toBeVisible();
  await expect(nora.getByRole("button", { name: /Gutschrift GS-\d{4}-\d{6} \(PDF\)/ })).toBeVisible();
});

test("a paid booking mails the school", async ({ request }) => {
  test.setTimeout(90_000);
  const { parent, course, orderId } = await paidCourse(request, "school-mail", "Oskar");
  // Every paid booking of the run goes to the same address, and the mail worker sends the parent's
  // confirmation (with its PDFs) first: wait, bounded, for the notice of this order.
  let mail = "";
  const deadline = Date.now() + 60_000;
  while (!mail.includes("Oskar Muster") && Date.now() < deadline)
    mail = await newestMail("staff-notice", "info@atelier-berlin.example").catch(() => "");
  expect(mail).toContain(`Nr. ${orderId}`);
  expect(mail).toContain("Oskar Muster");
  expect(mail).toContain(course.name);
  expect(mail.toLowerCase()).toContain(parent.email.toLowerCase());
});

test("staff download the invoice and the credit note of an order as PDF", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { orderId } = await paidCourse(request, "staff-pdf", "Pia");
  const staff = await signedInStaff(request);
  const cancelled = await request.post(`/api/v2/admin/orders/${orderId}/refunds/?locale=de`, {
    headers: staff.headers,
    data: {
      request_id: crypto.randomUUID(),
      item: (
        (await (
          await request.get(`/api/v2/admin/orders/${orderId}/?locale=de`, { headers: staff.headers })
        ).json()) as {
          items: { id: number }[];
        }
      ).items[0]?.id,
      amount_cents: 100,
      cancel_item: false,
      reason: "Kulanz",
    },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await signInToBackOffice(page);
  await page.goto(`/admin/orders/${orderId}/show`);
  const documents = page.getByRole("region", { name: "Rechnungen und Gutschriften" });
  for (const prefix of ["RE", "GS"]) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      documents
        .getByRole("button", { name: new RegExp(`PDF herunterladen: ${prefix}-\\d{4}-\\d{6}`) })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${prefix}-\\d{4}-\\d{6}\\.pdf$`));
    expect((await readFile((await download.path()) ?? "")).subarray(0, 5).toString()).toBe("%PDF-");
  }
});

test("staff export the order list as a spreadsheet they can read: German columns, words, euros, Berlin time (D590)", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { orderId } = await paidCourse(request, "export-row", "Ida");
  await signInToBackOffice(page);
  await page.getByRole("menuitem", { name: "Bestellungen" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Exportieren" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Bestellungen.csv");
  const bytes = await readFile(await download.path());
  // A byte order mark and `;`, so German Excel opens it in columns with the umlauts right.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = bytes.toString("utf8").slice(1).trimEnd().split("\r\n");
  const header = rows[0]?.split(";") ?? [];
  expect(header.slice(0, 4)).toEqual(["Nr.", "Status", "Angelegt", "Bezahlt am"]);
  const ours = rows.find((row) => row.startsWith(`${orderId};`))?.split(";") ?? [];
  const cell = (label: string) => ours[header.indexOf(label)];
  expect(cell("Status")).toBe("Bezahlt");
  expect(cell("Angelegt")).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
  expect(cell("Betrag")).toMatch(/^\d+,\d\d\s€$/);
  expect(cell("Kinder")).toBe("Ida Muster");
});
