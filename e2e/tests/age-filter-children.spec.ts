import { severeFindings } from "../support/axe.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { bornYearsAgo, createChild, signedInParent, useSessionInBrowser } from "../support/parents.ts";

/**
 * /useAgeFilter for a signed-in parent (D174): the saved children are offered by name and age (from the
 * birth date), one pick (mouse or arrow keys) shows the offers that fit that child across the types, and
 * "another age" brings back the age input. 390 × 844 in German and Russian; nothing scrolls sideways at 320.
 */
test.use({ viewport: { width: 390, height: 844 } });

const TEXTS = {
  de: {
    group: "Für wen suchen Sie?",
    mia: "Mia, 6 Jahre",
    ben: "Ben, 12 Jahre",
    other: "Anderes Alter eingeben",
    miaResults: "Angebote für Mia (6 Jahre)",
    benResults: "Angebote für Ben (12 Jahre)",
    courses: "Kurse",
    age: "Alter Ihres Kindes (in Jahren)",
  },
  ru: {
    group: "Для кого вы ищете занятия?",
    mia: "Mia, 6 лет",
    ben: "Ben, 12 лет",
    other: "Указать другой возраст",
    miaResults: "Предложения для ребёнка: Mia, 6 лет",
    benResults: "Предложения для ребёнка: Ben, 12 лет",
    courses: "Курсы",
    age: "Возраст ребёнка (лет)",
  },
} as const;

for (const locale of ["de", "ru"] as const) {
  test(`a parent picks a saved child and sees the offers for that child's age (${locale})`, async ({
    page,
    request,
  }) => {
    const text = TEXTS[locale];
    const parent = await signedInParent(request, `age-filter-${locale}`);
    const mia = await createChild(request, parent, "Mia", bornYearsAgo(6));
    const ben = await createChild(request, parent, "Ben", bornYearsAgo(12));
    await dismissCookieModal(page);
    await useSessionInBrowser(page, parent);

    await page.goto(`/useAgeFilter?locale=${locale}`);
    const group = page.getByRole("group", { name: text.group });
    await expect(group.getByRole("radio")).toHaveCount(3);
    await expect(group.getByRole("radio", { name: text.other })).toBeChecked();

    await group.getByRole("radio", { name: text.mia }).click();
    await expect(page).toHaveURL(new RegExp(`child=${mia.id}`));
    await expect(page.getByRole("heading", { level: 2, name: text.miaResults })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: text.courses, exact: true })).toBeVisible();
    // The seed's course for 5 to 7-year-olds.
    const smallPainters = page
      .getByRole("main")
      .getByRole("article")
      .filter({ hasText: /5[–-]7/ });
    await expect(smallPainters.first()).toBeVisible();
    await expect(page.getByLabel(text.age)).toHaveCount(0);
    expect(await severeFindings(page, "age filter", "main")).toEqual([]);

    // The keyboard moves to the next child, as in any radio group; the offers follow.
    await expect(group.getByRole("radio", { name: text.mia })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page).toHaveURL(new RegExp(`child=${ben.id}`));
    await expect(page.getByRole("heading", { level: 2, name: text.benResults })).toBeVisible();
    await expect(group.getByRole("radio", { name: text.ben })).toBeChecked();
    await expect(
      page
        .getByRole("main")
        .getByRole("article")
        .filter({ hasText: /5[–-]7/ }),
    ).toHaveCount(0);

    // A link with the child (the URL) opens the same choice, e.g. after a reload.
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: text.benResults })).toBeVisible();

    await page.setViewportSize({ width: 320, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true);

    await group.getByRole("radio", { name: text.other }).click();
    await expect(page.getByLabel(text.age)).toBeVisible();
    await expect(page).not.toHaveURL(/child=/);
  });
}

test("the child picked on /useAgeFilter goes on to the offer and is picked in its booking form (D192)", async ({
  page,
  request,
}) => {
  const parent = await signedInParent(request, "age-filter-carry");
  const mia = await createChild(request, parent, "Mia", bornYearsAgo(6));
  await createChild(request, parent, "Ben", bornYearsAgo(12));
  await dismissCookieModal(page);
  await useSessionInBrowser(page, parent);

  await page.goto(`/useAgeFilter?locale=de&child=${mia.id}`);
  await expect(page.getByRole("heading", { level: 2, name: TEXTS.de.miaResults })).toBeVisible();
  const course = page
    .getByRole("main")
    .getByRole("article")
    .filter({ hasText: /5[–-]7/ })
    .first();
  await course.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/product/[^?]+\\?.*child=${mia.id}`));
  await page.getByRole("link", { name: "Buchen" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/product/buy/[^?]+\\?.*child=${mia.id}`));
  await expect(page.getByRole("radio", { name: /Mia/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Ben/ })).not.toBeChecked();
});
