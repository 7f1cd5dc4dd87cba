import type { APIRequestContext, Page } from "@playwright/test";
import { trialDayOf } from "../support/days.ts";
import { expect, test } from "../support/fixtures.ts";
import { buyWeeklyCourse } from "../support/orders.ts";
import { signedInParent } from "../support/parents.ts";
import { rawCodesShown } from "../support/raw-codes.ts";
import { signedInStaff, signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * Every resource of the back office's menu opened as the office manager opens it (issue 29, D230): menu item,
 * first row of the list, its detail page (show or edit), back to the list; in German and in Russian, at
 * 1366 px. A list record lacks the detail fields (an order's items, a person's children): opened from the
 * list, the detail page crashed on them ("Etwas ist schief gelaufen"), while opened by URL it worked.
 * Each list and record page shows no raw code of the contract's enums (D285): "paid", "Course (1 / week)",
 * "customer" and the like are read as words, in both languages.
 */
test.use({ viewport: { width: 1366, height: 768 } });

/** The error boundary's title, in the back office's two languages. */
const CRASHED = /Etwas ist schief gelaufen|Что-то пошло не так/;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** One row in each list the seed leaves empty: an order, a person with a child, requests, a closure, a redirect. */
async function fillEmptyLists(request: APIRequestContext) {
  const staff = await signedInStaff(request);
  const parent = await signedInParent(request, "every-resource");
  const { course } = await buyWeeklyCourse(request, parent, "Lina");
  const adult = { first_name: "Paula", last_name: "Parent", email: parent.email, phone: "+4915112345678" };
  const visit = await request.post("/api/v2/orders/visit_request/?locale=de", {
    headers: parent.headers,
    data: {
      product_page: course.id,
      children: [{ first_name: "Lina", last_name: "Muster", birth_date: "2019-05-02" }],
      adults: [{ ...adult, relation: "" }],
      date: await trialDayOf(request, course.id),
    },
  });
  expect(visit.status(), await visit.text()).toBe(201);
  const callback = await request.post("/api/v2/contact_us/callback/?locale=de", {
    data: { ...adult, comment: "Bitte zurückrufen" },
  });
  expect(callback.status(), await callback.text()).toBe(201);
  const parties = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=BirthdayParty");
  const party = ((await parties.json()) as { results: { id: number; purchase_options: { id: number }[] }[] })
    .results[0];
  const asked = await request.post("/api/v2/party_requests/?locale=de", {
    headers: parent.headers,
    data: {
      product_page: party?.id,
      purchase_option: party?.purchase_options[0]?.id,
      dates: [inDays(40)],
      children_count: 6,
      ages: [7],
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const houses = await request.get("/api/v2/admin/locations/?locale=de", { headers: staff.headers });
  const house = ((await houses.json()) as { id: number }[])[0];
  const closure = await request.post("/api/v2/admin/closures/?locale=de", {
    headers: staff.headers,
    data: {
      location_id: house?.id,
      starts_on: inDays(300),
      ends_on: inDays(302),
      name: { de: "Brückentage", ru: "Мостовые дни" },
    },
  });
  expect(closure.status(), await closure.text()).toBe(201);
  const redirect = await request.post("/api/v2/admin/redirects/?locale=de", {
    headers: staff.headers,
    data: { from_path: `/flyer-${Date.now()}`, target: "/courses", note: "Flyer" },
  });
  expect(redirect.status(), await redirect.text()).toBe(201);
}

/** Console errors, uncaught errors and 5xx answers while the page is open. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

/** The list's first row opened (the row is a link to its detail page), checked, and left with Back. */
async function openFirstRow(page: Page, name: string, listUrl: string) {
  const firstRow = page.locator("tbody tr").first();
  await expect(firstRow, `${name}: the list has a row`).toBeVisible();
  // The first cell that is not a button: a click on the row opens the record.
  await firstRow.locator("td").first().click();
  await expect(page, `${name}: the row opens the record`).not.toHaveURL(listUrl);
  await expect(page).toHaveURL(/\/admin\/[a-z-]+\/\d+(\/show)?$/);
  // The detail page has loaded its record: a form or a show layout, and no error boundary.
  await expect(page.locator("form, .RaShow-main, .show-page").first(), name).toBeVisible();
  await expect(page.getByText(CRASHED)).toHaveCount(0);
  // Words, not codes (D285): the record's states, kinds and languages as the staff member reads them.
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  expect(await rawCodesShown(page), `${name}: raw codes on the record's page`).toEqual([]);
  await page.goBack();
  await expect(page, `${name}: Back returns to the list`).toHaveURL(listUrl);
  await expect(page.locator("tbody tr").first()).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  await fillEmptyLists(request);
});

for (const locale of ["de", "ru"] as const) {
  test(`every resource of the menu opens from its list and back, without an error (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const problems = watch(page);
    await signInToBackOffice(page, locale);
    const menu = page.getByRole("menuitem");
    const entries = await menu.evaluateAll((items) =>
      items.map((item) => ({ name: item.textContent?.trim() ?? "", href: item.getAttribute("href") ?? "" })),
    );
    expect(entries.length).toBeGreaterThan(15);
    const opened: string[] = [];
    for (const { name, href } of entries) {
      await page.getByRole("menuitem", { name, exact: true }).click();
      const listUrl = new URL(href, page.url()).href;
      await expect(page, name).toHaveURL(listUrl);
      await expect(page.getByText(CRASHED)).toHaveCount(0);
      await expect(page.getByRole("progressbar")).toHaveCount(0);
      expect(await rawCodesShown(page), `${name}: raw codes in the list`).toEqual([]);
      // Screens of their own (dashboard, attendance, accounting, the door, waiting lists, the phone booking's form)
      // and the instructors' reports (handled in their list) have no record pages.
      const hasRecords =
        !/\/admin(\/(attendance|accounting|door|waiting-list|staff-orders|instructor-reports))?$/.test(
          new URL(listUrl).pathname,
        );
      if (hasRecords) {
        await openFirstRow(page, name, listUrl);
        opened.push(name);
      }
      expect(problems, name).toEqual([]);
    }
    console.log(`${locale}: ${opened.length} resources opened from their lists: ${opened.join(", ")}`);
    expect(opened.length).toBeGreaterThanOrEqual(18);
  });
}
