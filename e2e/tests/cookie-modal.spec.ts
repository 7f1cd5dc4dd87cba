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
