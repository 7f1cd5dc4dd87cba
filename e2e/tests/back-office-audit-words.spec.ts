import { berlinDateTimeText, euroInputText, euroText } from "@atelier/contract";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { chooseFromSearch } from "../support/office-walk.ts";

/**
 * The audit log read as words (issue 29, step 12; D288): the school's admin changes a course's price through
 * the menu, then reads the entry in the log: who (name and e-mail), when (in Berlin time, though this
 * browser runs in New York's), which record (the area in words and a link to it), and what changed as
 * "Preis: 79,00 € → 89,00 €". The price is put back afterwards. 1366 px.
 */
test.use({ viewport: { width: 1366, height: 768 }, timezoneId: "America/New_York" });

type Course = {
  id: number;
  name: string;
  purchase_options: { id: number; schedule_type: string }[];
};
type Option = Record<string, unknown> & { base_price_cents: number; version: string };

async function signedInAdmin(request: APIRequestContext) {
  const signIn = await request.post("/api/v2/users/sign_in/?locale=de", {
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const headers = { Authorization: `Token ${((await signIn.json()) as { key: string }).key}` };
  const me = (await (await request.get("/api/v2/users/me/?locale=de", { headers })).json()) as {
    first_name: string;
    last_name: string;
  };
  return { headers, name: `${me.first_name} ${me.last_name}`.trim() };
}

test("a price changed through the menu reads in the audit log as who, when, which record and what changed", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInAdmin(request);
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Course");
  const course = ((await reply.json()) as { results: Course[] }).results.find((c) =>
    c.purchase_options.some((o) => o.schedule_type === "Course (1 / week)"),
  );
  if (!course) throw new Error("the seed has no weekly course");
  // The price opened is the one the list shows first: earlier tests in the shared shop may have added
  // prices to this course, so its id and old value are read once the page is open.
  let optionUrl: string | undefined;
  let old: Option | undefined;

  await page.addInitScript(() => localStorage.setItem("atelier-admin-locale", "de"));
  await page.goto("/admin");
  await page.locator('input[name="username"]').fill(process.env.E2E_ADMIN_EMAIL ?? "");
  await page.locator('input[name="password"]').fill(process.env.E2E_ADMIN_PASSWORD ?? "");
  await page.locator('button[type="submit"]').click();
  try {
    // The price, reached through the menu and the list filtered by the course (its option named in words).
    await page.getByRole("menuitem", { name: "Kaufoptionen und Preise" }).click();
    const offer = page.getByRole("combobox", { name: "Angebot" });
    await chooseFromSearch(offer, course.name, page.getByRole("option", { name: course.name, exact: true }));
    // The list reloads for the filter: a click on the rows shown before that reload is lost, as a person's
    // would be. Wait for the filtered list: the offer in the address, and no loader in the app bar.
    await expect(page).toHaveURL(/product_page/);
    await expect(page.locator(".app-loader")).toHaveCount(0);
    const row = page.locator("tbody tr").filter({ hasText: "Kurs, einmal pro Woche" }).first();
    await expect(row).toBeVisible();
    await expect(page.locator("tbody")).not.toContainText("Course (1 / week)");
    // The offer's cell links to the offer; the row itself opens the price.
    await row.getByText("Kurs, einmal pro Woche").click();
    await expect(page).toHaveURL(/\/admin\/purchase-options\/\d+$/);
    const optionId = Number(/purchase-options\/(\d+)$/.exec(page.url())?.[1]);
    optionUrl = `/api/v2/admin/purchase-options/${optionId}/?locale=de`;
    old = (await (await request.get(optionUrl, { headers: admin.headers })).json()) as Option;
    expect(old.schedule_type).toBe("Course (1 / week)");
    const newCents = old.base_price_cents + 1000;
    // The values beside the form are labelled: the schedule type and the renewal as words.
    // (The offer's other prices, which other tests may have added, are listed on the page too.)
    await expect(page.getByText("Kurs, einmal pro Woche").first()).toBeVisible();
    const price = page.getByRole("textbox", { name: /Preis in Euro/ });
    await expect(price).toHaveValue(euroInputText(old.base_price_cents, "de"));
    await price.fill(euroInputText(newCents, "de"));
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page).toHaveURL(/\/admin\/purchase-options(\?.*)?$/);

    // The log, through the menu: the newest entry is this change, in words.
    await page.getByRole("menuitem", { name: "Protokoll" }).click();
    const entry = page.locator("tbody tr").first();
    await expect(entry).toContainText(
      `Preis: ${euroText(old.base_price_cents, "de")} → ${euroText(newCents, "de")}`,
    );
    await expect(entry).toContainText(process.env.E2E_ADMIN_EMAIL ?? "");
    if (admin.name) await expect(entry).toContainText(admin.name);
    await expect(entry).toContainText("Kaufoptionen und Preise");
    await expect(entry).toContainText("Geändert");
    // When: the entry's moment in Berlin time, not in the browser's New York time.
    const audit = await request.get(
      `/api/v2/admin/audit/?locale=de&filter=${encodeURIComponent(JSON.stringify({ resource: "purchase-options", record_id: optionId }))}&range=[0,0]`,
      { headers: admin.headers },
    );
    const [logged] = (await audit.json()) as { at: string }[];
    await expect(entry).toContainText(berlinDateTimeText(logged?.at ?? "", "de"));
    // No raw JSON, no version digest.
    await expect(entry).not.toContainText("base_price_cents");
    await expect(entry).not.toContainText("{");
    // Which record: a link to the price's own page.
    await entry.getByRole("link", { name: `Datensatz Nr. ${optionId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/purchase-options/${optionId}$`));
    await expect(page.getByRole("textbox", { name: /Preis in Euro/ })).toHaveValue(
      euroInputText(newCents, "de"),
    );

    // The log in Russian: the same entry, area and field in Russian.
    await page.evaluate(() => localStorage.setItem("atelier-admin-locale", "ru"));
    await page.addInitScript(() => localStorage.setItem("atelier-admin-locale", "ru"));
    await page.goto("/admin/audit");
    const ru = page.locator("tbody tr").first();
    await expect(ru).toContainText(
      `Цена: ${euroText(old.base_price_cents, "ru")} → ${euroText(newCents, "ru")}`,
    );
    await expect(ru).toContainText("Варианты покупки и цены");
    await expect(ru).toContainText(berlinDateTimeText(logged?.at ?? "", "ru"));
  } finally {
    // The old price again, checked: other tests read this course's price in the shared shop.
    if (optionUrl && old) await restorePrice(optionUrl, old.base_price_cents);
  }

  async function restorePrice(optionUrl: string, cents: number) {
    const current = (await (await request.get(optionUrl, { headers: admin.headers })).json()) as Option;
    const restored = await request.put(optionUrl, {
      headers: admin.headers,
      data: {
        name: current.name,
        base_price_cents: cents,
        number_of_meetings: current.number_of_meetings,
        meetings_per_week: current.meetings_per_week,
        sort_order: current.sort_order,
        version: current.version,
      },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
