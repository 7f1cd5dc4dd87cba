import type { APIRequestContext, Page } from "@playwright/test";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { signedInParent, useSessionInBrowser } from "../support/parents.ts";

/**
 * Issue 24 item 1 (D141): a guest's child meets the age rule when the booking is added, with a message
 * naming the child, and after sign-in an item that cannot move to a saved child says why and how to fix it.
 */
const ACADEMY = "ferien-kunstakademie-8-11";

type Academy = {
  id: number;
  purchase_options: { id: number; name: string; schedule_type: string }[];
  academy_schedule_slots: { id: number; starts_on: string; space: number }[];
};

async function academy(request: APIRequestContext): Promise<Academy> {
  const response = await request.get(`/api/v2/products/${ACADEMY}/?locale=de`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Academy;
}

/** The first week with seats that starts after tomorrow: a child can be 11 today and 12 then. */
function laterWeek(product: Academy) {
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const week = [...product.academy_schedule_slots]
    .filter((w) => w.starts_on > tomorrow && w.space > 0)
    .sort((a, b) => a.starts_on.localeCompare(b.starts_on))[0];
  if (!week) throw new Error("the seed has no later academy week");
  return week;
}

/** Born the day before `day`, `age` years earlier: `age` on that day, `age - 1` today. */
function twelveOn(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 12);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

const TEXTS = {
  de: {
    addChild: "Neues Kind anlegen",
    form: "Neues Kind",
    first: "Vorname",
    last: "Nachname",
    birth: "Geburtsdatum",
    save: "Speichern",
    submit: "In den Warenkorb",
    failed: "Nicht hinzugefügt",
    message: "Lukas ist in dieser Woche 12; das Angebot ist für 8–11.",
  },
  ru: {
    addChild: "Добавить ребёнка",
    form: "Новый ребёнок",
    first: "Имя",
    last: "Фамилия",
    birth: "Дата рождения",
    save: "Сохранить",
    submit: "В корзину",
    failed: "Не добавлено",
    message: "Lukas: на этой неделе возраст — 12, а это предложение — для детей 8–11 лет.",
  },
} as const;

async function bookAsGuest(page: Page, locale: "de" | "ru", product: Academy) {
  const t = TEXTS[locale];
  const week = laterWeek(product);
  await page.goto(`/product/buy/${ACADEMY}?locale=${locale}`);
  const option = product.purchase_options[0];
  if (!option) throw new Error("no option");
  await page.locator(`input[name="purchase_option"][value="${option.id}"]`).check();
  await page.getByRole("button", { name: t.addChild }).click();
  const form = page.getByRole("form", { name: t.form });
  await form.getByLabel(t.first).fill("Lukas");
  await form.getByLabel(t.last).fill("Muster");
  await form.getByLabel(t.birth).fill(twelveOn(week.starts_on));
  await form.getByRole("button", { name: t.save }).click();
  await expect(form).toBeHidden();
  await page.locator(`input[name="academy_weeks"][value="${week.id}"]`).check();
  await page.getByRole("button", { name: t.submit }).click();
}

test.describe("the age rule for a guest's child (D141)", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieModal(page);
  });

  test("de, phone: refused at add, naming the child and its age in the week booked", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await bookAsGuest(page, "de", await academy(request));
    const dialog = page.getByRole("alertdialog", { name: TEXTS.de.failed });
    await expect(dialog).toContainText(TEXTS.de.message);
    // Nothing went into the cart.
    const cartId = await page.evaluate(() => localStorage.getItem("cart-id"));
    const cart = await request.get(`/api/v2/orders/current/?locale=de&cart_id=${cartId}`);
    expect(((await cart.json()) as { items: unknown[] }).items).toEqual([]);
  });

  test("ru, desktop: the same refusal in Russian, the name not declined", async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await bookAsGuest(page, "ru", await academy(request));
    await expect(page.getByRole("alertdialog", { name: TEXTS.ru.failed })).toContainText(TEXTS.ru.message);
  });

  test("after sign-in an item that cannot move to the saved child says why and how to fix it", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const product = await academy(request);
    const week = laterWeek(product);
    // A guest cart of before this check (or of a client that sends no birth date).
    const { cart_id } = await (await request.post("/api/v2/orders/init/?locale=de")).json();
    const item = await request.post(`/api/v2/orders/items/?locale=de&cart_id=${cart_id}`, {
      data: {
        product_page: product.id,
        purchase_option: product.purchase_options[0]?.id,
        visitor: 1,
        academy_weeks: [week.id],
      },
    });
    expect(item.status()).toBe(201);
    const parent = await signedInParent(request, "guest-age");
    await useSessionInBrowser(page, parent);
    await page.evaluate(
      ({ cartId, birthDate }) => {
        localStorage.setItem("cart-id", cartId);
        localStorage.setItem(
          "visitors",
          JSON.stringify([{ id: 1, first_name: "Lukas", last_name: "Muster", birth_date: birthDate }]),
        );
      },
      { cartId: cart_id, birthDate: twelveOn(week.starts_on) },
    );
    await page.goto("/cart?locale=de");
    const notice = page.getByTestId("cart-item-unmoved");
    await expect(notice).toContainText("Diese Buchung gehört noch zu keinem Kind in Ihrem Profil.");
    await expect(notice).toContainText(TEXTS.de.message);
    await expect(notice).toContainText("Keines Ihrer Kinder passt zu diesem Termin.");
    await expect(notice.getByRole("link", { name: /einen anderen Termin/ })).toHaveAttribute(
      "href",
      new RegExp(`/product/buy/${ACADEMY}`),
    );

    // Picking the child anyway: the refusal is said under the picker, not only in the console.
    await page.getByRole("combobox").selectOption({ label: "Lukas Muster" });
    await expect(page.getByRole("alert").filter({ hasText: "Altersgruppe" })).toBeVisible();
    await expect(notice).toBeVisible();
  });
});
