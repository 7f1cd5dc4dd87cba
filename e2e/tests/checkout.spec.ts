import type { APIRequestContext, Page } from "@playwright/test";
import { severeFindings } from "../support/axe.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { newestMail } from "../support/mail.ts";
import {
  bornYearsAgo,
  createChild,
  type Parent,
  signedInParent,
  useSessionInBrowser,
} from "../support/parents.ts";

/**
 * Issue #8, "Done when": a parent books a course and a workshop for two children, pays through the PayPal
 * stand-in (its REST API and a stub of the JS SDK buttons, started by playwright.config.ts), lands on
 * /payment-complete/{id} and finds the mail with QR codes and the invoice PDF; a parent who closes PayPal's
 * window finds the cart intact. A third journey pays through the offline demo gateway of a second shop.
 */

type Slot = { id: number; weekday: number | null; date: string | null; space: number };
type Product = {
  id: number;
  slug: string;
  name: string;
  product_type: string;
  age_group: string;
  schedule_slots: Slot[];
  purchase_options: { id: number; name: string; schedule_type: string }[];
};

/** An age inside the product's age group ("5-7" → 6, "12+" → 13). */
const fittingBirthDate = (product: Product) => bornYearsAgo(Number(product.age_group.match(/^\d+/)?.[0]) + 1);

/** A weekly course with a one-meeting-a-week subscription, and a dated workshop ticket, each with seats left. */
async function courseAndWorkshop(request: APIRequestContext) {
  const list = async (type: string) =>
    (
      (await (
        await request.get(`/api/v2/products/?locale=de&page_size=100&product_type=${type}`)
      ).json()) as {
        results: Product[];
      }
    ).results;
  const mostSeats = (slots: Slot[]) => [...slots].sort((a, b) => b.space - a.space)[0];
  const course = (await list("Course"))
    .map((product) => ({
      product,
      option: product.purchase_options.find((o) => o.schedule_type === "Course (1 / week)"),
      slot: mostSeats(product.schedule_slots.filter((s) => s.weekday !== null && s.space > 0)),
    }))
    .find((c) => c.option && c.slot);
  const workshop = (await list("Workshop"))
    .map((product) => ({
      product,
      option: product.purchase_options.find((o) => o.schedule_type === "Ticket"),
      slot: mostSeats(product.schedule_slots.filter((s) => s.date !== null && s.space > 0)),
    }))
    .find((w) => w.option && w.slot);
  if (!course?.option || !course.slot) throw new Error("the seed has no weekly course with seats");
  if (!workshop?.option || !workshop.slot) throw new Error("the seed has no dated workshop with seats");
  return {
    course: { product: course.product, option: course.option, slot: course.slot },
    workshop: { product: workshop.product, option: workshop.option, slot: workshop.slot },
  };
}

/** Two children of the parent, one in a course and one in a workshop, in the parent's cart (through the API). */
async function cartWithCourseAndWorkshop(request: APIRequestContext, parent: Parent) {
  const { course, workshop } = await courseAndWorkshop(request);
  const anna = await createChild(request, parent, "Anna", fittingBirthDate(course.product));
  const ben = await createChild(request, parent, "Ben", fittingBirthDate(workshop.product));
  for (const [booking, child] of [
    [course, anna],
    [workshop, ben],
  ] as const) {
    const added = await request.post("/api/v2/orders/items/?locale=de", {
      headers: parent.headers,
      data: {
        product_page: booking.product.id,
        purchase_option: booking.option.id,
        visitor: child.id,
        schedule_slots: [booking.slot.id],
      },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  return { course, workshop };
}

async function expectNoSevereViolations(page: Page) {
  expect(await severeFindings(page, page.url())).toEqual([]);
}

/** From the cart to the checkout step, with the billing address completed and the terms accepted. */
async function fillCheckout(page: Page) {
  await page.goto("/cart?locale=de");
  await expect(page.getByTestId("cart-item")).toHaveCount(2);
  await page.getByRole("button", { name: "Zur Kasse" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();
  await expect(page).toHaveURL(/step=checkout/);
  // Billing data comes from the profile.
  await expect(page.getByLabel("Vorname")).toHaveValue("Paula");
  await expect(page.getByLabel("Nachname")).toHaveValue("Parent");
  await page.getByLabel("Straße und Hausnummer (optional)").fill("Kastanienallee 12");
  await page.getByLabel("Postleitzahl (optional)").fill("10435");
  await page.getByLabel("Ort (optional)").fill("Berlin");
  // Withdrawal information per product type in the cart (decision D54).
  const info = page.getByTestId("withdrawal-info");
  await expect(info).toContainText("Kurse: 14 Tage Widerrufsrecht");
  await expect(info).toContainText("Workshops: kein Widerrufsrecht");
  await expect(page.getByRole("link", { name: /AGB und Widerrufsbelehrung lesen/ })).toHaveAttribute(
    "href",
    /\/legal\/terms/,
  );
}

test.describe("checkout with PayPal", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieModal(page);
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test("a parent books a course and a workshop for two children, pays with PayPal and gets the confirmation", async ({
    page,
    request,
  }) => {
    const parent = await signedInParent(request, "paypal-pays");
    const { course, workshop } = await cartWithCourseAndWorkshop(request, parent);
    await useSessionInBrowser(page, parent);
    // No PayPal anywhere before the order click: no consent to external media was given.
    const sdkRequests: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/sdk/js")) sdkRequests.push(req.url());
    });

    await fillCheckout(page);
    const order = page.getByRole("button", { name: "Zahlungspflichtig bestellen" });
    await expect(order).toHaveText("Zahlungspflichtig bestellen");
    await expect(page.getByTestId("checkout-items")).toContainText(course.product.name);
    await expect(page.getByTestId("checkout-items")).toContainText(workshop.product.name);
    await expect(page.getByTestId("checkout-monthly")).toBeVisible();
    await expectNoSevereViolations(page);

    // Without the terms the order is not placed.
    await order.click();
    await expect(page.getByText("Bitte bestätigen Sie die AGB und die Widerrufsbelehrung.")).toBeVisible();
    await expect(page.getByRole("checkbox")).toBeFocused();
    expect(sdkRequests).toEqual([]);

    await page.getByRole("checkbox").check();
    await order.click();
    await expect(page.getByTestId("checkout-status")).toContainText(
      /Ihre Plätze sind bis \d{2}:\d{2} Uhr reserviert\./,
    );
    const pay = page.getByRole("button", { name: "PayPal (stand-in)" });
    await expect(pay).toBeVisible();
    // The SDK was asked for as the shop configures it.
    expect(sdkRequests).toHaveLength(1);
    const sdk = new URL(sdkRequests[0] ?? "");
    expect(sdk.searchParams.get("client-id")).toBe("stand-in-client");
    expect(sdk.searchParams.get("currency")).toBe("EUR");
    expect(sdk.searchParams.get("intent")).toBe("capture");
    expect(sdk.searchParams.get("disable-funding")).toBe("credit,card");
    expect(sdk.searchParams.get("locale")).toBe("de_DE");
    // The header's badge: the items belong to the order now, and an empty cart shows no "0".
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    await pay.click();
    await expect(page).toHaveURL(/\/payment-complete\/\d+/);
    const outcome = page.getByTestId("payment-outcome");
    await expect(outcome).toContainText("Vielen Dank! Ihre Zahlung ist eingegangen");
    await expect(page.getByRole("heading", { name: "Für Anna Muster" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Für Ben Muster" })).toBeVisible();
    await expect(page.getByTestId("booked-item")).toHaveCount(2);
    await expect(page.getByTestId("invoice-number")).toHaveText(/^RE-\d{4}-\d{6}$/);
    await expect(page.getByRole("link", { name: "Zu meinen Buchungen" })).toBeVisible();
    await expectNoSevereViolations(page);

    const orderId = page.url().match(/\/payment-complete\/(\d+)/)?.[1];
    const paid = await (
      await request.get(`/api/v2/orders/${orderId}/?locale=de`, { headers: parent.headers })
    ).json();
    expect(paid.status).toBe("payment_fulfilled");

    // The confirmation mail carries the invoice PDF and a QR code per booking, inline.
    const mail = await newestMail("order-confirmation", parent.email);
    expect(mail).toMatch(/Content-Type: application\/pdf/i);
    expect(mail.match(/Content-Type: image\/png/gi)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(mail).toMatch(/Content-ID: </i);
  });

  test("a parent who closes PayPal's window finds the cart intact", async ({ page, request }) => {
    const parent = await signedInParent(request, "paypal-closes");
    await cartWithCourseAndWorkshop(request, parent);
    await useSessionInBrowser(page, parent);
    await fillCheckout(page);
    const dueNow = await page.getByTestId("checkout-due-now").textContent();
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
    await page.getByRole("button", { name: "close window" }).click();

    await expect(page).toHaveURL(/\/cart\?.*payment=cancelled/);
    await expect(page.getByTestId("payment-notice")).toHaveText(
      "Die Zahlung wurde abgebrochen. Es wurde nichts berechnet; Ihre Angebote liegen wieder im Warenkorb.",
    );
    await expect(page.getByRole("heading", { name: "Für Anna Muster" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Für Ben Muster" })).toBeVisible();
    await expect(page.getByTestId("cart-item")).toHaveCount(2);
    await expect(page.getByTestId("cart-due-now")).toHaveText(dueNow ?? "");
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await expectNoSevereViolations(page);

    // The cart can be ordered again.
    await page.getByRole("button", { name: "Zur Kasse" }).click();
    await expect(page.getByRole("button", { name: "Zahlungspflichtig bestellen" })).toBeEnabled();
  });
});

/** A new parent of the demo shop orders a course and a workshop in German and is on the demo gateway's page. */
async function orderedToDemoGateway(page: Page, request: APIRequestContext, name: string) {
  const parent = await signedInParent(request, name, process.env.E2E_DEMO_DATA_DIR);
  await cartWithCourseAndWorkshop(request, parent);
  await useSessionInBrowser(page, parent);
  await page.goto("/cart?locale=de&step=checkout");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/payments\/demo\/DEMO/);
}

test.describe("checkout with the demo gateway (a shop without a PayPal account)", () => {
  const demoBase = process.env.E2E_DEMO_BASE_URL;
  test.use({ baseURL: demoBase });

  test.beforeEach(async ({ page }) => {
    await dismissCookieModal(page);
  });

  test("a parent pays on the demo gateway's page and lands on the completion page (ru)", async ({
    page,
    request,
  }) => {
    const parent = await signedInParent(request, "demo-pays", process.env.E2E_DEMO_DATA_DIR);
    await cartWithCourseAndWorkshop(request, parent);
    await useSessionInBrowser(page, parent);

    await page.goto("/cart?locale=ru&step=checkout");
    await expect(page.getByRole("heading", { level: 1, name: "Оформление заказа" })).toBeVisible();
    await expect(page.getByText(/Демо-режим/)).toBeVisible();
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Заказать с обязательством оплаты" }).click();

    // The demo gateway's own page, marked as such, approves.
    await expect(page).toHaveURL(/\/payments\/demo\/DEMO/);
    await expect(page.getByRole("note")).toContainText(/DEMO|ДЕМО/);
    await page
      .getByRole("button", { name: /Zahlung freigeben \(Demo\)|Подтвердить оплату \(демо\)/ })
      .click();

    await expect(page).toHaveURL(/\/payment-complete\/\d+\?/);
    await expect(page.getByTestId("payment-outcome")).toContainText("Спасибо! Оплата получена");
    await expect(page.getByTestId("booked-item")).toHaveCount(2);
  });

  test("a parent who leaves the demo gateway's page with Back finds the order, and pays or calls it off (D589)", async ({
    page,
    request,
  }) => {
    await orderedToDemoGateway(page, request, "demo-goes-back");
    const gatewayPage = page.url();

    // Back in the shop the cart is empty, but the order is offered, not lost.
    await page.goBack();
    const open = page.getByRole("region", { name: /^Ihre Bestellung Nr\. \d+ ist noch nicht bezahlt$/ });
    await expect(open).toBeVisible();
    await expect(open).toContainText(/Ihre Bestellung ist bis .* für Sie reserviert/);
    await open.getByRole("button", { name: "Weiter zur Zahlung" }).click();
    await expect(page).toHaveURL(gatewayPage);

    await page.goBack();
    await open.getByRole("button", { name: "Bestellung abbrechen" }).click();
    await expect(page.getByTestId("payment-notice")).toContainText("Die Zahlung wurde abgebrochen.");
    await expect(page.getByTestId("cart-item")).toHaveCount(2);
    await expect(open).toHaveCount(0);
  });

  test("a parent who cancels on the demo gateway's page finds the cart intact", async ({ page, request }) => {
    await orderedToDemoGateway(page, request, "demo-cancels");
    await page.getByRole("button", { name: "Abbrechen und zurück zum Warenkorb" }).click();

    await expect(page).toHaveURL(/\/cart\?.*payment=cancelled/);
    await expect(page).not.toHaveURL(/token=/);
    await expect(page.getByTestId("payment-notice")).toContainText("Die Zahlung wurde abgebrochen.");
    await expect(page.getByTestId("cart-item")).toHaveCount(2);
  });
});
