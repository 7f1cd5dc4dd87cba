import type { APIRequestContext } from "@playwright/test";
import { berlinToday } from "../support/days.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { newestMail } from "../support/mail.ts";
import {
  bornYearsAgo,
  createChild,
  type Parent,
  signedInParent,
  useSessionInBrowser,
} from "../support/parents.ts";
import { signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * Issue #9, "Done when": a parent buys a gift card, and a second parent redeems it in two orders until the
 * balance is zero; staff cancel the order the card paid wholly, and its amount is on the card again (D494).
 * Payments go through the PayPal stand-in that playwright.config.ts starts.
 */

const standIn = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT ?? 3198}`;

type Product = {
  id: number;
  name: string;
  age_group: string;
  schedule_slots: { id: number; weekday: number | null; date: string | null; space: number }[];
  purchase_options: { id: number; name: string; schedule_type: string; base_price: string }[];
};

async function products(request: APIRequestContext, type: string): Promise<Product[]> {
  const reply = await request.get(`/api/v2/products/?locale=de&page_size=100&product_type=${type}`);
  return ((await reply.json()) as { results: Product[] }).results;
}

/** Pays the parent's cart: fulfil, the buyer approves at the stand-in, capture (or nothing left to pay). */
async function pay(request: APIRequestContext, parent: Parent): Promise<number> {
  const fulfil = await request.post("/api/v2/orders/fulfill/?locale=de&payment_gateway=paypal", {
    headers: parent.headers,
    data: { terms_accepted: true },
  });
  expect(fulfil.status(), await fulfil.text()).toBe(200);
  const { id, order_id: orderId } = (await fulfil.json()) as { id: string; order_id: number };
  if (!/^\d+$/.test(id)) expect((await request.post(`${standIn}/stand-in/approve/${id}`)).ok()).toBe(true);
  const capture = await request.post(`/api/v2/orders/${id}/capture/?locale=de`, {
    headers: parent.headers,
    data: { orderID: id },
  });
  expect(capture.status(), await capture.text()).toBe(200);
  expect((await capture.json()).status).toBe("payment_fulfilled");
  return orderId;
}

/** An amount as the cart shows it in German: "65 €", "12,50 €". */
const euros = (value: number, sign = "") =>
  new RegExp(
    `^${sign}${String(Math.trunc(value))}(,${String(Math.round((value % 1) * 100)).padStart(2, "0")})?\\s€$`,
  );

async function add(request: APIRequestContext, parent: Parent, data: Record<string, unknown>) {
  const added = await request.post("/api/v2/orders/items/?locale=de", { headers: parent.headers, data });
  expect(added.status(), await added.text()).toBe(201);
}

test("a parent buys a gift card; a second parent redeems it in two orders until the balance is zero", async ({
  page,
  request,
}) => {
  // The buyer: a gift card of 100 €, paid with PayPal, arrives by mail with its PDF.
  const buyer = await signedInParent(request, "gift-buyer");
  const [giftCard] = await products(request, "GiftCard");
  const hundred = giftCard?.purchase_options.find((option) => option.base_price === "100.00");
  if (!giftCard || !hundred) throw new Error("the seed has no 100 € gift card");
  await add(request, buyer, { product_page: giftCard.id, purchase_option: hundred.id });
  await pay(request, buyer);
  const mail = await newestMail("gift-card", buyer.email);
  expect(mail).toMatch(/Content-Type: application\/pdf/i);
  const code = mail.match(/\b[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}\b/)?.[0];
  if (!code) throw new Error("no gift card code in the mail");

  // The second parent: first a workshop (cheaper than the card), then a course for the rest.
  const parent = await signedInParent(request, "gift-redeemer");
  const workshop = (await products(request, "Workshop"))
    .map((p) => ({
      p,
      option: p.purchase_options.find((o) => o.schedule_type === "Ticket"),
      slot: p.schedule_slots.find((s) => s.date && s.space > 0),
    }))
    .filter((w) => w.option && w.slot && Number(w.option.base_price) < 100)[0];
  if (!workshop?.option || !workshop.slot) throw new Error("the seed has no workshop under 100 € with seats");
  const lev = await createChild(
    request,
    parent,
    "Lev",
    bornYearsAgo(Number(workshop.p.age_group.match(/^\d+/)?.[0]) + 1),
  );
  await add(request, parent, {
    product_page: workshop.p.id,
    purchase_option: workshop.option.id,
    visitor: lev.id,
    schedule_slots: [workshop.slot.id],
  });

  await dismissCookieModal(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await useSessionInBrowser(page, parent);
  await page.goto("/cart?locale=de");
  await page.getByLabel("Gutscheincode").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Einlösen" }).click();
  await expect(page.getByTestId("gift-card-applied")).toHaveText(`Gutschein ${code} ist eingelöst.`);
  const workshopPrice = Number(workshop.option.base_price);
  await expect(page.getByTestId("cart-gift-card")).toHaveText(euros(workshopPrice, "−"));
  await expect(page.getByTestId("cart-due-now")).toHaveText(euros(0));
  const workshopOrder = await pay(request, parent);
  // The payment page says what the card paid, and no "Bezahlt: 0 €" beside it (D496).
  await page.goto(`/payment-complete/${workshopOrder}?locale=de`);
  const summary = page.getByTestId("payment-summary");
  await expect(summary).toContainText(`Bezahlt mit Gutschein ${code}`);
  await expect(page.getByTestId("payment-gift-card")).toHaveText(euros(workshopPrice));
  await expect(summary).not.toContainText("Dazu bezahlt");

  const course = (await products(request, "Course"))
    .map((p) => ({
      p,
      option: p.purchase_options.find((o) => o.schedule_type === "Course (1 / week)"),
      slot: p.schedule_slots.find((s) => s.weekday !== null && s.space > 0),
    }))
    .find((c) => c.option && c.slot && Number(c.option.base_price) >= 100 - workshopPrice);
  if (!course?.option || !course.slot) throw new Error("the seed has no course for the rest of the card");
  const mila = await createChild(
    request,
    parent,
    "Mila",
    bornYearsAgo(Number(course.p.age_group.match(/^\d+/)?.[0]) + 1),
  );
  await add(request, parent, {
    product_page: course.p.id,
    purchase_option: course.option.id,
    visitor: mila.id,
    schedule_slots: [course.slot.id],
  });
  await page.goto("/cart?locale=de");
  await page.getByLabel("Gutscheincode").fill(code);
  await page.getByRole("button", { name: "Einlösen" }).click();
  const rest = 100 - workshopPrice;
  await expect(page.getByTestId("cart-gift-card")).toHaveText(euros(rest, "−"));
  await pay(request, parent);

  // The card is spent: the field says so.
  const nina = await createChild(
    request,
    parent,
    "Nina",
    bornYearsAgo(Number(workshop.p.age_group.match(/^\d+/)?.[0]) + 1),
  );
  await add(request, parent, {
    product_page: workshop.p.id,
    purchase_option: workshop.option.id,
    visitor: nina.id,
    schedule_slots: [workshop.slot.id],
  });
  await page.goto("/cart?locale=de");
  await page.getByLabel("Gutscheincode").fill(code);
  await page.getByRole("button", { name: "Einlösen" }).click();
  await expect(page.getByText("Dieser Gutschein hat kein Guthaben mehr.")).toBeVisible();

  // Staff find the workshop's order, which the card paid wholly: it is paid, and cancelling it with its
  // refund puts the workshop's price back onto the card (D494).
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInToBackOffice(page);
  await page.getByRole("menuitem", { name: "Bestellungen" }).click();
  await page.getByLabel("Suche (Name, E-Mail, Kind, Nr.)").fill(parent.email);
  await expect(page.locator("tbody tr")).toHaveCount(2);
  const row = page.locator("tbody tr").filter({ hasText: workshop.p.name });
  const price = workshop.option.base_price.replace(".", ",");
  // The list says what the card paid beside the total due through PayPal, not "0,00 €" alone.
  await expect(row).toContainText(new RegExp(`0,00\\s€ · Gutschein: ${price}\\s€`));
  await row.locator("td").first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${workshopOrder}/show$`));
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(`Bestellung ${workshopOrder} · Bezahlt`);
  await expect(page.getByText(new RegExp(`Gutschein: ${price}\\s€`))).toBeVisible();
  const levLine = page
    .getByRole("region", { name: "Positionen" })
    .getByRole("row")
    .filter({ hasText: "Lev" });
  await levLine.getByRole("button", { name: "Erstatten oder stornieren" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Was mit dem Gutschein bezahlt wurde, geht auf den Gutschein zurück");
  await dialog.getByLabel("Position stornieren (der Platz wird frei)").check();
  await dialog.getByLabel(/Grund/).fill("Der Workshop fällt aus");
  await dialog.getByRole("button", { name: "Ausführen" }).click();
  await expect(dialog).toBeHidden();
  const refunds = page.getByRole("region", { name: "Erstattungen" });
  await expect(refunds).toContainText(new RegExp(`davon ${price}\\s€ auf den Gutschein`));
  await expect(heading).toContainText("Erstattet");
  expect(await newestMail("staff-refund", parent.email)).toContain("wieder gutgeschrieben");

  // The parent redeems the card again for Nina's workshop.
  await useSessionInBrowser(page, parent);
  await page.goto("/cart?locale=de");
  await page.getByLabel("Gutscheincode").fill(code);
  await page.getByRole("button", { name: "Einlösen" }).click();
  await expect(page.getByTestId("cart-gift-card")).toHaveText(euros(workshopPrice, "−"));
});

test("a gift card of any amount goes by mail to its recipient, and no child is asked (issue 24)", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await dismissCookieModal(page);
  const buyer = await signedInParent(request, "gift-giver");
  await useSessionInBrowser(page, buyer);
  await page.goto("/product/buy/geschenkgutschein?locale=de");
  // Its own form: amount, recipient, message, delivery; no child, no slot, no allergy comment.
  await expect(page.getByRole("group", { name: "Betrag" })).toBeVisible();
  await expect(page.getByRole("group", { name: /Kind/ })).toHaveCount(0);
  await expect(page.getByLabel(/Allergie|Kommentar/)).toHaveCount(0);

  await page.getByRole("radio", { name: "Anderer Betrag" }).check();
  await page.getByLabel("Betrag in Euro").fill("5");
  await page.getByLabel("Für wen ist der Gutschein?").fill("Lukas Becker");
  await page.getByRole("button", { name: /in den Warenkorb/ }).click();
  // Below the limit: said at the field, nothing added.
  await expect(page.getByText("Ein Gutschein kann zwischen 10 € und 500 € wert sein.")).toBeVisible();
  await expect(page.getByLabel("Betrag in Euro")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Betrag in Euro").fill("60");
  await page.getByLabel("Ihre Nachricht (freiwillig)").fill("Viel Spass beim Malen!");
  await page.getByRole("radio", { name: /Direkt per E-Mail an die beschenkte Person/ }).check();
  await page.getByLabel("E-Mail-Adresse der beschenkten Person").fill("oma.becker@example.org");
  await page.getByLabel("Versandtag").fill(berlinToday());
  await page.getByRole("button", { name: "Gutschein über 60 € in den Warenkorb" }).click();
  await expect(page.getByTestId("added-dialog")).toContainText(
    "Der Gutschein für Lukas Becker liegt jetzt im Warenkorb.",
  );
  await page.getByRole("link", { name: "Zum Warenkorb" }).click();
  await expect(page.getByText("Gutschein für Lukas Becker.")).toBeVisible();
  await expect(page.getByText(/per E-Mail an oma\.becker@example\.org/)).toBeVisible();

  await pay(request, buyer);
  const toRecipient = await newestMail("gift-card", "oma.becker@example.org");
  expect(toRecipient).toContain("Viel Spass beim Malen!");
  expect(toRecipient).toMatch(/Content-Type: application\/pdf/i);
  const code = toRecipient.match(/\b[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}\b/)?.[0];
  expect(code).toBeTruthy();
  // The buyer has the same card, and is told where it went.
  const toBuyer = await newestMail("gift-card", buyer.email);
  expect(toBuyer).toContain(code);
  expect(toBuyer).toContain("oma.becker@example.org");
});

test("the gift card form in Russian: a suggested amount for oneself, the cart line names the recipient", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await dismissCookieModal(page);
  const buyer = await signedInParent(request, "gift-giver-ru");
  await useSessionInBrowser(page, buyer);
  await page.goto("/product/buy/geschenkgutschein?locale=ru");
  await page.getByLabel("Кому дарите сертификат?").fill("Соня");
  await page.getByRole("button", { name: /Добавить сертификат на .* в корзину/ }).click();
  await expect(page.getByTestId("added-dialog")).toContainText(
    "Сертификат добавлен в корзину. Получатель: Соня.",
  );
  await page
    .getByRole("link", { name: /корзин/i })
    .last()
    .click();
  await expect(page.getByText("Получатель сертификата: Соня.")).toBeVisible();
  await expect(page.getByText("Придёт вам по электронной почте после оплаты.")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
