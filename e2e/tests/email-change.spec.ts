import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { linkIn, newestMail } from "../support/mail.ts";
import { PASSWORD, signInByStorage, uniqueEmail, verifiedUser } from "../support/users.ts";

// D577: a parent moves the account to a new e-mail address from the profile; it moves when the link mailed
// to the new address is opened, and the old address is told.
test("a parent changes the account's e-mail address from the profile and confirms it by the mailed link", async ({
  page,
  request,
  browser,
}) => {
  await dismissCookieModal(page);
  const old = await verifiedUser(request, "umzug", { firstName: "Jelena", lastName: "Wolkowa" });
  await signInByStorage(page, request, old);
  await page.goto("/");
  await page.getByTestId("profile-button").click();
  await page.getByRole("menuitem", { name: "Mein Profil" }).click();
  await expect(page).toHaveURL(/\/profile/);

  const field = page.getByLabel("E-Mail-Adresse", { exact: true });
  await expect(field).toHaveValue(old);
  await expect(page.getByText("Ändern können Sie sie unter „E-Mail-Adresse ändern“.")).toBeVisible();

  const next = uniqueEmail("umzug-neu");
  // As a person types it: capitals and a stray space.
  await page.getByLabel("Neue E-Mail-Adresse").fill(` ${next.replace("umzug", "Umzug")}`);
  await page.getByRole("button", { name: "Link senden" }).click();
  await expect(page.getByTestId("change-email-result")).toHaveText(
    `Wir haben einen Link an ${next} gesendet. Bitte öffnen Sie ihn innerhalb von 24 Stunden und melden Sie sich dabei an, noch mit der bisherigen Adresse; dann ändert sich Ihre Adresse.`,
  );
  // Nothing moved yet.
  await expect(field).toHaveValue(old);

  const link = linkIn(await newestMail("email-change", next), "email_token=");
  // Opened on another device, not signed in there: the page asks to sign in, still with the old address,
  // and confirms the new one right after (D577).
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await phone.newPage();
  await dismissCookieModal(other);
  await other.goto(link);
  const dialog = other.getByRole("dialog", { name: "Anmelden" });
  await expect(dialog).toContainText("Bitte melden Sie sich an, noch mit Ihrer bisherigen E-Mail-Adresse");
  // The one-time values leave the address bar at once.
  await expect(other).not.toHaveURL(/email_token=/);
  await dialog.getByLabel("E-Mail-Adresse").fill(old);
  await dialog.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(other.getByTestId("account-notice")).toHaveText(
    new RegExp(`Ihre E-Mail-Adresse ist jetzt ${next.replace(/[.]/g, "\\.")}\\.`),
  );
  await other.getByTestId("profile-button").click();
  await expect(other.getByRole("menu")).toContainText(next);
  await other.keyboard.press("Escape");

  const told = await newestMail("email-changed", old);
  expect(told).toContain(next);
  const signIn = await request.post("/api/v2/users/sign_in/", { data: { email: next, password: PASSWORD } });
  expect(signIn.status()).toBe(200);

  // The same link once more: said on the page, in the colours of a refusal; nothing changes.
  await other.goto(link);
  await expect(other.getByTestId("account-notice")).toContainText(
    "Dieser Link zum Ändern der E-Mail-Adresse ist ungültig oder abgelaufen.",
  );
  await phone.close();

  // The family calls the school from its old mailbox (D580): staff search the back office's people by that
  // address and find the family under its new one, whose page lists the address it moved off.
  const office = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1366, height: 768 },
  });
  const staff = await office.newPage();
  await staff.addInitScript(() => localStorage.setItem("atelier-admin-locale", "de"));
  await staff.goto("/admin");
  await staff.locator('input[name="username"]').fill(process.env.E2E_ADMIN_EMAIL ?? "");
  await staff.locator('input[name="password"]').fill(process.env.E2E_ADMIN_PASSWORD ?? "");
  await staff.locator('button[type="submit"]').click();
  await staff.getByRole("menuitem", { name: "Personen", exact: true }).click();
  await staff.getByLabel("Name, E-Mail oder Telefon").fill(old.toUpperCase());
  await expect(staff).toHaveURL(/filter=/);
  const rows = staff.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(next);
  await rows.first().locator("td").first().click();
  await expect(staff).toHaveURL(/\/admin\/people\/\d+\/show$/);
  await expect(staff.getByText("Frühere E-Mail-Adressen", { exact: true })).toBeVisible();
  await expect(staff.getByRole("listitem").filter({ hasText: old })).toHaveText(
    new RegExp(`^${old.replace(/[.]/g, "\\.")} \\(bis \\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2}\\)$`),
  );
  await office.close();
});
