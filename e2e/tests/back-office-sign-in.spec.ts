import { expect, test } from "../support/fixtures.ts";

/**
 * The back office's sign-in as the office manager meets it (issue 29, D232), at 1366 px: the fields are
 * "E-Mail" and "Passwort" (ru: «Электронная почта», «Пароль»); a wrong password of any shape is told as
 * wrong credentials in the chosen language, never as a password rule; the right one signs in. Russian is
 * chosen on the sign-in page itself.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const TEXTS = {
  de: {
    email: "E-Mail",
    password: "Passwort",
    wrong: "Anmeldung mit diesen Zugangsdaten nicht möglich.",
    menu: "Anwesenheit",
    rules: /Großbuchstabe|Kleinbuchstabe|Ziffer|Mindestens/,
  },
  ru: {
    email: "Электронная почта",
    password: "Пароль",
    wrong: "Невозможно войти с предоставленными учётными данными.",
    menu: "Посещаемость",
    rules: /заглавн|строчн|цифр|Не менее/,
  },
} as const;

for (const locale of ["de", "ru"] as const) {
  test(`sign-in asks for the e-mail and the password and tells a wrong password as such (${locale})`, async ({
    page,
  }) => {
    const texts = TEXTS[locale];
    // The browser's language is English, so the sign-in comes in German; a Russian reader switches it
    // there, before signing in (D495).
    await page.goto("/admin");
    if (locale === "ru") await page.getByRole("button", { name: "Русский" }).click();
    const email = page.getByLabel(texts.email);
    const password = page.getByLabel(texts.password, { exact: false }).and(page.locator("input"));
    await expect(email).toBeVisible();
    await expect(page.getByText(/Nutzername|Имя пользователя/)).toHaveCount(0);

    await email.fill(process.env.E2E_STAFF_EMAIL ?? "");
    // All small letters, no digit: wrong, and no password rule is quoted back.
    await password.fill("falsches passwort");
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText(texts.wrong)).toBeVisible();
    await expect(page.getByText(texts.rules)).toHaveCount(0);

    await password.fill(process.env.E2E_STAFF_PASSWORD ?? "");
    await page.locator('button[type="submit"]').click();
    await expect(page.getByRole("menuitem", { name: texts.menu })).toBeVisible();
  });
}
