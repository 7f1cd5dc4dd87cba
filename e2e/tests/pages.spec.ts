import { dismissCookieModal, expect, test } from "../support/fixtures.ts";

// The pages spec §2 lists, as a parent reaches them: by the footer, and each showing its content.

const FOOTER_LINKS: [string, RegExp][] = [
  ["/courses", /\/courses\?locale=de/],
  ["/academies", /\/academies\?locale=de/],
  ["/workshops", /\/workshops\?locale=de/],
  ["/events", /\/events\?locale=de/],
  ["/school-offers", /\/school_offer\?locale=de/],
  ["/prices", /\/prices\?locale=de/],
  ["/legal", /\/legal\?locale=de/],
  ["/legal/privacy", /\/legal\/privacy\?locale=de/],
  ["/legal/terms", /\/legal\/terms\?locale=de/],
];

test("every footer link of spec §2 leads to its page, with a heading", async ({ page }) => {
  await dismissCookieModal(page);
  for (const [href, url] of FOOTER_LINKS) {
    await page.goto("/about-us?locale=de");
    const footer = page.getByRole("contentinfo");
    await footer.locator(`a[href^="${href}?"], a[href="${href}"]`).first().click();
    await expect(page, href).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

for (const path of ["/events", "/workshops", "/giftcards", "/school_offer"]) {
  test(`${path} lists the seeded offers, each opening its product page`, async ({ page }) => {
    await dismissCookieModal(page);
    await page.goto(`${path}?locale=de`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const cards = page.getByRole("main").locator('a[href^="/product/"]');
    await expect(cards.first()).toBeVisible();
    const name = (await cards.first().innerText()).split("\n")[0]?.trim() ?? "";
    await cards.first().click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name.slice(0, 12));
  });
}

test("/detailView shows the offer named by ?id=, /legals/indexPop links the legal documents", async ({
  page,
}) => {
  await dismissCookieModal(page);
  await page.goto("/detailView?id=kleine-maler-5-7&locale=de");
  await expect(page.getByRole("heading", { name: /Kleine Maler/ }).first()).toBeVisible();
  await page.goto("/legals/indexPop?locale=de");
  const main = page.getByRole("main");
  for (const href of ["/legal", "/legal/privacy", "/legal/terms"]) {
    await expect(main.locator(`a[href^="${href}?"], a[href="${href}"]`).first()).toBeVisible();
  }
  await expect(main.locator('a[href$=".pdf"]').first()).toBeVisible();
});
