import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { severeFindings } from "../support/axe.ts";
import { berlinToday } from "../support/days.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { newestMail } from "../support/mail.ts";
import { addToCart, placeOrder } from "../support/orders.ts";
import { bornYearsAgo, createChild, signedInParent, useSessionInBrowser } from "../support/parents.ts";

/**
 * Issue #9, visit requests (D71, D84): from the product pages, on a phone, a parent asks for a trial
 * lesson of a course, a visit of a school offer at their place, and a place on a fully booked workshop;
 * each request is confirmed in the dialog and by mail to the first adult.
 */

type Slot = { id: number; date: string | null; space: number };
type Product = {
  id: number;
  slug: string;
  name: string;
  age_group: string;
  schedule_slots: Slot[];
  purchase_options: { id: number; schedule_type: string }[];
  refund_days_before: number | null;
};

const list = async (request: APIRequestContext, type: string, locale = "de") =>
  (
    (await (
      await request.get(`/api/v2/products/?locale=${locale}&page_size=100&product_type=${type}`)
    ).json()) as {
      results: Product[];
    }
  ).results;

/** A date `days` from now as YYYY-MM-DD. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The workshop whose next session has the fewest seats left, with that session filled up by one parent's checkout. */
async function fullyBookedWorkshop(request: APIRequestContext) {
  const today = inDays(0);
  const candidates = (await list(request, "Workshop"))
    .map((product) => ({
      product,
      option: product.purchase_options.find((o) => o.schedule_type === "Ticket"),
      next: product.schedule_slots
        .filter((s) => s.date !== null && s.date >= today)
        .sort((a, b) => String(a.date).localeCompare(String(b.date)))[0],
    }))
    .filter((w) => w.option && w.next)
    .sort((a, b) => (a.next?.space ?? 0) - (b.next?.space ?? 0));
  const target = candidates[0];
  if (!target?.option || !target.next) throw new Error("the seed has no dated workshop");
  if (target.next.space > 0) {
    const parent = await signedInParent(request, "vr-seat-holder");
    const birthDate = bornYearsAgo(Number(target.product.age_group.match(/^\d+/)?.[0]) + 1);
    for (let i = 0; i < target.next.space; i++) {
      const child = await createChild(request, parent, `Kind${i}`, birthDate);
      await addToCart(request, parent, {
        product_page: target.product.id,
        purchase_option: target.option.id,
        visitor: child.id,
        schedule_slots: [target.next.id],
      });
    }
    await placeOrder(request, parent);
  }
  // The product as it is now: its seats as the booking above left them, not as they were before it.
  return (
    (await list(request, "Workshop")).find((product) => product.id === target.product.id) ?? target.product
  );
}

/** No serious or critical axe finding on the open dialog. */
async function expectAccessibleDialog(page: Page) {
  expect(await severeFindings(page, "request dialog", '[role="dialog"]')).toEqual([]);
}

async function fillAdult(dialog: Locator, email: string) {
  await dialog.getByLabel("Vorname *", { exact: true }).fill("Maria");
  await dialog.getByLabel("Nachname *", { exact: true }).fill("Schulz");
  await dialog.getByLabel("E-Mail-Adresse *").fill(email);
  await dialog.getByLabel("Telefonnummer *").fill("+4930123456");
}

test.describe("visit requests from the product page", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieModal(page);
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test("a guest asks for a trial lesson of a course", async ({ page, request }) => {
    const course = (await list(request, "Course"))[0];
    if (!course) throw new Error("the seed has no course");
    await page.goto(`/product/${course.slug}?locale=de`);
    const open = page.getByRole("button", { name: "Probestunde anfragen" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Probestunde anfragen" });
    await expect(dialog.getByLabel("Vorname des Kindes *")).toBeFocused();

    // Nothing filled in: the errors are announced and nothing is sent.
    await dialog.getByRole("button", { name: "Anfrage senden" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Bitte prüfen Sie die markierten Felder.");
    await expectAccessibleDialog(page);

    await dialog.getByLabel("Vorname des Kindes *").fill("Mila");
    await dialog.getByLabel("Nachname des Kindes *").fill("Schulz");
    await dialog.getByLabel("Geburtsdatum (optional)").fill(bornYearsAgo(6));
    await fillAdult(dialog, "maria.probe@example.com");
    // The course's own coming dates with the group's time, not a free date (issue 32 item 8, D297).
    const day = dialog.getByLabel("Termin der Probestunde *");
    const offered = await day
      .locator("option")
      .evaluateAll((options) =>
        options.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? "" })),
      );
    expect(offered[0]?.value).toBe("");
    expect(offered.length).toBeGreaterThan(1);
    for (const option of offered.slice(1))
      expect(option.label).toMatch(/^\w{2}\., \d{1,2}\. .+ \d{4}, \d{2}:\d{2}–\d{2}:\d{2}$/);
    const chosen = offered[1]?.value ?? "";
    // Each choice is a day and its group (D329): the group's time travels with the request.
    expect(chosen).toMatch(/^\d{4}-\d{2}-\d{2}\|\d+$/);
    const groupTime = /\d{2}:\d{2}–\d{2}:\d{2}$/.exec(offered[1]?.label ?? "")?.[0] ?? "";
    await day.selectOption(chosen);
    await dialog.getByRole("button", { name: "Anfrage senden" }).click();

    const status = dialog.getByRole("status");
    await expect(status).toContainText("Ihre Anfrage für eine Probestunde ist bei uns eingegangen.");
    await expect(status).toContainText("maria.probe@example.com");
    await expect(status).toBeFocused();
    const mail = await newestMail("visit-request-confirmation", "maria.probe@example.com");
    expect(mail).toContain("Probestunde");
    expect(mail).toContain(course.name);
    expect(mail).toContain("Mila");
    expect(mail).toContain(`${groupTime} Uhr`);

    // Closing returns the focus to the button that opened the dialog.
    await dialog.getByRole("button", { name: "Schließen" }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("a signed-in parent asks for a visit of a school offer, in Russian, with a saved child", async ({
    page,
    request,
  }) => {
    const parent = await signedInParent(request, "vr-out");
    await createChild(request, parent, "Lew", bornYearsAgo(9));
    const offer = (await list(request, "SchoolOffer", "ru"))[0];
    if (!offer) throw new Error("the seed has no school offer");
    await useSessionInBrowser(page, parent);
    await page.goto(`/product/${offer.slug}?locale=ru`);
    await page.getByRole("button", { name: "Заказать выездное занятие" }).click();
    const dialog = page.getByRole("dialog", { name: "Заказать выездное занятие" });
    // The first adult is the parent from the profile.
    await expect(dialog.getByLabel("Адрес электронной почты *")).toHaveValue(parent.email);
    await expect(dialog.getByLabel("Имя *", { exact: true })).toHaveValue("Paula");
    await expectAccessibleDialog(page);

    await dialog.getByRole("checkbox", { name: "Lew Muster" }).check();
    await dialog.getByLabel("Номер телефона *").fill("+4915112345678");
    await dialog.getByLabel("Желаемая дата *").fill(inDays(14));
    await dialog.getByRole("button", { name: "Отправить заявку" }).click();

    await expect(dialog.getByRole("status")).toContainText("Ваша заявка на выездное занятие получена.");
    const mail = await newestMail("visit-request-confirmation", parent.email);
    expect(mail).toContain("выездное занятие");
    expect(mail).toContain("Lew");
  });

  test("a workshop whose next date is full names that date, offers one waiting list and its refund policy", async ({
    page,
    request,
  }) => {
    const workshop = await fullyBookedWorkshop(request);
    // The school's day: between midnight in Berlin and midnight UTC the two differ.
    const today = berlinToday();
    const dates = workshop.schedule_slots
      .filter((s) => s.date !== null && s.date >= today)
      .sort((a, b) => String(a.date).localeCompare(String(b.date)));
    const later = dates.find((s) => s.space > 0);
    if (!later?.date) throw new Error("the workshop needs a later date with seats");
    await page.goto(`/product/${workshop.slug}?locale=de`);
    const facts = page.getByTestId("key-facts");
    // Not "ausgebucht" for the whole offer: the full date and the next one with seats (D143).
    await expect(facts.getByTestId("later-seats")).toBeVisible();
    await expect(facts).toContainText("ausgebucht am");
    await expect(facts).toContainText(`noch ${later.space} Plätze frei`);
    // One waiting-list button: the per-date one on the booking page; no general request while dates exist (D144).
    await expect(page.getByRole("button", { name: "Auf die Warteliste (Anfrage)" })).toHaveCount(0);
    if (workshop.refund_days_before !== null) {
      await expect(facts.getByTestId("refund-policy")).toHaveText(
        `Kostenlose Stornierung bis ${workshop.refund_days_before} Tage vor dem Termin`,
      );
    }
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(scroll).toBe(true);

    await page.goto(`/product/${workshop.slug}?locale=ru`);
    await expect(page.getByTestId("key-facts")).toContainText("мест нет");
    await expect(page.getByTestId("key-facts")).toContainText(`осталось ${later.space}`);
  });

  test("a seeded workshop with the seven-day promise shows it on the page, in German and Russian", async ({
    page,
    request,
  }) => {
    const withPolicy = (await list(request, "Workshop")).find((w) => w.refund_days_before === 7);
    if (!withPolicy) throw new Error("the seed has no workshop with a refund policy");
    await page.goto(`/product/${withPolicy.slug}?locale=de`);
    await expect(page.getByTestId("key-facts").getByTestId("refund-policy")).toHaveText(
      "Kostenlose Stornierung bis 7 Tage vor dem Termin",
    );
    await page.goto(`/product/${withPolicy.slug}?locale=ru`);
    await expect(page.getByTestId("key-facts").getByTestId("refund-policy")).toHaveText(
      "Бесплатная отмена не позднее чем за 7 дней до даты",
    );
  });
});
