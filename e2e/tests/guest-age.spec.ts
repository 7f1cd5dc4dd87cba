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
    book: "Jetzt buchen",
    addChild: "Neues Kind anlegen",
    form: "Neues Kind",
    first: "Vorname",
    last: "Nachname",
    birth: "Geburtsdatum",
    save: "Speichern",
    submit: "In den Warenkorb",
    added: "Im Warenkorb",
    message: "Lukas ist in dieser Woche 12 Jahre alt; das Angebot ist für die Altersgruppe 8–11.",
    jonas: "Jonas ist am Tag des Termins 9 Jahre alt; das Angebot ist für die Altersgruppe 10+.",
    dateNote: "Nicht für Jonas: an diesem Tag 9 Jahre alt.",
  },
  ru: {
    book: "Забронировать",
    addChild: "Добавить ребёнка",
    form: "Новый ребёнок",
    first: "Имя",
    last: "Фамилия",
    birth: "Дата рождения",
    save: "Сохранить",
    submit: "В корзину",
    added: "В корзине",
    message: "Lukas: на этой неделе возраст — 12, а это предложение — для детей 8–11 лет.",
    jonas: "Jonas: в день занятия возраст — 9, а это предложение — для детей 10+ лет.",
    dateNote: "Не подходит по возрасту (Jonas): в этот день — 9 лет.",
  },
} as const;

/** From the offer's page ("Jetzt buchen", as a parent clicks it) to its booking form, with a new child. */
async function openBookingWithChild(
  page: Page,
  locale: "de" | "ru",
  slug: string,
  first: string,
  birth: string,
) {
  const t = TEXTS[locale];
  await page.goto(`/product/${slug}?locale=${locale}`);
  await page.getByRole("link", { name: t.book }).first().click();
  await expect(page).toHaveURL(new RegExp(`/product/buy/${slug}`));
  await page.getByRole("button", { name: t.addChild }).click();
  const form = page.getByRole("form", { name: t.form });
  await form.getByLabel(t.first).fill(first);
  await form.getByLabel(t.last).fill("Muster");
  await form.getByLabel(t.birth).fill(birth);
  await form.getByRole("button", { name: t.save }).click();
  await expect(form).toBeHidden();
}

/** Lukas is 12 from the first offered week on: the form says so before anything is chosen or added. */
async function academyRefusedBeforeAdding(page: Page, locale: "de" | "ru", product: Academy) {
  const t = TEXTS[locale];
  const first = [...product.academy_schedule_slots].map((w) => w.starts_on).sort()[0] ?? "";
  const option = product.purchase_options[0];
  if (!option) throw new Error("no option");
  await openBookingWithChild(page, locale, ACADEMY, "Lukas", twelveOn(first));
  await page.locator(`input[name="purchase_option"][value="${option.id}"]`).check();
  // One message, the server's own text, before the parent chooses; no "the school checks" warning.
  await expect(page.getByTestId("age-notice")).toContainText(t.message);
  await expect(page.getByText(/prüft die Buchung|проверит запись/)).toHaveCount(0);
  // The add waits, described by the message; every week is closed to this child.
  const submit = page.getByRole("button", { name: t.submit });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription(new RegExp(t.message.slice(0, 12)));
  for (const week of product.academy_schedule_slots) {
    await expect(page.locator(`input[name="academy_weeks"][value="${week.id}"]`)).toBeDisabled();
  }
}

type Workshop = { id: number; schedule_slots: { id: number; date: string | null; space: number }[] };

/** A workshop for 10+ with two coming dates far enough apart for a birthday between them. */
async function workshopDates(request: APIRequestContext) {
  const response = await request.get(`/api/v2/products/${WORKSHOP}/?locale=de`);
  expect(response.ok()).toBe(true);
  const product = (await response.json()) as Workshop;
  const dates = product.schedule_slots
    .filter((s): s is { id: number; date: string; space: number } => s.date !== null && s.space > 0)
    .sort((a, b) => a.date.localeCompare(b.date));
  const [early, late] = [dates[0], dates.at(-1)];
  if (!early || !late || early.date >= late.date) throw new Error("the workshop needs two coming dates");
  // Ten on the later date (birthday the day before), nine on the earlier one.
  const d = new Date(`${late.date}T12:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 10);
  d.setUTCDate(d.getUTCDate() - 1);
  return { early, late, born: d.toISOString().slice(0, 10) };
}

const WORKSHOP = "toepfern-eigene-tasse";

test.describe("one age rule, said once, before the parent chooses (issue 32 item 4, D295)", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieModal(page);
  });

  test("de, phone: a child too old for every week is told so in the form, and cannot add", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await academyRefusedBeforeAdding(page, "de", await academy(request));
  });

  test("ru, desktop: the same message in Russian, the name not declined", async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await academyRefusedBeforeAdding(page, "ru", await academy(request));
  });

  for (const [locale, width] of [
    ["de", 390],
    ["ru", 1366],
  ] as const) {
    test(`${locale}, ${width} px: the date a child is 9 is closed beside it; the date it is 10 adds without a warning`, async ({
      page,
      request,
    }) => {
      const t = TEXTS[locale];
      await page.setViewportSize({ width, height: 900 });
      const { early, late, born } = await workshopDates(request);
      await openBookingWithChild(page, locale, WORKSHOP, "Jonas", born);
      const earlyInput = page.locator(`input[name="schedule_slots"][value="${early.id}"]`);
      await expect(earlyInput).toBeDisabled();
      await expect(page.getByText(t.dateNote).first()).toBeVisible();
      // Another date fits: no refusal above, no warning that stays.
      await expect(page.getByTestId("age-notice")).toHaveCount(0);
      await page.locator(`input[name="schedule_slots"][value="${late.id}"]`).check();
      await expect(page.getByTestId("age-notice")).toHaveCount(0);
      await page.getByRole("button", { name: t.submit }).click();
      await expect(
        page.getByRole("dialog", { name: t.added }).or(page.getByRole("alertdialog", { name: t.added })),
      ).toBeVisible();
      await expect(page.getByText(t.jonas)).toHaveCount(0);
      // Restore: the guest cart is this test's own; nothing shared changed.
    });
  }
});

test.describe("the age rule for a guest's child after sign-in (D141)", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieModal(page);
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
