import { berlinDate } from "@atelier/contract";
import type { APIRequestContext } from "@playwright/test";
import { severeFindings } from "../support/axe.ts";
import { shownDay as shownBerlinDay } from "../support/days.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { newestMail } from "../support/mail.ts";
import { buyWeeklyCourse, paypalWebhook } from "../support/orders.ts";
import { type Parent, signedInParent, useSessionInBrowser } from "../support/parents.ts";

/**
 * Issue #9, subscriptions, "Done when": a parent's course subscription renews from PayPal's webhook and the
 * profile shows the new period; a parent cancels through "Verträge hier kündigen" without a password and
 * gets the confirmation mail (D72, D73).
 */

type HistoryItem = {
  id: number;
  state: string;
  price: string;
  subscription: {
    contract_number: string;
    paid_until: string;
    paid_through: string;
    ends_at: string | null;
    month_invoices: { number: string; from: string; to: string }[];
  } | null;
};

/** A parent who bought a weekly course (first month paid through the PayPal stand-in), all through the API. */
async function subscriber(request: APIRequestContext, name: string) {
  const parent = await signedInParent(request, name);
  const { course } = await buyWeeklyCourse(request, parent);
  return { parent, course, item: await subscriptionItem(request, parent) };
}

async function subscriptionItem(request: APIRequestContext, parent: Parent) {
  const history = (await (
    await request.get("/api/v2/orders/items/history/?locale=de", { headers: parent.headers })
  ).json()) as HistoryItem[];
  const item = history.find((entry) => entry.subscription);
  if (!item?.subscription) throw new Error("no subscription in the history");
  return { ...item, subscription: item.subscription };
}

/** The day as the profile shows it (lib/format.ts formatDate of the Berlin day). */
const shownDay = (iso: string) => shownBerlinDay(berlinDate(new Date(iso)));

test.describe("course subscriptions", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieModal(page);
  });

  test("a subscription renews from PayPal's webhook and the profile shows the new period", async ({
    page,
    request,
  }) => {
    const { parent, item } = await subscriber(request, "abo-renew");
    await useSessionInBrowser(page, parent);
    await page.goto("/profile?tab=sales&locale=de");
    const card = page.getByTestId(`subscription-${item.id}`);
    await expect(card.getByTestId("subscription-period")).toHaveText(
      `Bezahlt bis ${shownDay(item.subscription.paid_through)}`,
    );

    // Autopay: PayPal's buttons with intent=subscription (the stand-in's stub) approve make_recurring's id.
    await card.getByRole("button", { name: "Monatlich automatisch über PayPal zahlen" }).click();
    await card.getByRole("button", { name: "PayPal (stand-in)" }).click();
    await expect(card.getByText("Die automatische Zahlung wird eingerichtet")).toBeVisible();
    // The same id again while it waits for PayPal's activation.
    const recurring = await request.post(
      `/api/v2/orders/subscriptions/${item.id}/make_recurring/?locale=de`,
      {
        headers: parent.headers,
      },
    );
    expect(recurring.status(), await recurring.text()).toBe(200);
    const { id: subscriptionId } = (await recurring.json()) as { id: string };
    expect(subscriptionId).toMatch(/^I-/);

    // PayPal activates the subscription and charges the next month.
    await paypalWebhook(request, "BILLING.SUBSCRIPTION.ACTIVATED", { id: subscriptionId, status: "ACTIVE" });
    await paypalWebhook(request, "PAYMENT.SALE.COMPLETED", {
      id: `SALE-E2E-${Date.now()}`,
      state: "completed",
      amount: { total: item.price, currency: "EUR" },
      billing_agreement_id: subscriptionId,
    });
    const renewed = await subscriptionItem(request, parent);
    expect(renewed.subscription.paid_until > item.subscription.paid_until).toBe(true);

    await page.reload();
    await expect(card.getByTestId("subscription-period")).toHaveText(
      `Bezahlt bis ${shownDay(renewed.subscription.paid_through)}`,
    );
    await expect(card).toContainText("Monatliche automatische Zahlung aktiv");

    // The month PayPal charged has its own invoice (D556): folded under the item, downloaded as its PDF.
    const [month] = renewed.subscription.month_invoices;
    if (!month) throw new Error("the month paid has no invoice");
    const day = (iso: string) => iso.split("-").reverse().join(".");
    const months = page.getByTestId(`month-invoices-${item.id}`);
    await months.getByText("Rechnung eines weiteren Monats (1)").click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      months.getByRole("button", { name: `Rechnung ${day(month.from)} – ${day(month.to)} (PDF)` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${month.number}.pdf`);
  });

  test("a parent cancels through 'Verträge hier kündigen' without a password and gets the mail", async ({
    browser,
    request,
  }) => {
    const { parent, item } = await subscriber(request, "abo-cancel");
    // A fresh browser: nobody is signed in.
    const context = await browser.newContext();
    await context.addInitScript(() => window.localStorage.setItem("is-closed-cookie", "true"));
    const page = await context.newPage();
    await page.goto("/?locale=de");
    await page.getByTestId("footer-cancel-contracts").click();
    await expect(page.getByRole("heading", { level: 1, name: "Verträge hier kündigen" })).toBeVisible();
    expect(await severeFindings(page, "cancel contracts")).toEqual([]);

    await page.getByLabel("Vertragsnummer").fill(item.subscription.contract_number);
    await page.getByLabel("Ihr Name").fill("Paula Parent");
    await page.getByLabel("Ihre E-Mail-Adresse").fill(parent.email);
    await expect(page.getByLabel("Ordentliche Kündigung", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Zum nächstmöglichen Zeitpunkt (Ende des bezahlten Monats)")).toBeChecked();
    // By keyboard: Enter in a field sends the form ("jetzt kündigen").
    await page.getByLabel("Ihre E-Mail-Adresse").press("Enter");
    const received = page.getByTestId("cancel-received");
    await expect(received).toContainText("Ihre Kündigung ist am");
    await expect(received).toContainText(parent.email);
    await expect(received).toBeFocused();

    const mail = await newestMail("contract-cancellation", parent.email);
    expect(mail).toContain("Bestätigung Ihrer Kündigung");
    expect(mail).toMatch(/am \d{1,2}\. \S+ \d{4} um \d{2}:\d{2} erhalten/);
    expect(mail).toContain(item.subscription.contract_number);

    const after = await subscriptionItem(request, parent);
    expect(after.subscription.ends_at).toBe(item.subscription.paid_until);
    await context.close();
  });

  test("the profile's button leads a signed-in parent to the page with the contract to pick, in Russian too", async ({
    page,
    request,
  }) => {
    const { parent, item } = await subscriber(request, "abo-profile");
    await useSessionInBrowser(page, parent);
    await page.goto("/profile?tab=sales&locale=ru");
    await page.getByTestId("profile-cancel-contracts").click();
    await expect(page.getByRole("heading", { level: 1, name: "Расторгнуть договоры здесь" })).toBeVisible();
    await page.getByLabel("Договор", { exact: true }).selectOption(String(item.id));
    await expect(page.getByLabel("Ваше имя")).toHaveValue("Paula Parent");
    await page.getByRole("button", { name: "Расторгнуть сейчас" }).click();
    await expect(page.getByTestId("cancel-received")).toContainText("Ваше заявление о расторжении получено");
    const mail = await newestMail("contract-cancellation", parent.email);
    expect(mail).toContain("Подтверждение расторжения договора");
  });
});
