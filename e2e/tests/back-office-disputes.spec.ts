import { expect, test } from "../support/fixtures.ts";
import { buyWeeklyCourse, paypalStandInUrl, paypalWebhook } from "../support/orders.ts";
import { signedInParent } from "../support/parents.ts";
import { signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * A payment taken back after the sale (D661, D662), as staff meet it at 1366 px: the family disputes a paid
 * course at PayPal and PayPal decides for the buyer. Staff find the order from the menu under "Braucht
 * Bearbeitung", read what happened and what to do, and mark the case decided with a note; the order then
 * no longer needs them.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test("a PayPal dispute the school lost: staff find the order needing them, read what to do and mark it decided", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const parent = await signedInParent(request, "dispute-lost");
  const { paypalId, orderId } = await buyWeeklyCourse(request, parent, "Greta");
  // PayPal posts the case as it opens and as it is decided; its resource names the order's capture.
  for (const [eventType, query] of [
    ["CUSTOMER.DISPUTE.CREATED", "status=WAITING_FOR_SELLER_RESPONSE"],
    ["CUSTOMER.DISPUTE.RESOLVED", "status=RESOLVED&outcome=RESOLVED_BUYER_FAVOUR"],
  ] as const) {
    const resource = await request.post(`${paypalStandInUrl}/stand-in/disputes/${paypalId}?${query}`);
    expect(resource.status()).toBe(200);
    await paypalWebhook(request, eventType, await resource.json());
  }

  await signInToBackOffice(page);
  await page.getByRole("menuitem", { name: "Bestellungen" }).click();
  await page.getByLabel("Suche (Name, E-Mail, Kind, Nr.)").fill(parent.email);
  await expect(page).toHaveURL(/filter=/);
  const row = page.locator("tbody tr").filter({ hasText: "Braucht Bearbeitung" });
  await expect(row).toHaveCount(1);
  await row.locator("td").first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}/show$`));

  const disputes = page.getByRole("region", { name: "Angefochtene und zurückgebuchte Zahlungen" });
  await expect(disputes).toContainText("zugunsten des Käufers entschieden");
  await disputes.getByRole("button", { name: /^Als erledigt markieren \(Fall vom / }).click();
  const dialog = page.getByRole("dialog", { name: "Verlorenen Fall als erledigt markieren" });
  // A lost PayPal case takes no money itself (PayPal moves it by a reversal): no "0,00 € zurückgebucht".
  await expect(dialog).not.toContainText(/(^|\s)0,00\s€/);
  // The note is required: without it the dialog says so and stays.
  await dialog.getByRole("button", { name: "Ausführen" }).click();
  await expect(dialog).toContainText("Bitte schreiben Sie kurz, was entschieden wurde.");
  await dialog.getByLabel(/Notiz für das Protokoll/).fill("Familie überweist den Betrag erneut");
  await dialog.getByRole("button", { name: "Ausführen" }).click();
  await expect(dialog).toBeHidden();
  // Focus is where the decided case is read, not lost on the page's body.
  await expect(disputes.getByRole("heading", { level: 2 })).toBeFocused();
  await expect(disputes.getByRole("button", { name: /^Als erledigt markieren/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText("Braucht Bearbeitung");
});
