import { expect, test } from "../support/fixtures.ts";

test.describe("cookie modal", () => {
  test("accepting essential only closes it for good, with the optional choices off", async ({ page }) => {
    await page.goto("/");
    const modal = page.getByTestId("cookie-modal");
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("link", { name: /pdf|Cookie/i }).first()).toHaveAttribute(
      "href",
      /\/docs\/cookies\.pdf/,
    );
    await expect(modal.getByRole("checkbox").first()).toBeDisabled();
    await page.getByTestId("cookie-accept-essential").click();
    await expect(modal).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("is-closed-cookie"))).toBe("true");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("cookie-modal")).toBeHidden();
  });

  test("accept all turns statistics and external media on and closes", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("cookie-accept-all").click();
    await expect(page.getByTestId("cookie-modal")).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("is-closed-cookie"))).toBe("true");
    const consent = await page.evaluate(() => localStorage.getItem("cookie-consent"));
    expect(JSON.parse(consent ?? "{}")).toMatchObject({
      essential: true,
      statistics: true,
      externalMedia: true,
    });
  });

  test("saving a selection stores exactly the chosen options", async ({ page }) => {
    await page.goto("/");
    const modal = page.getByTestId("cookie-modal");
    const boxes = modal.getByRole("checkbox");
    await expect(boxes).toHaveCount(3);
    await boxes.nth(1).click();
    await page.getByTestId("cookie-save").click();
    await expect(modal).toBeHidden();
    const consent = await page.evaluate(() => localStorage.getItem("cookie-consent"));
    expect(JSON.parse(consent ?? "{}")).toMatchObject({
      essential: true,
      statistics: true,
      externalMedia: false,
    });
  });

  test("a parent who reads Russian switches the modal's language from inside it, the choice kept", async ({
    page,
  }) => {
    await page.goto("/");
    const modal = page.getByRole("dialog", { name: "Cookies und Datenschutz" });
    await expect(modal).toBeVisible();
    // The server's modal takes the choices once the page is hydrated.
    await page.locator("#root:not([data-hydrating])").waitFor({ state: "attached" });
    // The page behind the modal is inert: the header's switch cannot be reached, the modal's own can.
    await modal.getByRole("checkbox").nth(1).click();
    await modal.getByRole("link", { name: "Русский" }).click();
    const russian = page.getByRole("dialog", { name: "Файлы cookie и конфиденциальность" });
    await expect(russian).toBeVisible();
    await expect(page).toHaveURL(/locale=ru/);
    await expect(russian.getByRole("checkbox", { name: /Статистика/ })).toBeChecked();
    // A keyboard's place stays in the modal, not on the inert page behind it.
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") != null)).toBe(true);
    await russian.getByRole("button", { name: "Сохранить выбор" }).click();
    await expect(russian).toBeHidden();
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    const consent = await page.evaluate(() => localStorage.getItem("cookie-consent"));
    expect(JSON.parse(consent ?? "{}")).toMatchObject({ statistics: true, externalMedia: false });
  });

  test("the cookie policy PDF is served in German and Russian", async ({ request }) => {
    for (const path of ["/docs/cookies.pdf", "/docs/cookies.ru.pdf"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()["content-type"]).toBe("application/pdf");
      expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
    }
  });

  test("the Russian modal links the Russian policy", async ({ page }) => {
    await page.goto("/?locale=ru");
    const link = page.getByTestId("cookie-modal").getByRole("link", { name: /PDF/i });
    await expect(link).toHaveAttribute("href", "/docs/cookies.ru.pdf");
  });
});
