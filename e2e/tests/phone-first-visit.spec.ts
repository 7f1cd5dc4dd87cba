import type { Locator, Page } from "@playwright/test";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { newestMail } from "../support/mail.ts";
import { PASSWORD, uniqueEmail, verifiedUser } from "../support/users.ts";

// Issue 11: a parent on a phone, in German and in Russian, keyboard only where it says so.
test.use({ viewport: { width: 390, height: 844 } });

const TEXTS = {
  de: {
    acceptAll: "Alle akzeptieren",
    menu: "Menü",
    cookieSettings: "Cookie-Einstellungen",
    signIn: "Anmelden",
    dialog: "Anmelden",
    email: "E-Mail-Adresse",
    wrongPassword: "E-Mail-Adresse oder Passwort ist falsch.",
    confirmed: "bestätigt",
    callbackForm: "Rückruf anfordern",
    fields: { first: "Vorname", last: "Nachname", email: "E-Mail-Adresse", phone: "Telefonnummer" },
    comment: "Ihre Nachricht",
    submit: "Absenden",
    mailHeading: "Vielen Dank für Ihre Anfrage",
    mailHello: "Hallo Maria,",
    mailHeader: "Atelier – Kunst- und Sprachschule Berlin",
  },
  ru: {
    acceptAll: "Принять все",
    menu: "Меню",
    cookieSettings: "Настройки cookie",
    signIn: "Войти",
    dialog: "Вход",
    email: "Адрес электронной почты",
    wrongPassword: "Неверный адрес электронной почты или пароль.",
    confirmed: "подтвержд",
    callbackForm: "Заказать обратный звонок",
    fields: { first: "Имя", last: "Фамилия", email: "Адрес эл. почты", phone: "Номер телефона" },
    comment: "Ваше сообщение",
    submit: "Отправить",
    mailHeading: "Спасибо за ваш запрос",
    mailHello: "Здравствуйте, Maria!",
    mailHeader: "«Ателье» – школа искусств и языков в Берлине",
  },
} as const;

/** The whole element is inside the window (nothing cut off at the bottom or the sides). */
async function expectFullyOnScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, "element has a box").not.toBeNull();
  if (!box || !viewport) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
}

for (const locale of ["de", "ru"] as const) {
  const t = TEXTS[locale];

  test.describe(`a parent on a phone (${locale})`, () => {
    test("the cookie modal shows every button on a small phone and starts at the first choice", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 667 });
      await page.goto(`/?locale=${locale}`);
      const modal = page.getByTestId("cookie-modal");
      await expect(modal).toBeVisible();
      for (const id of ["cookie-save", "cookie-accept-essential", "cookie-accept-all"]) {
        await expectFullyOnScreen(page, modal.getByTestId(id));
      }
      await expect(modal.getByRole("button", { name: t.acceptAll })).toBeVisible();
      await expect(modal.getByTestId("cookie-statistics")).toBeFocused();
      await expect(modal.getByRole("link", { name: /PDF/ })).toHaveAttribute(
        "href",
        locale === "ru" ? "/docs/cookies.ru.pdf" : "/docs/cookies.pdf",
      );
    });

    test("the footer link reopens the cookie modal with the choice made, and withdrawing is one click", async ({
      page,
    }) => {
      await page.goto(`/?locale=${locale}`);
      await page.getByTestId("cookie-accept-all").click();
      await expect(page.getByTestId("cookie-modal")).toBeHidden();

      const settings = page.getByRole("contentinfo").getByRole("button", { name: t.cookieSettings });
      await settings.click();
      const modal = page.getByTestId("cookie-modal");
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId("cookie-statistics")).toBeChecked();
      await expect(modal.getByTestId("cookie-external-media")).toBeChecked();
      await expectFullyOnScreen(page, modal.getByTestId("cookie-accept-essential"));

      await modal.getByTestId("cookie-accept-essential").click();
      await expect(modal).toBeHidden();
      await expect(settings).toBeFocused();
      const consent = await page.evaluate(() => localStorage.getItem("cookie-consent"));
      expect(JSON.parse(consent ?? "{}")).toMatchObject({ statistics: false, externalMedia: false });
    });

    test("on a first visit to /profile the cookie modal comes first, then the sign-in dialog", async ({
      page,
    }) => {
      await page.goto(`/profile?locale=${locale}`);
      const modal = page.getByTestId("cookie-modal");
      await expect(modal).toBeVisible();
      await expect(page.getByTestId("auth-dialog")).toHaveCount(0);
      await modal.getByTestId("cookie-accept-essential").click();
      await expect(modal).toBeHidden();
      const dialog = page.getByRole("dialog", { name: t.dialog });
      await expect(dialog).toBeVisible();
      await expect(page.getByTestId("sign-in-with-email")).toBeFocused();
    });

    test("signs in by keyboard only: focus into the e-mail field, Escape back to the button", async ({
      page,
      request,
    }) => {
      const email = await verifiedUser(request, `keyboard-${locale}`);
      await dismissCookieModal(page);
      await page.goto(`/?locale=${locale}`);
      const button = page.getByTestId("sign-in-button");
      await expect(button).toHaveText(t.signIn);
      // Enabled once the app has taken over the server-rendered page (D86).
      await expect(button).toBeEnabled();
      await button.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: t.dialog });
      await expect(dialog).toBeVisible();
      await expect(page.getByTestId("sign-in-with-email")).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(dialog.getByLabel(t.email)).toBeFocused();

      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();

      await page.keyboard.press("Enter");
      await expect(page.getByTestId("sign-in-with-email")).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(dialog.getByLabel(t.email)).toBeFocused();
      await page.keyboard.type(email);
      await page.keyboard.press("Tab");
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press("Enter");
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("profile-button")).toBeVisible();
    });

    test("a wrong password after the e-mail confirmation shows only the error, not the stale note", async ({
      page,
      request,
    }) => {
      const email = await verifiedUser(request, `stale-${locale}`);
      await dismissCookieModal(page);
      await page.goto(`/?email=confirmed&locale=${locale}`);
      const dialog = page.getByRole("dialog", { name: t.dialog });
      await expect(dialog.getByTestId("auth-notice")).toContainText(t.confirmed);
      await expect(dialog.getByLabel(t.email)).toBeFocused();
      await page.keyboard.type(email);
      await page.keyboard.press("Tab");
      await page.keyboard.type("Falsch123");
      await page.keyboard.press("Enter");
      await expect(dialog.getByTestId("sign-in-error")).toHaveText(t.wrongPassword);
      await expect(dialog.getByTestId("auth-notice")).toHaveCount(0);
    });

    test("Escape closes the menu page and returns to where the parent was", async ({ page }) => {
      await dismissCookieModal(page);
      await page.goto(`/courses?locale=${locale}`);
      await page.getByTestId("menu-button").click();
      await expect(page).toHaveURL(/\/menu/);
      // The menu page's code loads on demand: Escape counts once it is there.
      await expect(page.getByRole("heading", { level: 1, name: t.menu, exact: true })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(/\/courses/);
    });

    test("a contact form sends the parent a confirmation mail in the page's language", async ({ page }) => {
      const email = uniqueEmail(`contact-${locale}`);
      await dismissCookieModal(page);
      await page.goto(`/contacts?locale=${locale}`);
      const form = page.getByRole("form", { name: t.callbackForm });
      await form.getByLabel(t.fields.first).fill("Maria");
      await form.getByLabel(t.fields.last).fill("Schulz");
      await form.getByLabel(t.fields.email).fill(email);
      await form.getByLabel(t.fields.phone).fill("+4930123456");
      await form.getByLabel(t.comment).fill("Bitte nach 16 Uhr anrufen");
      await form.getByRole("button", { name: t.submit }).click();
      await expect(page.getByTestId("contact-copy-sent")).toContainText(email);

      const mail = await newestMail("contact-confirmation", email);
      expect(mail).toContain(t.mailHeading);
      expect(mail).toContain(t.mailHello);
      expect(mail).toContain(t.mailHeader);
      expect(mail).toContain("Bitte nach 16 Uhr anrufen");
      // Grouped as the mails show a phone (D657).
      expect(mail).toContain("+49 30 123456");
    });
  });
}
