import { expect, test } from "../support/fixtures.ts";
import { PASSWORD, verifiedUser } from "../support/users.ts";

/**
 * The printed admin (D240) makes a parent a staff member on the person's page (D241); the new staff member
 * changes the password under "Mein Konto" in the user menu and signs in with the new one (D242). 1366 px.
 */
test.use({ viewport: { width: 1366, height: 768 } });

async function signIn(page: import("@playwright/test").Page, email: string, password: string) {
  await page.goto("/admin");
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByRole("menuitem", { name: "Anwesenheit" })).toBeVisible();
}

async function signOut(page: import("@playwright/test").Page) {
  await page.getByRole("button", { name: "Profil" }).click();
  await page.getByRole("menuitem", { name: "Abmelden" }).click();
  await expect(page.locator('input[name="username"]')).toBeVisible();
}

test("the printed admin grants the staff role; the staff member changes the password in 'Mein Konto'", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.addInitScript(() => localStorage.setItem("atelier-admin-locale", "de"));
  const email = await verifiedUser(request, "neu-im-team", { firstName: "Nora", lastName: "Neu" });
  const adminSignIn = await request.post("/api/v2/users/sign_in/?locale=de", {
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  expect(adminSignIn.status()).toBe(200);
  const adminKey = ((await adminSignIn.json()) as { key: string }).key;
  const found = await request.get(
    `/api/v2/admin/people/?filter=${encodeURIComponent(JSON.stringify({ q: email }))}&locale=de`,
    { headers: { Authorization: `Token ${adminKey}` } },
  );
  const [person] = (await found.json()) as { id: number }[];
  expect(person).toBeDefined();

  await signIn(page, process.env.E2E_ADMIN_EMAIL ?? "", process.env.E2E_ADMIN_PASSWORD ?? "");
  await page.goto(`/admin/people/${person?.id}/show`);
  await page.getByLabel("Rolle").click();
  // Admins grant every role, admin too (D241).
  await expect(page.getByRole("option", { name: "Admin", exact: true })).toBeVisible();
  // A teacher's role without the record they teach as is refused at that field, not only in a toast (D604).
  await page.getByRole("option", { name: /^Lehrkraft/ }).click();
  await page.getByRole("button", { name: "Rolle speichern" }).click();
  const teachesAs = page.locator(".MuiFormControl-root", { has: page.getByText("Unterrichtet als") });
  await expect(teachesAs.locator(".Mui-error", { hasText: "Dieses Feld ist erforderlich." })).toBeVisible();
  // The browser logs that refusal (a 400) as an error of its own; it was asked for.
  errors.length = 0;
  await page.getByLabel("Rolle").click();
  await page.getByRole("option", { name: "Mitarbeiter/in" }).click();
  await page.getByRole("button", { name: "Rolle speichern" }).click();
  await expect(page.getByText("Rolle gespeichert.")).toBeVisible();
  await signOut(page);

  await signIn(page, email, PASSWORD);
  await page.getByRole("button", { name: "Profil" }).click();
  await page.getByRole("menuitem", { name: "Mein Konto" }).click();
  await expect(page.getByRole("heading", { name: "Mein Konto" })).toBeVisible();
  await page.getByLabel("Aktuelles Passwort").fill(PASSWORD);
  await page.getByLabel(/^Neues Passwort\s*\*?$/).fill("Neues-Team-Pass-9");
  await page.getByLabel("Neues Passwort wiederholen").fill("Neues-Team-Pass-9");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByText("Ihr neues Passwort wurde gespeichert.")).toBeVisible();
  await signOut(page);

  // The old password no longer opens the back office; the new one does.
  const old = await request.post("/api/v2/users/sign_in/?locale=de", { data: { email, password: PASSWORD } });
  expect(old.status()).toBe(400);
  await signIn(page, email, "Neues-Team-Pass-9");
  expect(errors).toEqual([]);
});

test("the admin finds the school's settings in the menu, in German and Russian, and saves the tax number", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.addInitScript(() => localStorage.setItem("atelier-admin-locale", "de"));
  await signIn(page, process.env.E2E_ADMIN_EMAIL ?? "", process.env.E2E_ADMIN_PASSWORD ?? "");
  await page.getByRole("menuitem", { name: "Schuldaten" }).click();
  await expect(page.getByText("Rechnungssteller (auf Rechnungen und Gutschriften)")).toBeVisible();
  await expect(
    page.getByText("Die Steuernummer vom Finanzamt oder die Umsatzsteuer-Identifikationsnummer."),
  ).toBeVisible();
  const taxId = page.getByLabel(/Steuernummer oder USt-IdNr\./);
  const before = await taxId.inputValue();
  await taxId.fill("27/000/00000");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText(/Zuletzt gespeichert am/)).toBeVisible();
  await expect(taxId).toHaveValue("27/000/00000");
  // Back to what the other journeys' invoices show.
  await taxId.fill(before);
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(taxId).toHaveValue(before);
  await expect(page.getByRole("button", { name: "Speichern" })).toBeDisabled();

  await page.evaluate(() => localStorage.setItem("atelier-admin-locale", "ru"));
  await page.addInitScript(() => localStorage.setItem("atelier-admin-locale", "ru"));
  await page.reload();
  await expect(page.getByRole("menuitem", { name: "Данные школы" })).toBeVisible();
  await expect(page.getByLabel(/Наименование продавца в счетах/)).toBeVisible();
  await expect(page.getByText(/Последнее сохранение:/)).toBeVisible();
  expect(errors).toEqual([]);
});
