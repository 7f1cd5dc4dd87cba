import type { Page } from "@playwright/test";
import { berlinDay } from "../support/days.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { chooseOption } from "../support/office-walk.ts";
import { bornYearsAgo, createChild, signedInParent, useSessionInBrowser } from "../support/parents.ts";
import { png } from "../support/png.ts";
import { signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * Issue 20, "Done when" (D146–D149): at 1366 px, in the German back office, a staff member creates a
 * workshop with German and Russian texts and an uploaded image (checked in the live preview), publishes
 * it, adds two dates; the shop lists it with its image, a parent books the first date in the shop and pays
 * through PayPal (the stand-in), and the staff member then cannot lower that date's seats below the one
 * taken, and reads why at the field.
 */
test.use({ viewport: { width: 1366, height: 900 } });

async function addDate(page: Page, pageId: number, date: string) {
  await page.goto(`/admin/products/${pageId}`);
  await page.getByRole("tab", { name: "Termine" }).click();
  await page.getByRole("link", { name: "Termin hinzufügen" }).click();
  await page.getByLabel("Datum (einzelner Termin)").fill(date);
  await page.getByLabel("Beginn (HH:MM)").fill("10:00");
  await page.getByLabel("Ende (HH:MM)").fill("13:00");
  await page.getByLabel("Plätze").fill("6");
  await page.getByRole("button", { name: "Speichern" }).click();
  // The slot form goes back to the offer's dates tab, with the new date in it, once the server took it (D495).
  await page.waitForURL(new RegExp(`/admin/products/${pageId}/schedule$`));
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: "10:00" }).first()).toBeVisible();
  // The day's column has its header, as every other column (D495).
  await expect(
    page.getByRole("columnheader", { name: "Nach „Wochentag oder Datum“ sortieren (aufsteigend)" }),
  ).toBeVisible();
}

test("staff create a workshop with two dates, texts in both languages and an image; a parent books it; its seats cannot go below the one taken", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInToBackOffice(page);
  await page.getByRole("menuitem", { name: "Angebote" }).click();
  await page.getByRole("link", { name: "Erstellen" }).click();

  const slug = `linoldruck-${Date.now()}`;
  const title = {
    de: `Linoldruck für Neugierige ${Date.now() % 10_000}`,
    ru: "Линогравюра для любознательных",
  };
  await page.getByLabel("Adresse (Slug)").fill(slug);
  await chooseOption(page, "Art", "Workshop");
  await chooseOption(page, "Altersgruppe", "10+");
  await chooseOption(page, "Unterrichtssprache", "Deutsch und Russisch");
  await page.getByLabel("Veröffentlicht").check();

  await page.getByRole("tab", { name: "Texte" }).click();
  await page.getByLabel("Titel · Deutsch").fill(title.de);
  await page.getByLabel("Titel · Russisch").fill(title.ru);
  await page
    .getByLabel("Kurzbeschreibung · Deutsch")
    .first()
    .fill("Wir schneiden und drucken eigene Motive.");
  await page.getByLabel("Kurzbeschreibung · Russisch").first().fill("Вырезаем и печатаем свои рисунки.");

  // A file that is no image is refused at the field, by its bytes, whatever its name says.
  await page.getByLabel("Bild hochladen").setInputFiles({
    name: "foto.png",
    mimeType: "image/png",
    buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
  });
  await expect(page.getByRole("alert").filter({ hasText: "kein JPEG-, PNG- oder WebP-Bild" })).toBeVisible();
  await page
    .getByLabel("Bild hochladen")
    .setInputFiles({ name: "linoldruck.png", mimeType: "image/png", buffer: png([30, 120, 200]) });
  await expect(page.locator('img[src^="/media/"]')).toBeVisible();
  await page.getByLabel("Bildbeschreibung (Alternativtext) · Deutsch").fill("Blaue Linoldruckplatte");
  await page
    .getByLabel("Bildbeschreibung (Alternativtext) · Russisch")
    .fill("Синяя печатная форма из линолеума");

  // The live preview shows the draft as the shop renders it, in Russian too, before anything is saved.
  await page.getByRole("tab", { name: "Vorschau wie im Shop" }).click();
  await page.getByRole("button", { name: "Russisch" }).click();
  const preview = page.frameLocator('iframe[title="Vorschau der Angebotsseite"]');
  await expect(preview.getByRole("heading", { level: 1, name: title.ru })).toBeVisible({ timeout: 20_000 });
  await expect(preview.locator('img[src*="/media/"]').first()).toBeVisible();

  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByRole("tab", { name: "Termine" })).toBeVisible();
  const pageId = Number(/\/admin\/products\/(\d+)/.exec(page.url())?.[1]);
  expect(pageId).toBeGreaterThan(0);

  const first = berlinDay(21).date;
  const second = berlinDay(28).date;
  await addDate(page, pageId, first);
  await addDate(page, pageId, second);

  // A price, through the staff API the purchase option screen uses (that screen has its own tests).
  const staffKey = await page.evaluate(() => localStorage.getItem("atelier-admin-token"));
  const option = await request.post("/api/v2/admin/purchase-options/?locale=de", {
    headers: { Authorization: `Token ${staffKey}` },
    data: {
      product_page: pageId,
      schedule_type: "Ticket",
      is_recurring: false,
      name: { de: "Ticket", ru: "Билет" },
      base_price_cents: 4500,
      number_of_meetings: null,
      meetings_per_week: null,
      sort_order: 0,
    },
  });
  expect(option.status(), await option.text()).toBe(201);

  // The shop lists it with its image on the next request.
  await page.goto("/workshops?locale=de");
  const card = page.getByRole("link", { name: title.de }).first();
  await expect(card).toBeVisible();
  await page.goto(`/product/${slug}?locale=ru`);
  await expect(page.getByRole("heading", { level: 1, name: title.ru })).toBeVisible();
  await expect(page.getByRole("img", { name: "Синяя печатная форма из линолеума" }).first()).toBeVisible();

  // A parent books the first date in the shop and pays through PayPal (the stand-in's buttons).
  const product = (await (await request.get(`/api/v2/products/${pageId}/?locale=de`)).json()) as {
    schedule_slots: { id: number; date: string | null }[];
  };
  const firstSlot = product.schedule_slots.find((slot) => slot.date === first);
  expect(firstSlot).toBeTruthy();
  const parent = await signedInParent(request, "linoldruck");
  await createChild(request, parent, "Wera", bornYearsAgo(11));
  await dismissCookieModal(page);
  await useSessionInBrowser(page, parent);
  await page.goto(`/product/buy/${slug}?locale=de`);
  await page.getByRole("radio", { name: /Ticket/ }).check();
  await page.getByRole("radio", { name: /Wera Muster/ }).check();
  // The dates in order: the first one is the one three weeks ahead.
  await page.locator('input[name="schedule_slots"]:not([disabled])').first().check();
  await page.getByRole("button", { name: "In den Warenkorb", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.goto("/cart?locale=de");
  await expect(page.getByTestId("cart-item")).toHaveCount(1);
  await expect(page.getByTestId("cart-item")).toContainText(title.de);
  await page.getByRole("button", { name: "Zur Kasse" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await page.getByRole("button", { name: "PayPal (stand-in)" }).click();
  await expect(page).toHaveURL(/\/payment-complete\/\d+/);
  await expect(page.getByTestId("payment-outcome")).toContainText(
    "Vielen Dank! Ihre Zahlung ist eingegangen",
  );
  await expect(page.getByRole("heading", { name: "Für Wera Muster" })).toBeVisible();
  await expect(page.getByTestId("booked-item")).toContainText(title.de);

  // Staff try to take that date's seats to none and read why not, at the field.
  await page.goto(`/admin/slots/${firstSlot?.id}`);
  await page.getByLabel("Plätze").fill("0");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Bereits vergeben: 1. Weniger Plätze sind nicht möglich.")).toBeVisible();
  await expect(page.getByLabel("Plätze")).toHaveAttribute("aria-invalid", "true");
});
