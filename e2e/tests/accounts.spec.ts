import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { severeFindings } from "../support/axe.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { linkIn, newestMail } from "../support/mail.ts";
import { startOAuthStandIn } from "../support/oauth-stand-in.ts";
import { PASSWORD, uniqueEmail, verifiedUser } from "../support/users.ts";

async function openEmailSignIn(page: Page) {
  await page.getByTestId("sign-in-button").click();
  const dialog = page.getByRole("dialog", { name: "Anmelden" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Mit E-Mail anmelden" }).click();
  return dialog;
}

async function signIn(page: Page, email: string, password: string) {
  const dialog = page.getByRole("dialog", { name: "Anmelden" });
  await dialog.getByLabel("E-Mail-Adresse").fill(email);
  await dialog.getByLabel("Passwort", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Anmelden", exact: true }).click();
}

test.describe("accounts", () => {
  test.beforeEach(async ({ page }) => dismissCookieModal(page));

  test("sign up (signed in at once, D166), confirm the e-mail through the mail's link and see the profile menu", async ({
    page,
  }) => {
    const email = uniqueEmail("signup");
    await page.goto("/");
    let dialog = await openEmailSignIn(page);
    await dialog.getByRole("button", { name: /Registrieren/ }).click();
    dialog = page.getByRole("dialog", { name: "Registrierung" });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel("Vorname").fill("Anna");
    await dialog.getByLabel("Nachname").fill("Muster");
    await dialog.getByLabel("E-Mail-Adresse").fill(email);
    const phone = dialog.getByLabel("Telefonnummer", { exact: true });
    // Spec §2: Germany with +49 prefilled; only a leading plus and digits are kept.
    await expect(phone).toHaveValue("+49");
    // Phone numbers are unique per account: a fresh one for every run.
    const digits = String(Date.now()).slice(-8);
    await phone.fill(`+49 (30) ${digits.slice(0, 4)}-${digits.slice(4)}`);
    await expect(phone).toHaveValue(`+4930${digits}`);

    const submit = dialog.getByRole("button", { name: "Registrieren", exact: true });
    await expect(submit).toBeDisabled();
    const password = dialog.getByLabel("Passwort", { exact: true });
    await password.fill("geheim");
    const checklist = dialog.getByTestId("password-checklist");
    await expect(checklist).toContainText("einen Großbuchstaben");
    await expect(checklist).toContainText("eine Ziffer");
    await expect(checklist).not.toContainText("einen Kleinbuchstaben");
    await password.fill(PASSWORD);
    await expect(checklist).toBeHidden();
    // The show/hide toggle.
    const toggle = dialog.getByRole("button", { name: "Passwort anzeigen", exact: true });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");
    await dialog.getByLabel("Passwort wiederholen").fill(PASSWORD);
    // The draft is kept without the passwords.
    const draft = await page.evaluate(() => localStorage.getItem("signUpCredentials"));
    expect(JSON.parse(draft ?? "{}")).toMatchObject({ email, first_name: "Anna" });
    expect(draft).not.toContain(PASSWORD);

    await expect(submit).toBeEnabled();
    await submit.click();
    // Registered and signed in at once (D166); the dialog says where the link went.
    await expect(dialog.getByTestId("verify-email")).toContainText(email);
    await page.keyboard.press("Escape");

    // The link opens the page the parent registered on and signs that browser in (D167).
    const link = linkIn(await newestMail("verify-email", email), "verify_token=");
    await page.goto(link);
    await expect(page.getByTestId("account-notice")).toContainText("bestätigt");
    // The one-time values leave the address; the locale stays.
    await expect(page).not.toHaveURL(/verify_token=/);
    await expect(page).toHaveURL(/locale=de/);
    const token = await page.evaluate(() => localStorage.getItem("odev-token"));
    expect(token).toBeTruthy();
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem("user"))) ?? "{}");
    expect(user).toMatchObject({ email, first_name: "Anna" });
    expect(user.pk).toBeTruthy();

    await page.getByTestId("profile-button").click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText("Anna Muster");
    await expect(menu).toContainText(email);
    await expect(menu.getByRole("menuitem", { name: "Kinder" })).toHaveAttribute("href", /tab=visitors/);
    await expect(menu.getByRole("menuitem", { name: "Workshops" })).toHaveAttribute("href", /tab=workshops/);
    await expect(menu.getByRole("menuitem", { name: "Verlauf" })).toHaveAttribute("href", /tab=sales/);
    await menu.getByRole("menuitem", { name: "Mein Profil" }).click();
    await expect(page).toHaveURL(/\/profile\?/);
    // On /profile the menu hides the profile links.
    await page.getByTestId("profile-button").click();
    await expect(page.getByRole("menu").getByRole("menuitem", { name: "Kinder" })).toHaveCount(0);
    await expect(page.getByRole("menu").getByRole("menuitem", { name: "Abmelden" })).toBeVisible();
  });

  test("a wrong password shows the wrong-credentials message for 2 seconds", async ({ page, request }) => {
    const email = await verifiedUser(request, "wrong");
    await page.goto("/");
    await openEmailSignIn(page);
    await signIn(page, email, "Falsch123");
    const message = page.getByText("E-Mail-Adresse oder Passwort ist falsch.");
    await expect(message).toBeVisible();
    const shownAt = Date.now();
    await expect(message).toBeHidden({ timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1_000);
    await expect(page.getByTestId("sign-in-button")).toBeVisible();
  });

  test("signing in before confirming the e-mail offers to resend the verification mail", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("unverified");
    const signUp = await request.post("/api/v2/users/sign_up/?locale=de", {
      data: {
        email,
        phone_number: `+49302${String(Date.now()).slice(-7)}`,
        password1: PASSWORD,
        password2: PASSWORD,
        first_name: "Ute",
        last_name: "Unbestätigt",
      },
    });
    expect(signUp.status()).toBe(201);
    await page.goto("/");
    const dialog = await openEmailSignIn(page);
    await signIn(page, email, PASSWORD);
    await expect(
      dialog.getByText("Ihre E-Mail-Adresse ist noch nicht bestätigt.", { exact: false }),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "Bestätigungs-E-Mail erneut senden" }).click();
    await expect(dialog.getByText("Die Bestätigungs-E-Mail wurde erneut gesendet.")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("odev-token"))).toBeNull();
  });

  test("a forgotten password: mail, new password, sign in with it", async ({ page, request }) => {
    const email = await verifiedUser(request, "reset");
    await page.goto("/");
    const dialog = await openEmailSignIn(page);
    await dialog.getByRole("button", { name: "Passwort vergessen?" }).click();
    const restore = page.getByRole("dialog", { name: "Passwort wiederherstellen" });
    await restore.getByLabel("E-Mail-Adresse").fill(email);
    await restore.getByRole("button", { name: "Link senden" }).click();
    await expect(restore.getByTestId("restore-success")).toBeVisible();
    await expect(restore.getByLabel("E-Mail-Adresse")).toHaveCount(0);

    const link = linkIn(await newestMail("password-reset", email), "token=");
    await page.goto(link);
    const confirm = page.getByRole("dialog", { name: "Passwort wiederherstellen" });
    const newPassword = "Neues456Pw";
    await confirm.getByLabel("Neues Passwort").fill(newPassword);
    await confirm.getByLabel("Passwort wiederholen").fill(newPassword);
    await confirm.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(confirm.getByTestId("reset-done")).toBeVisible();
    await expect(page).not.toHaveURL(/token=/);
    await confirm.getByRole("button", { name: "Zur Anmeldung" }).click();

    await signIn(page, email, newPassword);
    await expect(page.getByTestId("profile-button")).toBeVisible();
  });

  test("logout revokes the token, clears local storage and goes home", async ({ page, request }) => {
    const email = await verifiedUser(request, "logout");
    await page.goto("/courses");
    await openEmailSignIn(page);
    await signIn(page, email, PASSWORD);
    await expect(page.getByTestId("profile-button")).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem("odev-token"));

    await page.getByTestId("profile-button").click();
    await page.getByRole("menuitem", { name: "Abmelden" }).click();
    await expect(page.getByTestId("sign-in-button")).toBeVisible();
    await expect(page).toHaveURL(/\/\?locale=de$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const me = await request.get("/api/v2/users/me/", { headers: { Authorization: `Token ${token}` } });
    expect(me.status()).toBe(401);
  });

  test("a sign-in ended elsewhere: the cart asks to sign in again instead of failing (D539)", async ({
    page,
    request,
  }) => {
    const email = await verifiedUser(request, "ended");
    await page.goto("/courses");
    await openEmailSignIn(page);
    await signIn(page, email, PASSWORD);
    await expect(page.getByTestId("profile-button")).toBeVisible();
    // The session ends on the server (a password change on another device ends every other one).
    const token = await page.evaluate(() => localStorage.getItem("odev-token"));
    const ended = await request.post("/api/v2/users/logout/", {
      headers: { Authorization: `Token ${token}` },
    });
    expect(ended.status()).toBe(204);

    // The parent opens the cart from the header, as they would.
    await page
      .getByRole("link", { name: /Warenkorb/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Anmelden" });
    await expect(dialog.getByTestId("auth-notice")).toHaveText(
      "Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.",
    );
    // The page is a guest's now, not "please reload": the header offers the sign-in.
    await expect(
      page.getByText("Der Warenkorb konnte gerade nicht geladen werden", { exact: false }),
    ).toHaveCount(0);
    await dialog.getByRole("button", { name: "Mit E-Mail anmelden" }).click();
    await signIn(page, email, PASSWORD);
    await expect(page.getByTestId("profile-button")).toBeVisible();
  });

  test("the profile page saves the profile info and changes the password", async ({ page, request }) => {
    const email = await verifiedUser(request, "profile");
    await page.goto("/");
    await openEmailSignIn(page);
    await signIn(page, email, PASSWORD);
    await page.getByTestId("profile-button").click();
    await page.getByRole("menuitem", { name: "Verlauf" }).click();
    await expect(page).toHaveURL(/\/profile\?.*tab=sales/);
    await expect(page.getByRole("tab", { name: "Verlauf" })).toHaveAttribute("aria-selected", "true");

    await page.getByLabel("Ort", { exact: true }).fill("Potsdam");
    await page.getByLabel("Firma", { exact: true }).fill("Atelier GmbH");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByTestId("profile-info-result")).toContainText("gespeichert");
    await page.reload();
    await expect(page.getByLabel("Ort", { exact: true })).toHaveValue("Potsdam");
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("user"))) ?? "{}");
    expect(stored).toMatchObject({ city: "Potsdam", company_name: "Atelier GmbH" });

    const changed = "Anders789X";
    await page.getByLabel("Neues Passwort", { exact: true }).fill(changed);
    await page.getByLabel("Neues Passwort wiederholen").fill(changed);
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(page.getByTestId("change-password-result")).toContainText("gespeichert");
    const again = await request.post("/api/v2/users/sign_in/", { data: { email, password: changed } });
    expect(again.status()).toBe(200);

    // What the school holds about the family, as one file (Art. 15 and 20 GDPR, D560), the saved city in it.
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Meine Daten herunterladen" }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^atelier-meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
    const held = JSON.parse(readFileSync((await file.path()) ?? "", "utf8")) as {
      account: { email: string; city: string };
    };
    expect(held.account).toMatchObject({ email, city: "Potsdam" });
  });

  for (const provider of [
    { name: "Google", button: "Mit Google anmelden", given: "Gina" },
    { name: "Facebook", button: "Mit Facebook anmelden", given: "Fiona" },
  ]) {
    test(`${provider.name} sign-in opens the provider in a new tab and signs this tab in`, async ({
      page,
      context,
    }) => {
      const email = uniqueEmail(provider.name.toLowerCase());
      const standIn = await startOAuthStandIn(Number(process.env.E2E_OAUTH_PORT), {
        sub: `${provider.name}-${Date.now()}`,
        email,
        given_name: provider.given,
        family_name: provider.name,
      });
      try {
        await page.goto("/");
        await page.getByTestId("sign-in-button").click();
        const dialog = page.getByRole("dialog", { name: "Anmelden" });
        const button = dialog.getByRole("button", { name: provider.button });
        await expect(button).toBeEnabled();
        const [providerTab] = await Promise.all([context.waitForEvent("page"), button.click()]);
        // The provider sends the new tab back to the shop, which exchanges the code and drops it from the URL.
        await expect(providerTab.getByTestId("profile-button")).toBeVisible();
        await expect(providerTab).not.toHaveURL(/code=/);
        await expect(providerTab).toHaveURL(/locale=de/);
        // This tab follows through local storage: signed in, dialog closed.
        await expect(page.getByTestId("profile-button")).toBeVisible();
        await expect(dialog).toBeHidden();
        await page.getByTestId("profile-button").click();
        await expect(page.getByRole("menu")).toContainText(`${provider.given} ${provider.name}`);
        await expect(page.getByRole("menu")).toContainText(email);
      } finally {
        standIn.close();
      }
    });
  }

  test("an SSO code without this browser's state is not exchanged", async ({ page }) => {
    await page.goto("/?sso_provider=google&code=forged&state=nope");
    await expect(page.getByTestId("auth-notice")).toContainText("fehlgeschlagen");
    await expect(page).not.toHaveURL(/code=/);
    expect(await page.evaluate(() => localStorage.getItem("odev-token"))).toBeNull();
  });

  test("the sign-in and registration steps are accessible", async ({ page }) => {
    await page.goto("/?locale=ru");
    await page.getByTestId("sign-in-button").click();
    const check = async () => {
      expect(await severeFindings(page, "sign-in dialog", '[data-testid="auth-dialog"]')).toEqual([]);
    };
    await expect(page.getByRole("dialog", { name: "Вход" })).toBeVisible();
    await check();
    await page.getByRole("button", { name: "Войти по электронной почте" }).click();
    await page.getByRole("button", { name: /Зарегистрироваться/ }).click();
    await expect(page.getByRole("dialog", { name: "Регистрация" })).toBeVisible();
    await page.getByTestId("phone-country").click();
    await expect(page.getByRole("listbox")).toBeVisible();
    await check();
  });

  test("/profile asks a guest to sign in", async ({ page }) => {
    await page.goto("/profile");
    await expect(page.getByRole("dialog", { name: "Anmelden" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("main").getByRole("button", { name: "Anmelden" })).toBeVisible();
  });
});

for (const locale of ["de", "ru"]) {
  test(`a first visit to /login (${locale}) asks for the cookie choice, then opens the sign-in dialog by itself`, async ({
    page,
  }) => {
    // The accessibility walk reaches /login by the shop's own navigation (D481); a link to it from
    // elsewhere loads it, with the server's page and the cookie modal of a first visit.
    await page.goto(`/login?locale=${locale}`);
    const modal = page.getByTestId("cookie-modal");
    const signIn = page.getByTestId("auth-dialog");
    await expect(modal).toBeVisible();
    await expect(signIn).toHaveCount(0);
    await page.getByTestId("cookie-accept-essential").click();
    await expect(modal).toBeHidden();
    await expect(signIn).toBeVisible();
    expect(await severeFindings(page, `/login (${locale}): sign-in dialog`)).toEqual([]);
  });
}
