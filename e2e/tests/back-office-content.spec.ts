import { expect, test } from "../support/fixtures.ts";
import { signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * The back office in Russian at 1366 px (D123, D125): staff edit a legal page's Russian markdown, see the
 * preview as the shop renders it, save, and the shop shows it on the next request; then they issue a gift
 * card by hand with a reason and read its balance history.
 */
test.use({ viewport: { width: 1366, height: 768 } });
test.setTimeout(90_000);

test.beforeEach(async ({ page }) => {
  await signInToBackOffice(page, "ru");
});

test("staff edit the terms in Russian with a preview, and the shop shows them on the next request", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await page.getByRole("menuitem", { name: "Страницы" }).click();
  await page.getByRole("cell", { name: "terms", exact: true }).click();

  const body = page.getByLabel("Текст (Markdown) · Русский");
  await expect(body).not.toHaveValue("");
  const before = await body.inputValue();
  await body.fill(`${before}\n\n## Дополнение ${stamp}\n\nЗанятия **по субботам** тоже.`);
  const preview = page.getByRole("region", { name: "Так страница будет выглядеть в магазине · Русский" });
  await expect(preview.getByRole("heading", { name: `Дополнение ${stamp}` })).toBeVisible();
  await expect(preview.locator("strong", { hasText: "по субботам" })).toBeVisible();
  await expect(page.locator("html")).toHaveJSProperty("scrollWidth", 1366);

  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("menuitem", { name: "Страницы" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "terms", exact: true })).toBeVisible();

  await page.goto("/legal/terms?locale=ru");
  await expect(page.getByRole("heading", { name: `Дополнение ${stamp}` })).toBeVisible();
});

test("staff issue a gift card by hand with a reason, deactivate it and read its history", async ({
  page,
}) => {
  await page.getByRole("menuitem", { name: "Подарочные сертификаты" }).click();
  await page.getByRole("link", { name: "Создать" }).click();
  await page.getByLabel("Номинал в €").fill("25");
  await page.getByLabel("Причина").fill("Компенсация за отменённое занятие");
  await page.getByRole("button", { name: "Сохранить" }).click();

  const code = page.getByLabel("Код");
  await expect(code).toHaveValue(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
  const written = await code.inputValue();
  const history = page.getByRole("table");
  await expect(history.getByRole("row").filter({ hasText: "Выпущен" })).toContainText("25,00");

  await page.getByLabel("Активен").uncheck();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("menuitem", { name: "Подарочные сертификаты" })).toBeVisible();
  await page.getByPlaceholder("Поиск").fill(written);
  const row = page.getByRole("row").filter({ hasText: written });
  await expect(row).toContainText("Компенсация за отменённое занятие");
  await row.click();
  await expect(page.getByLabel("Активен")).not.toBeChecked();
});
