import { PROFILE_TAB_TITLES } from "@atelier/contract";
import type { APIRequestContext } from "@playwright/test";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { buyWeeklyCourse } from "../support/orders.ts";
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
 * returns to the order's page as paid; a SEPA debit reads "processing" until the bank settles it (the
 * stand-in's webhook) and then paid; a parent who goes back from Stripe's page finds the items in the cart;
 * a course subscription is paid monthly by card through Stripe (D115), renews from Stripe's invoice webhook
 * and is cancelled through "Verträge hier kündigen", which stops it at Stripe.
 */

const stripeUrl = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT ?? 3197}`;

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
    processing: "Ihre SEPA-Lastschrift ist erteilt und wird noch bearbeitet",
    autopayCard: "Monatlich automatisch per Karte oder SEPA zahlen",
    paymentPassed: /Vielen Dank! Die Zahlung ist übermittelt/,
    autopayOn: "Monatliche automatische Zahlung aktiv",
    contractNumber: "Vertragsnummer",
    name: "Ihr Name",
    email: "Ihre E-Mail-Adresse",
  },
  ru: {
    card: "Карта / Apple Pay / Google Pay / SEPA",
    order: "Заказать с обязательством оплаты",
    paid: "Оплата получена",
    cancelled: "Оплата отменена.",
    processing: "Ваш прямой дебет SEPA оформлен и ещё обрабатывается",
    autopayCard: "Платить автоматически каждый месяц картой или через SEPA",
    paymentPassed: /Спасибо! Оплата передана/,
    autopayOn: "Ежемесячная автоматическая оплата включена",
    contractNumber: "Номер договора",
    name: "Ваше имя",
    email: "Ваш электронный адрес",
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

  test(`a SEPA debit stays processing until its webhook, then the order is paid (${locale}, 390 px)`, async ({
    page,
    request,
  }) => {
    const parent = await signedInParent(request, `stripe-sepa-${locale}`);
    await workshopInCart(request, parent);
    await useSessionInBrowser(page, parent);

    await page.goto(`/cart?locale=${locale}&step=checkout`);
    await page.getByRole("radio", { name: text.card }).check();
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: text.order }).click();
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
    const sessionId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    await page.getByRole("button", { name: "Pay by SEPA Direct Debit" }).click();

    const outcome = page.getByTestId("payment-outcome");
    await expect(page).toHaveURL(/\/payment-complete\/\d+\?.*payment=processing/);
    await expect(outcome).toHaveAttribute("data-outcome", "processing");
    await expect(outcome).toContainText(text.processing);
    // Still processing a while later: nothing but the bank's answer makes it paid.
    await page.waitForTimeout(3500);
    await expect(outcome).toHaveAttribute("data-outcome", "processing");

    // The bank settles the debit: Stripe's async_payment_succeeded reaches the shop, the page asks again.
    const settled = await request.post(`${stripeUrl}/_stand-in/sessions/${sessionId}/settle?succeeded=true`);
    expect((await settled.json()).webhook).toBe(200);
    await expect(outcome).toHaveAttribute("data-outcome", "paid", { timeout: 15_000 });
    await expect(outcome).toContainText(text.paid);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test(`a course subscription is paid monthly by card, renews from Stripe's webhook and is cancelled through 'Verträge hier kündigen' (${locale}, 390 px)`, async ({
    browser,
    page,
    request,
  }) => {
    const parent = await signedInParent(request, `stripe-abo-${locale}`);
    await buyWeeklyCourse(request, parent);
    const historyOf = async () =>
      (await (
        await request.get("/api/v2/orders/items/history/?locale=de", { headers: parent.headers })
      ).json()) as {
        id: number;
        subscription: {
          contract_number: string;
          paid_until: string;
          autopay: string;
          ends_at: string | null;
        } | null;
      }[];
    const item = (await historyOf()).find((entry) => entry.subscription);
    if (!item?.subscription) throw new Error("no subscription in the history");
    await useSessionInBrowser(page, parent);

    await page.goto(`/profile?tab=sales&locale=${locale}`);
    const card = page.getByTestId(`subscription-${item.id}`);
    const periodBefore = await card.getByTestId("subscription-period").innerText();
    await card.getByRole("button", { name: text.autopayCard }).click();

    // Stripe's page in the parent's language: the card is saved, the first charge when the paid month ends.
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await page.getByRole("button", { name: "Pay by card" }).click();
    // Back at the existing client's address `tab=sales-success`: the history, with the outcome said above it.
    await expect(page).toHaveURL(/\/profile\?.*tab=sales/);
    await expect(page.getByTestId("payment-outcome")).toHaveText(text.paymentPassed);
    // The outcome is said once: another tab keeps the language and drops it.
    await page.getByRole("tab", { name: PROFILE_TAB_TITLES.visitors[locale] }).click();
    await expect(page).toHaveURL(/tab=visitors/);
    await expect(page).toHaveURL(new RegExp(`locale=${locale}`));
    await expect(page.getByTestId("payment-outcome")).toHaveCount(0);
    await page.goto(`/profile?tab=sales&locale=${locale}`);
    await expect(card).toContainText(text.autopayOn);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A month later Stripe charges the card and posts invoice.paid: the paid period moves on by a month.
    const renewed = await request.post(`${stripeUrl}/_stand-in/renew?custom_id=${item.id}`);
    expect((await renewed.json()).webhook).toBe(200);
    const after = (await historyOf()).find((entry) => entry.id === item.id);
    expect(
      after?.subscription?.paid_until && after.subscription.paid_until > item.subscription.paid_until,
    ).toBe(true);
    await page.reload();
    await expect(card.getByTestId("subscription-period")).not.toHaveText(periodBefore);

    // "Verträge hier kündigen" without signing in: the contract ends with the paid month, Stripe stops.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => window.localStorage.setItem("is-closed-cookie", "true"));
    const guest = await context.newPage();
    await guest.goto(`/vertraege-kuendigen?locale=${locale}`);
    await guest.getByLabel(text.contractNumber).fill(item.subscription.contract_number);
    await guest.getByLabel(text.name).fill("Paula Parent");
    await guest.getByLabel(text.email).fill(parent.email);
    await guest.getByLabel(text.email).press("Enter");
    await expect(guest.getByTestId("cancel-received")).toContainText(parent.email);
    await context.close();
    await expect
      .poll(
        async () =>
          (await (await request.get(`${stripeUrl}/_stand-in/subscriptions?custom_id=${item.id}`)).json())
            .status,
        { timeout: 15_000 },
      )
      .toBe("canceled");
    const ended = (await historyOf()).find((entry) => entry.id === item.id);
    expect(ended?.subscription?.ends_at).toBe(after?.subscription?.paid_until);
  });
}
