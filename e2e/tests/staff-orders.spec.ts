import { berlinDateTimeText } from "@atelier/contract";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { newestMail } from "../support/mail.ts";
import { chooseFromList, chooseFromSearch, escaped } from "../support/office-walk.ts";
import { bornYearsAgo, createChild, signedInParent, useSessionInBrowser } from "../support/parents.ts";
import { signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * Booking by phone and birthday-party requests (issue 21, issue 24 item 6; D156–D160), on the demo
 * gateway's shop at 1366 px: staff build the order in the back office's form or confirm the party request in
 * its screen, the parent opens the mailed link, signs in if needed, pays on the demo gateway and finds the
 * order paid.
 */
const demoBase = process.env.E2E_DEMO_BASE_URL;
const dataDir = process.env.E2E_DEMO_DATA_DIR;
test.use({ baseURL: demoBase, viewport: { width: 1366, height: 768 } });
test.setTimeout(120_000);

test.beforeEach(async ({ page }) => {
  await dismissCookieModal(page);
});

type Request = Parameters<typeof signedInParent>[0];

/** The back office of the demo shop in its own browser context (its sign-in is not the parent's). */
async function staffBackOffice(browser: import("@playwright/test").Browser) {
  const context = await browser.newContext({ baseURL: demoBase, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signInToBackOffice(page);
  return page;
}

async function productOf(request: Request, type: string, slug?: string) {
  const list = await (
    await request.get(`/api/v2/products/?locale=de&page_size=100&product_type=${type}`)
  ).json();
  const rows = (list.results ?? list) as { id: number; slug: string }[];
  const row = slug ? rows.find((r) => r.slug === slug) : rows[0];
  if (!row) throw new Error(`no ${type}`);
  return (await (await request.get(`/api/v2/products/${row.id}/?locale=de`)).json()) as {
    id: number;
    name: string;
    age_group: string;
    purchase_options: { id: number; schedule_type: string; base_price_cents: number }[];
    schedule_slots: { id: number; weekday: number | null }[];
  };
}

/** Pays the order behind the mailed link on the demo gateway's page. */
async function payByMailedLink(page: import("@playwright/test").Page, template: string, email: string) {
  const mail = await newestMail(template, email, dataDir);
  const link = /https?:\/\/[^\s"<>]+\/pay\/[A-Za-z0-9_-]+\?locale=de/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  await page.goto(link ?? "");
  await expect(page.getByRole("heading", { level: 1, name: "Bestellung bezahlen" })).toBeVisible();
  await page.getByRole("button", { name: "Jetzt bezahlen" }).click();
  await expect(page).toHaveURL(/\/payments\/demo\/DEMO/);
  await page.getByRole("button", { name: /Zahlung freigeben \(Demo\)/ }).click();
  await expect(page).toHaveURL(/\/payment-complete\/\d+/);
  await expect(page.getByTestId("payment-outcome")).toContainText(
    "Vielen Dank! Ihre Zahlung ist eingegangen",
  );
  return mail;
}

test("staff book a course by phone for a parent, who pays by the mailed link", async ({
  page,
  request,
  browser,
}) => {
  const parent = await signedInParent(request, "phone-booking", dataDir);
  const course = await productOf(request, "Course");
  const age = course.age_group === "5-7" ? 6 : course.age_group === "8-11" ? 9 : 14;
  await createChild(request, parent, "Lina", bornYearsAgo(age));

  // Staff fill the back office's form: parent, child, offer, option, slot and a hold of two hours.
  const staff = await staffBackOffice(browser);
  await staff.goto("/admin/staff-orders/create");
  await chooseFromSearch(
    staff.getByLabel(/^Elternteil/),
    parent.email,
    staff.getByRole("option", { name: new RegExp(escaped(parent.email), "i") }),
  );
  const child = staff.getByRole("combobox", { name: "Kind" });
  await chooseFromList(child, staff.getByRole("option", { name: /^Lina Muster/ }));
  await expect(child).toContainText("Lina Muster");
  await chooseFromSearch(
    staff.getByLabel("Angebot"),
    course.name,
    staff.getByRole("option", { name: course.name, exact: true }),
  );
  await staff.getByLabel("Option").click();
  await staff
    .getByRole("option", { name: /\(Kurs, einmal pro Woche\)$/ })
    .first()
    .click();
  await staff.getByLabel("Termine").click();
  await staff.getByRole("option").first().click();
  await staff.keyboard.press("Escape");
  await staff.getByLabel("Reservierung (Minuten)").fill("120");
  const [posted] = await Promise.all([
    staff.waitForResponse(
      // The form's save, not its price (`…/staff-orders/quote/`, D275).
      (r) =>
        r.url().includes("/api/v2/admin/staff-orders/") &&
        !r.url().includes("/quote/") &&
        r.request().method() === "POST",
    ),
    staff.getByRole("button", { name: "Speichern" }).click(),
  ]);
  expect(posted.status(), await posted.text()).toBe(200);
  const built = (await posted.json()) as {
    id: number;
    parent: number;
    status: string;
    reserved_until: string | null;
  };
  await expect(
    staff.getByText(`Bestellung Nr. ${built.id} angelegt; der Zahlungslink ist unterwegs.`),
  ).toBeVisible();

  // The order is the parent's, waits for the payment and holds its seat for the chosen two hours.
  expect(built.parent).toBe(parent.user.pk ?? parent.user.id);
  expect(built.status).toBe("awaiting_payment");
  const heldMinutes = (Date.parse(built.reserved_until ?? "") - Date.now()) / 60_000;
  expect(heldMinutes).toBeGreaterThan(110);
  expect(heldMinutes).toBeLessThanOrEqual(120);
  await staff.context().close();

  // Signed out, the link asks to sign in first; signed in, it shows exactly that order.
  const mail = await newestMail("payment-link", parent.email, dataDir);
  const link = /https?:\/\/[^\s"<>]+\/pay\/[A-Za-z0-9_-]+\?locale=de/.exec(mail)?.[0] ?? "";
  await page.goto(link);
  await expect(page.getByText("Bitte melden Sie sich an")).toBeVisible();
  await useSessionInBrowser(page, parent);
  await payByMailedLink(page, "payment-link", parent.email);

  await page.goto("/profile?tab=sales&locale=de");
  await expect(page.getByText("Lina", { exact: false }).first()).toBeVisible();
});

test("a party request confirmed by staff and paid", async ({ page, request, browser }) => {
  const parent = await signedInParent(request, "party-request", dataDir);
  const party = await productOf(request, "BirthdayParty", "roboter-geburtstag");
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 30);
  const date = day.toISOString().slice(0, 10);

  // The parent asks on the party's page.
  await useSessionInBrowser(page, parent);
  // On a phone: the form opens below the fold and is brought into view, its heading focused (issue 32).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/product/roboter-geburtstag?locale=de");
  await page.getByRole("button", { name: "Geburtstag anfragen" }).click();
  const formHeading = page.getByRole("heading", { name: "Geburtstagsfeier anfragen" });
  await expect(formHeading).toBeFocused();
  await expect(formHeading).toBeInViewport();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByLabel("Wunschtermin 1").fill(date);
  await page.getByLabel("Anzahl der Kinder").fill("7");
  await page.getByLabel(/^Alter der Kinder/).fill("8, 9");
  await page.getByRole("button", { name: "Anfrage senden" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Danke! Ihre Anfrage ist bei uns." }),
  ).toBeVisible();
  await page.goto("/profile?tab=sales&locale=de");
  await expect(page.getByTestId("my-party-request").first()).toContainText("Gesendet");

  // Staff open the request in the back office (the newest first) and confirm the family's day.
  const staff = await staffBackOffice(browser);
  await staff.goto("/admin/party-requests");
  await staff.locator("tbody tr").first().click();
  await expect(staff.getByText(`<${parent.email}>`)).toBeVisible();
  await expect(staff.getByText("Stand für die Familie: Gesendet")).toBeVisible();
  await staff.getByLabel("Termin", { exact: true }).click();
  // The day as German staff read it, not as the API sends it.
  await staff.getByRole("option", { name: berlinDateTimeText(date, "de") }).click();
  await staff.getByRole("button", { name: "Bestätigen und Zahlungslink senden" }).click();
  await expect(staff.getByText("Bestätigt; der Zahlungslink ist unterwegs.")).toBeVisible();
  await expect(staff.getByText(/Stand für die Familie: Bestätigt – wartet auf Zahlung \(/)).toBeVisible();
  await expect(staff.getByRole("button", { name: "Bestätigen und Zahlungslink senden" })).toBeHidden();
  await staff.context().close();

  await page.goto("/profile?tab=sales&locale=de");
  await expect(page.getByTestId("my-party-request").first()).toContainText("Bestätigt");
  const mail = await payByMailedLink(page, "payment-link", parent.email);
  expect(mail).toContain("Geburtstagsfeier");
  expect(party.purchase_options.length).toBeGreaterThan(0);
  await page.goto("/profile?tab=sales&locale=de");
  await expect(page.getByTestId("my-party-request").first()).toContainText("Bezahlt");
});

test("a second party on a day its room is taken is confirmed only knowingly (D191)", async ({
  request,
  browser,
}) => {
  const party = await productOf(request, "BirthdayParty", "roboter-geburtstag");
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 31);
  const date = day.toISOString().slice(0, 10);
  const ask = async (name: string) => {
    const parent = await signedInParent(request, name, dataDir);
    const sent = await request.post("/api/v2/party_requests/?locale=de", {
      headers: parent.headers,
      data: {
        product_page: party.id,
        purchase_option: party.purchase_options[0]?.id,
        dates: [date],
        children_count: 6,
        ages: [7],
      },
    });
    expect(sent.status()).toBe(201);
    return (await sent.json()).id as number;
  };
  const first = await ask("party-first");
  const second = await ask("party-second");

  const staff = await staffBackOffice(browser);
  const token = await staff.evaluate(() => localStorage.getItem("atelier-admin-token"));
  const headers = { Authorization: `Token ${token}` };
  const shown = await (await staff.request.get(`/api/v2/admin/party-requests/${first}/`, { headers })).json();
  const confirmed = await staff.request.post(`/api/v2/admin/party-requests/${first}/confirm/`, {
    headers,
    data: { version: shown.version, date },
  });
  expect(confirmed.status()).toBe(200);

  await staff.goto(`/admin/party-requests/${second}`);
  await staff.getByLabel("Termin", { exact: true }).click();
  await staff
    .getByRole("option", {
      name: `${berlinDateTimeText(date, "de")} – Raum an diesem Tag schon vergeben: Anfrage Nr. ${first}`,
    })
    .click();
  const confirm = staff.getByRole("button", { name: "Bestätigen und Zahlungslink senden" });
  await expect(confirm).toBeDisabled();
  await staff.getByLabel("Trotzdem bestätigen: beide Feiern finden statt").check();
  await confirm.click();
  await expect(staff.getByText("Bestätigt; der Zahlungslink ist unterwegs.")).toBeVisible();
  await staff.context().close();
});
