import { expect, test } from "../support/fixtures.ts";
import { signedInStaff, signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * Money as Germans type it (issue 29, D231), at 1366 px: "89,00" typed into a price is 89 € in the back office
 * and in the shop, never 8.900 €; a price that jumps more than five times asks first; a discount in percent
 * reads as percent.
 */
test.use({ viewport: { width: 1366, height: 768 } });

type Course = {
  id: number;
  slug: string;
  purchase_options: { id: number; schedule_type: string }[];
};

test("a price typed the German way is saved as the German reads it, and the shop sells it at that price", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const staff = await signedInStaff(request);
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Course");
  const course = ((await reply.json()) as { results: Course[] }).results.find((c) =>
    c.purchase_options.some((o) => o.schedule_type === "Course (1 / week)"),
  );
  if (!course) throw new Error("the seed has no weekly course");
  const optionId = course.purchase_options.find((o) => o.schedule_type === "Course (1 / week)")?.id;
  const before = await request.get(`/api/v2/admin/purchase-options/${optionId}/?locale=de`, {
    headers: staff.headers,
  });
  const old = ((await before.json()) as { base_price_cents: number }).base_price_cents;
  // A price from which 89 € is no drastic change: the confirm stays away on the first save.
  expect(old).toBeGreaterThan(8900 / 5);
  expect(old).toBeLessThan(8900 * 5);

  await signInToBackOffice(page);
  await page.goto(`/admin/purchase-options/${optionId}`);
  const price = page.getByRole("textbox", { name: /Preis in Euro/ });
  await expect(price).not.toHaveValue("");
  await price.fill("89,00");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(/\/admin\/purchase-options(\?.*)?$/);
  const saved = await request.get(`/api/v2/admin/purchase-options/${optionId}/?locale=de`, {
    headers: staff.headers,
  });
  expect(((await saved.json()) as { base_price_cents: number }).base_price_cents).toBe(8900);

  // The shop sells it at 89 € (its own way of writing whole euros), not at 8.900 €.
  await page.goto(`/product/${course.slug}?locale=de`);
  await expect(page.getByText(/\b89(,00)?\s€/).first()).toBeVisible();
  await expect(page.getByText(/8\.900/)).toHaveCount(0);

  // Back in the office: "8900" would make 89 € into 8.900 €; the form asks before it saves, and cancelling
  // keeps the old price.
  await page.goto(`/admin/purchase-options/${optionId}`);
  await expect(price).toHaveValue("89,00");
  await price.fill("8900");
  await page.getByRole("button", { name: "Speichern" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("89,00 €");
  await expect(dialog).toContainText("8.900,00 €");
  await dialog.getByRole("button", { name: "Zurück zum Preis" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/purchase-options/${optionId}$`));
  // Text that is no amount is refused at the field, in words.
  await price.fill("89,5,0");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Bitte einen Betrag in Euro eingeben")).toBeVisible();
  const unchanged = await request.get(`/api/v2/admin/purchase-options/${optionId}/?locale=de`, {
    headers: staff.headers,
  });
  expect(((await unchanged.json()) as { base_price_cents: number }).base_price_cents).toBe(8900);
  // The old price again, checked: later tests read this course's price in the shared shop (issue 33).
  const current = (await unchanged.json()) as Record<string, unknown>;
  const restored = await request.put(`/api/v2/admin/purchase-options/${optionId}/?locale=de`, {
    headers: staff.headers,
    data: {
      name: current.name,
      base_price_cents: old,
      number_of_meetings: current.number_of_meetings,
      meetings_per_week: current.meetings_per_week,
      sort_order: current.sort_order,
      version: current.version,
    },
  });
  expect(restored.status(), await restored.text()).toBe(200);
});

test("a promocode's discount reads as euros or percent, in German and in Russian, and its euro fields show €", async ({
  page,
}) => {
  await signInToBackOffice(page, "ru");
  await page.getByRole("menuitem", { name: "Промокоды" }).click();
  const row = page.getByRole("row").filter({ hasText: "FERIEN15" });
  await expect(row).toContainText("15,00 €");
  await expect(page.getByRole("columnheader", { name: "Скидка", exact: true })).toBeVisible();
  await row.getByText("FERIEN15").click();
  await expect(page.getByRole("textbox", { name: "Скидка в €" })).toHaveValue("15,00");
  await expect(page.getByRole("textbox", { name: "Минимальная сумма заказа в €" })).toHaveValue("100,00");
});

test.describe("in a browser set to Auckland's time", () => {
  test.use({ timezoneId: "Pacific/Auckland" });

  test("a promocode's first and last day mean Berlin days, whatever the computer's time zone (D318)", async ({
    page,
    request,
  }) => {
    const staff = await signedInStaff(request);
    await signInToBackOffice(page);
    const code = `BERLIN${Date.now() % 1_000_000}`;
    await page.getByRole("menuitem", { name: "Rabattcodes" }).click();
    await page.getByRole("link", { name: "Erstellen" }).click();
    await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
    await page.getByLabel("Rabatt in %").fill("10");
    await page.getByLabel("Gültig ab").fill("2027-03-01");
    await page.getByLabel("Gültig bis").fill("2027-03-31");
    await expect(page.getByText("Ab 0:00 Uhr dieses Tages (Berliner Zeit).")).toBeVisible();
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page).toHaveURL(/\/admin\/promocodes\/\d+$/);
    const id = Number(/promocodes\/(\d+)$/.exec(page.url())?.[1]);
    const saved = (await (
      await request.get(`/api/v2/admin/promocodes/${id}/?locale=de`, { headers: staff.headers })
    ).json()) as { valid_from: string; valid_until: string };
    // From Berlin midnight of 1 March (winter time) until the end of 31 March in Berlin (summer time).
    expect(new Date(saved.valid_from).toISOString()).toBe("2027-02-28T23:00:00.000Z");
    expect(new Date(saved.valid_until).toISOString()).toBe("2027-03-31T21:59:59.999Z");
    // Opened again, the fields show the same days, not Auckland's.
    await page.reload();
    await expect(page.getByLabel("Gültig ab")).toHaveValue("2027-03-01");
    await expect(page.getByLabel("Gültig bis")).toHaveValue("2027-03-31");
  });
});
