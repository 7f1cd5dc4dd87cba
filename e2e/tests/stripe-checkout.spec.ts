import type { APIRequestContext } from "@playwright/test";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import {
  bornYearsAgo,
  createChild,
  type Parent,
  signedInParent,
  useSessionInBrowser,
} from "../support/parents.ts";

/**
 * Issue 22, card payments in the browser at a phone's width: a parent pays a workshop by card on Stripe's
 * hosted page (the stand-in playwright.config.ts starts, which posts its signed webhook to the shop) and
 * returns to the order's page as paid; a parent who goes back from Stripe's page finds the items in the cart.
 */

type Product = {
  id: number;
  age_group: string;
  schedule_slots: { id: number; date: string | null; space: number }[];
  purchase_options: { id: number; schedule_type: string }[];
};

/** A dated workshop ticket with seats left, for a child of the right age, in the parent's cart. */
async function workshopInCart(request: APIRequestContext, parent: Parent) {
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Workshop");
  const { results } = (await reply.json()) as { results: Product[] };
  const found = results
    .map((product) => ({
      product,
      option: product.purchase_options.find((o) => o.schedule_type === "Ticket"),
      slot: product.schedule_slots.find((s) => s.date !== null && s.space > 0),
    }))
    .find((w) => w.option && w.slot);
  if (!found?.option || !found.slot) throw new Error("the seed has no dated workshop with seats");
  const age = Number(found.product.age_group.match(/^\d+/)?.[0]) + 1;
  const child = await createChild(request, parent, "Mila", bornYearsAgo(age));
  const added = await request.post("/api/v2/orders/items/?locale=de", {
    headers: parent.headers,
    data: {
      product_page: found.product.id,
      purchase_option: found.option.id,
      visitor: child.id,
      schedule_slots: [found.slot.id],
    },
  });
  expect(added.status(), await added.text()).toBe(201);
}

const TEXT = {
  de: {
    card: "Karte / Apple Pay / Google Pay / SEPA",
    order: "Zahlungspflichtig bestellen",
    paid: "Ihre Zahlung ist eingegangen",
    cancelled: "Die Zahlung wurde abgebrochen.",
  },
  ru: {
    card: "Карта / Apple Pay / Google Pay / SEPA",
    order: "Заказать с обязательством оплаты",
    paid: "Оплата получена",
    cancelled: "Оплата отменена.",
  },
} as const;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await dismissCookieModal(page);
});

for (const locale of ["de", "ru"] as const) {
  const text = TEXT[locale];

  test(`a parent pays a workshop by card on Stripe's page and returns paid (${locale}, 390 px)`, async ({
    page,
    request,
  }) => {
    const parent = await signedInParent(request, `stripe-pays-${locale}`);
    await workshopInCart(request, parent);
    await useSessionInBrowser(page, parent);

    await page.goto(`/cart?locale=${locale}&step=checkout`);
    await page.getByRole("radio", { name: text.card }).check();
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: text.order }).click();

    // Stripe's hosted page (the stand-in), in the parent's language.
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await page.getByRole("button", { name: "Pay by card" }).click();

    await expect(page).toHaveURL(/\/payment-complete\/\d+/);
    await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-outcome", "paid");
    await expect(page.getByTestId("payment-outcome")).toContainText(text.paid);
    await expect(page.getByTestId("booked-item")).toHaveCount(1);
    // Nothing of the page is cut off or scrolls sideways at a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test(`a parent who goes back from Stripe's page finds the workshop in the cart (${locale}, 390 px)`, async ({
    page,
    request,
  }) => {
    const parent = await signedInParent(request, `stripe-cancels-${locale}`);
    await workshopInCart(request, parent);
    await useSessionInBrowser(page, parent);

    await page.goto(`/cart?locale=${locale}&step=checkout`);
    await page.getByRole("radio", { name: text.card }).check();
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: text.order }).click();
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
    await page.getByRole("link", { name: "Back" }).click();

    await expect(page).toHaveURL(/\/cart\?.*payment=cancelled/);
    await expect(page.getByTestId("payment-notice")).toContainText(text.cancelled);
    await expect(page.getByTestId("cart-item")).toHaveCount(1);
    await expect(page).not.toHaveURL(/token=/);
  });
}
