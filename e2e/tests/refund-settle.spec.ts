import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { buyWeeklyCourse, paypalStandInUrl } from "../support/orders.ts";
import { signedInParent, useSessionInBrowser } from "../support/parents.ts";
import { signedInStaff, signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * A refund PayPal refused, settled by staff from the order (D565) at 1366 px: the parent withdraws a course
 * while the school's PayPal balance is too low, so the refund fails at once. Once the balance is topped up,
 * staff find the order in the list, read PayPal's refusal and try again; PayPal (the stand-in) answers a
 * repeated request id with its first refusal, so the new try must ask with an id of its own.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test("staff try a refund PayPal refused again from the order, and the money goes back once", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const parent = await signedInParent(request, "refund-refused");
  const { course, paypalId, orderId } = await buyWeeklyCourse(request, parent, "Ida");
  const staff = await signedInStaff(request);
  const order = await request.get(`/api/v2/admin/orders/${orderId}/?locale=de`, { headers: staff.headers });
  const item = ((await order.json()) as { items: { id: number; paid_cents: number }[] }).items[0];
  if (!item) throw new Error("no item");

  // PayPal refuses refunds of this payment while the school's balance is too low.
  expect((await request.post(`${paypalStandInUrl}/stand-in/refuse-refunds/${paypalId}`)).status()).toBe(204);
  const withdrawn = await request.post(`/api/v2/orders/items/${item.id}/withdraw/?locale=de`, {
    headers: parent.headers,
  });
  expect(withdrawn.status(), await withdrawn.text()).toBe(200);
  expect(((await withdrawn.json()) as { withdrawal: { refund_state: string } }).withdrawal.refund_state).toBe(
    "failed",
  );
  // The school tops its balance up.
  expect((await request.delete(`${paypalStandInUrl}/stand-in/refuse-refunds/${paypalId}`)).status()).toBe(
    204,
  );

  await signInToBackOffice(page);
  await page.getByRole("menuitem", { name: "Bestellungen" }).click();
  await page.getByLabel("Suche (Name, E-Mail, Kind, Nr.)").fill(parent.email);
  // The search applies after a pause in typing: wait for it, or it would take the list back over the order.
  await expect(page).toHaveURL(/filter=.*refund-refused/);
  const row = page.locator("tbody tr").filter({ hasText: "Braucht Bearbeitung" });
  await expect(row).toHaveCount(1);
  await row.locator("td").first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}/show$`));

  const refunds = page.getByRole("region", { name: "Erstattungen" });
  await expect(refunds).toContainText("Fehlgeschlagen");
  await refunds
    .getByRole("button", { name: `Erledigen (fehlgeschlagene Erstattung für ${course.name})` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Fehlgeschlagene Erstattung erledigen" });
  await expect(dialog).toContainText("REFUND_FAILED_INSUFFICIENT_FUNDS");
  // Only noting a refund made by hand needs a note; trying again does not.
  await dialog.getByRole("radio", { name: /Erneut versuchen/ }).check();
  await dialog.getByRole("button", { name: "Ausführen" }).click();
  await expect(dialog).toBeHidden();
  await expect(refunds).toContainText("Erstattet");
  await expect(refunds.getByRole("button", { name: /^Erledigen/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText("Braucht Bearbeitung");

  // PayPal shows exactly one refund, of the whole course.
  const atPayPal = await request.get(`${paypalStandInUrl}/stand-in/orders/${paypalId}`);
  expect(await atPayPal.json()).toMatchObject({
    refunds: [item.paid_cents],
    refunded_cents: item.paid_cents,
  });
});

test("the family and staff read that a refund PayPal took as pending is not paid out yet", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const parent = await signedInParent(request, "refund-pending");
  const { paypalId, orderId } = await buyWeeklyCourse(request, parent, "Mila");
  const staff = await signedInStaff(request);
  const order = await request.get(`/api/v2/admin/orders/${orderId}/?locale=de`, { headers: staff.headers });
  const item = ((await order.json()) as { items: { id: number }[] }).items[0];
  if (!item) throw new Error("no item");

  // The school's PayPal balance is too low: PayPal takes the refund and pays it from the bank (D570).
  expect((await request.post(`${paypalStandInUrl}/stand-in/pending-refunds/${paypalId}`)).status()).toBe(204);
  const withdrawn = await request.post(`/api/v2/orders/items/${item.id}/withdraw/?locale=de`, {
    headers: parent.headers,
  });
  expect(withdrawn.status(), await withdrawn.text()).toBe(200);
  expect((await request.delete(`${paypalStandInUrl}/stand-in/pending-refunds/${paypalId}`)).status()).toBe(
    204,
  );

  // The family reads it in progress, not paid out (D573): from the shop's page, the profile menu's history.
  await dismissCookieModal(page);
  await useSessionInBrowser(page, parent);
  await page.goto("/?locale=de");
  await page.getByTestId("profile-button").click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Verlauf" }).click();
  const mila = page.getByRole("region", { name: "Buchungen von Mila Muster" });
  await expect(mila.getByText(/Widerrufen am .+\d{4}/)).toContainText(
    /Erstattung von [\d,]+\s€ in Bearbeitung/,
  );
  await expect(mila.getByText(/ erstattet/)).toHaveCount(0);

  await signInToBackOffice(page);
  await page.getByRole("menuitem", { name: "Bestellungen" }).click();
  await page.getByLabel("Suche (Name, E-Mail, Kind, Nr.)").fill(parent.email);
  await expect(page).toHaveURL(/filter=.*refund-pending/);
  const row = page.locator("tbody tr");
  await expect(row).toHaveCount(1);
  await row.locator("td").first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}/show$`));
  const refunds = page.getByRole("region", { name: "Erstattungen" });
  await expect(refunds).toContainText("Erstattung beim Zahlungsdienst noch in Bearbeitung");
  await expect(refunds.getByRole("button", { name: /^Erledigen/ })).toHaveCount(0);
});
