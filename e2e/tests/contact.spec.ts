import type { Locator } from "@playwright/test";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";

/** A date one week ahead as YYYY-MM-DD (the appointment date must not be in the past). */
function nextWeek(): string {
  return new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

async function fillPerson(form: Locator, email: string) {
  await form.getByLabel("Vorname").fill("Maria");
  await form.getByLabel("Nachname").fill("Schulz");
  await form.getByLabel("E-Mail-Adresse").fill(email);
  await form.getByLabel("Telefonnummer").fill("+4930123456");
}

test.describe("contact forms", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieModal(page);
    await page.goto("/contacts?locale=de");
  });

  test("shows both houses with map links and phones, and the e-mail", async ({ page }) => {
    const address = page.getByRole("main").locator("address");
    await expect(address).toContainText("Kastanienallee 12");
    await expect(address).toContainText("Wilmersdorfer Straße 85");
    await expect(address.getByRole("link", { name: /Karte.*Prenzlauer Berg/ })).toHaveAttribute(
      "href",
      /openstreetmap.*Kastanienallee/,
    );
    await expect(address.getByRole("link", { name: /Karte.*Charlottenburg/ })).toHaveAttribute(
      "href",
      /openstreetmap.*Wilmersdorfer/,
    );
    await expect(address.getByRole("link", { name: "+49 30 1234567" })).toHaveAttribute(
      "href",
      "tel:+49301234567",
    );
    await expect(address.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  });

  test("an appointment request is sent", async ({ page }) => {
    const form = page.getByRole("form", { name: "Termin vereinbaren" });
    await fillPerson(form, "maria.termin@example.com");
    await form.getByLabel("Wunschtermin").fill(nextWeek());
    await form.getByLabel("Ihre Nachricht").fill("Wir interessieren uns für den Malkurs.");
    await form.getByRole("button", { name: "Absenden" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Ihre Terminanfrage ist bei uns eingegangen" }),
    ).toBeVisible();
  });

  test("a callback request is sent", async ({ page }) => {
    const form = page.getByRole("form", { name: "Rückruf anfordern" });
    await fillPerson(form, "maria.rueckruf@example.com");
    await form.getByRole("button", { name: "Absenden" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Wir rufen Sie so bald wie möglich zurück" }),
    ).toBeVisible();
  });

  test("a partnership request is sent", async ({ page }) => {
    const form = page.getByRole("form", { name: "Partnerschaft anfragen" });
    await fillPerson(form, "maria.partner@example.com");
    await form.getByLabel("Ihre Position oder Organisation").fill("Grundschule am Park");
    await form.getByLabel("Ihre Nachricht").fill("Wir planen eine Kunst-AG.");
    await form.getByRole("button", { name: "Absenden" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Vielen Dank für Ihre Anfrage" })).toBeVisible();
  });

  for (const name of ["Termin vereinbaren", "Rückruf anfordern", "Partnerschaft anfragen"]) {
    test(`the ${name} form shows its errors and focuses the first invalid field`, async ({ page }) => {
      const form = page.getByRole("form", { name });
      await form.getByLabel("E-Mail-Adresse").fill("keine-adresse");
      await form.getByLabel("Telefonnummer").fill("+49");
      await form.getByRole("button", { name: "Absenden" }).click();

      await expect(form.getByRole("alert")).toHaveText("Bitte prüfen Sie die markierten Felder.");
      const firstName = form.getByLabel("Vorname");
      await expect(firstName).toBeFocused();
      await expect(firstName).toHaveAttribute("aria-invalid", "true");
      await expect(firstName).toHaveAccessibleDescription("Dieses Feld ist erforderlich.");
      await expect(form.getByLabel("E-Mail-Adresse")).toHaveAccessibleDescription(
        "Geben Sie eine gültige E-Mail-Adresse ein.",
      );
      await expect(form.getByLabel("Telefonnummer")).toHaveAccessibleDescription(/gültige Telefonnummer/);
    });
  }

  test("the appointment date must not be in the past", async ({ page }) => {
    const form = page.getByRole("form", { name: "Termin vereinbaren" });
    await fillPerson(form, "maria.vergangen@example.com");
    await form.getByLabel("Wunschtermin").fill("2020-01-01");
    await form.getByRole("button", { name: "Absenden" }).click();
    await expect(form.getByLabel("Wunschtermin")).toHaveAccessibleDescription(
      "Das Datum darf nicht in der Vergangenheit liegen.",
    );
  });

  test("errors from the server are shown at their fields by code", async ({ page }) => {
    await page.route("**/api/v2/contact_us/callback/**", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          email: ["Enter a valid email address."],
          error_codes: { email: ["invalid_email"] },
        }),
      }),
    );
    const form = page.getByRole("form", { name: "Rückruf anfordern" });
    await fillPerson(form, "maria@example.com");
    await form.getByRole("button", { name: "Absenden" }).click();
    const email = form.getByLabel("E-Mail-Adresse");
    await expect(email).toHaveAccessibleDescription("Geben Sie eine gültige E-Mail-Adresse ein.");
    await expect(email).toBeFocused();
  });
});
