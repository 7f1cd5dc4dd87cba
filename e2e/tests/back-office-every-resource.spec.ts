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

/**
 * Records the server keeps for good (archived, deactivated or closed instead, D124, D125): their edit page
 * offers no "Löschen" that could only be answered "Nicht gefunden." (D531).
 */
const KEPT_FOR_GOOD = new Set([
  "products",
  "content-pages",
  "promocodes",
  "gift-cards",
  "visit-requests",
  "contact-requests",
  "party-requests",
]);
const DELETE = /^(Löschen|Удалить)$/;

/** React-admin's edit button on a show page, in the back office's two languages. */
const EDIT = /^(Bearbeiten|Редактировать)$/;

/** The record page has loaded: a form or a show layout, no spinner, no error boundary, no raw code (D285). */
async function recordShown(page: Page, name: string) {
  await expect(page.locator("form, .RaShow-main, .show-page").first(), name).toBeVisible();
  await expect(page.getByText(CRASHED)).toHaveCount(0);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  expect(await rawCodesShown(page), `${name}: raw codes on the record's page`).toEqual([]);
}

type Locale = "de" | "ru";

/**
 * The records that are shown, not edited, as a whole: an order (a document: its lines are refunded, cancelled
 * or moved in dialogs) and a person (a family's own data, changed by the family; staff change the role). Their
 * show page's own editing controls are opened, checked and left unsaved: that is their "edit".
 */
const SHOW_PAGE_EDITS: Record<string, (page: Page, locale: Locale) => Promise<void>> = {
  orders: async (page, locale) => {
    const dialogButton = page.getByRole("button", {
      name:
        locale === "de"
          ? /^(Erstatten oder stornieren|Umbuchen)$/
          : /^(Вернуть деньги или отменить|Перенести)$/,
    });
    if ((await dialogButton.count()) === 0) {
      // An unpaid order: nothing to refund or move; its one action is the payment link.
      await expect(
        page.getByRole("button", {
          name: locale === "de" ? "Zahlungslink erneut senden" : "Отправить ссылку на оплату ещё раз",
        }),
      ).toBeVisible();
      return;
    }
    await dialogButton.first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: locale === "de" ? "Abbrechen" : "Отмена" }).click();
    await expect(dialog).toHaveCount(0);
  },
  people: async (page, locale) => {
    await page.getByRole("combobox", { name: locale === "de" ? "Rolle" : "Роль" }).click();
    await expect(page.getByRole("option").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("option")).toHaveCount(0);
  },
};

/**
 * The list's first row opened (the row is a link to its record), then its edit page (show-first resources
 * through show → "Bearbeiten"), then Back to the list. Answers whether the record had an edit page.
 */
async function openFirstRow(page: Page, name: string, listUrl: string, locale: Locale) {
  const firstRow = page.locator("tbody tr").first();
  await expect(firstRow, `${name}: the list has a row`).toBeVisible();
  if (locale === "ru") {
    // By keyboard (D491): the row is in the tab order, and Enter on it opens the record.
    await expect(firstRow, `${name}: the row takes the focus`).toHaveAttribute("tabindex", "0");
    await firstRow.focus();
    await page.keyboard.press("Enter");
  } else {
    // By mouse: the first cell that is not a button; a click on the row opens the record.
    await firstRow.locator("td").first().click();
  }
  await expect(page, `${name}: the row opens the record`).not.toHaveURL(listUrl);
  await expect(page).toHaveURL(/\/admin\/[a-z-]+\/\d+(\/show)?$/);
  await recordShown(page, name);
  let steps = 1;
  let edited = !page.url().endsWith("/show");
  if (!edited) {
    const edit = page.getByRole("link", { name: EDIT });
    const onShowPage = SHOW_PAGE_EDITS[new URL(listUrl).pathname.slice("/admin/".length)];
    if (onShowPage) {
      await onShowPage(page, locale);
      await recordShown(page, name);
      edited = true;
    } else if ((await edit.count()) > 0) {
      await edit.first().click();
      await expect(page, `${name}: show → edit`).toHaveURL(/\/admin\/[a-z-]+\/\d+$/);
      await expect(page.locator("form").first(), `${name}: the edit form`).toBeVisible();
      await recordShown(page, name);
      edited = true;
      steps = 2;
    }
  }
  if (KEPT_FOR_GOOD.has(new URL(listUrl).pathname.slice("/admin/".length)))
    await expect(page.getByRole("button", { name: DELETE }), `${name}: no delete it cannot do`).toHaveCount(
      0,
    );
  for (let i = 0; i < steps; i++) await page.goBack();
  await expect(page, `${name}: Back returns to the list`).toHaveURL(listUrl);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  return edited;
}

/** The audit log's rows are no records of their own: the first row's record link opens the record it names. */
async function openAuditRecord(page: Page, name: string, listUrl: string) {
  const firstRow = page.locator("tbody tr").first();
  await expect(firstRow, `${name}: the log has a row`).toBeVisible();
  await firstRow.getByRole("link").last().click();
  await expect(page, `${name}: the row's record`).toHaveURL(/\/admin\/[a-z-]+\/\d+(\/show)?$/);
  await recordShown(page, name);
  await page.goBack();
  await expect(page, `${name}: Back returns to the log`).toHaveURL(listUrl);
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  await fillEmptyLists(request);
});

/**
 * The menu entries whose rows are no records to edit: the audit log (what happened stays as it happened; its
 * first row's record link is opened instead) and the mails (a mail went as it was written; one given up is
 * only sent again). Every other resource's first row is edited.
 */
const READ_ONLY = ["audit", "mails"];

/** The admin-only entries of the menu (D240): the audit log and the school's settings. */
const ADMIN_ONLY = ["/admin/audit", "/admin/school-settings"];

for (const locale of ["de", "ru"] as const) {
  test(`every resource of the admin's menu opens from its list, edit and back, without an error (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const problems = watch(page);
    // The printed admin (D240): the admin-only entries ("Protokoll", "Schuldaten", …) are in the menu too.
    await signInToBackOffice(page, locale, "admin");
    const menu = page.getByRole("menuitem");
    const entries = await menu.evaluateAll((items) =>
      items.map((item) => ({ name: item.textContent?.trim() ?? "", href: item.getAttribute("href") ?? "" })),
    );
    expect(entries.map((e) => new URL(e.href, page.url()).pathname)).toEqual(
      expect.arrayContaining(ADMIN_ONLY),
    );
    const edited: string[] = [];
    const shownOnly: string[] = [];
    for (const { name, href } of entries) {
      await page.getByRole("menuitem", { name, exact: true }).click();
      const listUrl = new URL(href, page.url()).href;
      await expect(page, name).toHaveURL(listUrl);
      await expect(page.getByText(CRASHED)).toHaveCount(0);
      await expect(page.getByRole("progressbar")).toHaveCount(0);
      expect(await rawCodesShown(page), `${name}: raw codes in the list`).toEqual([]);
      const path = new URL(listUrl).pathname;
      // Screens of their own (dashboard, attendance, accounting, the door, waiting lists, the phone booking's
      // form, the school's settings, the reminders' switches) and the instructors' reports and the cancelled
      // lessons (handled in their lists) have no record pages.
      if (path === "/admin/audit") {
        await openAuditRecord(page, name, listUrl);
        shownOnly.push("audit");
      } else if (path === "/admin/school-settings") {
        await expect(page.locator("form").first(), name).toBeVisible();
      } else if (
        !/\/admin(\/(attendance|accounting|door|waiting-list|staff-orders|instructor-reports|lesson-cancellations|lesson-reminders))?$/.test(
          path,
        )
      ) {
        ((await openFirstRow(page, name, listUrl, locale)) ? edited : shownOnly).push(
          path.slice("/admin/".length),
        );
      }
      expect(problems, name).toEqual([]);
    }
    console.log(`${locale}: ${edited.length} resources edited from their lists: ${edited.join(", ")}`);
    console.log(`${locale}: ${shownOnly.length} shown only: ${shownOnly.join(", ")}`);
    expect(shownOnly.sort()).toEqual([...READ_ONLY].sort());
    expect(edited).toEqual(expect.arrayContaining(["orders", "people"]));
    expect(edited.length).toBeGreaterThanOrEqual(18);
  });
}
