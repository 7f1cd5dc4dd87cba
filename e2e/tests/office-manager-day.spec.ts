import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { berlinDay, clearOfBerlinMidnight, trialDayOf } from "../support/days.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { countMails, newestMail } from "../support/mail.ts";
import { clicker, escaped, switchBackOfficeTo, watch } from "../support/office-walk.ts";
import { addToCart, stageOrder } from "../support/orders.ts";
import { bornYearsAgo, createChild, signedInParent, useSessionInBrowser } from "../support/parents.ts";
import { png } from "../support/png.ts";
import { signedInStaff } from "../support/staff-bookings.ts";
import { PASSWORD, verifiedUser } from "../support/users.ts";

/**
 * Issue 29, "Done when": the office manager's day as ONE walk, in the issue's order, at 1366 px in German, on
 * the demo gateway's shop (the parent pays a phone booking's link there), signed in as the printed admin.
 * Every task is reached from the menu (no typed URL in the back office), each step's clicks (and typed
 * fields) are counted and printed, and no console error, uncaught error or 5xx shows on the office's pages.
 * The key screens once in Russian. The walk makes its own offer (a course with a unique name, a weekly
 * slot on today's weekday, so today's roster and the door have a lesson whatever day the suite runs), its own
 * families and codes; a closure far ahead touches no other test's dates.
 */
const demoBase = process.env.E2E_DEMO_BASE_URL;
const dataDir = process.env.E2E_DEMO_DATA_DIR;
test.use({ baseURL: demoBase, viewport: { width: 1366, height: 768 }, actionTimeout: 15_000 });
// Seven minutes for the day, and up to six more when it would begin just before Berlin's midnight.
test.setTimeout(780_000);

/** Letters only, different on each run (names refuse digits). */
const tag = () =>
  Date.now()
    .toString(26)
    .split("")
    .map((d) => String.fromCharCode(97 + Number.parseInt(d, 26)))
    .join("")
    .slice(-6);

type Parent = Awaited<ReturnType<typeof signedInParent>>;

/** The parent's cart placed and paid on the demo gateway, as its page's "approve" and the shop's return do. */
async function payCartOnDemo(request: APIRequestContext, parent: Parent) {
  const { paypalId: id, orderId: order_id } = await stageOrder(request, parent);
  const approved = await request.post(`/payments/demo/${id}/approve`, { maxRedirects: 0 });
  expect(approved.status(), await approved.text()).toBe(303);
  const captured = await request.post(`/api/v2/orders/${id}/capture/?locale=de`, {
    headers: parent.headers,
    data: { orderID: id },
  });
  expect(captured.status(), await captured.text()).toBe(200);
  return order_id;
}

/** The back office signed in as the printed admin (D240), in German, through the sign-in form. */
async function signInAsAdmin(page: Page, c: ReturnType<typeof clicker>, phone = false) {
  await page.addInitScript(() => localStorage.setItem("atelier-admin-locale", "de"));
  await page.goto("/admin");
  await c.fill(page.locator('input[name="username"]'), process.env.E2E_ADMIN_EMAIL ?? "");
  await c.fill(page.locator('input[name="password"]'), process.env.E2E_ADMIN_PASSWORD ?? "");
  await c.click(page.locator('button[type="submit"]'));
  // On a phone the menu is folded behind the app bar's menu button.
  if (phone) await expect(page.getByRole("banner")).toBeVisible();
  else await expect(page.getByRole("menuitem", { name: "Anwesenheit" })).toBeVisible();
}

test("the office manager's day, steps 1–14 in order, each task from the menu, clicks counted", async ({
  page,
  request,
  browser,
}) => {
  // The course's weekly group is on today's weekday, and step 14 checks in at today's lesson: a run that
  // crosses Berlin's midnight between the two would find no lesson today (CI met it at 23:59).
  await clearOfBerlinMidnight(6);
  await dismissCookieModal(page);
  const problems = watch(page);
  const counts: [string, number][] = [];
  const step = (name: string, c: ReturnType<typeof clicker>) => {
    counts.push([name, c.count]);
    console.log(`step ${name}: ${c.count} clicks`);
  };
  const today = berlinDay(0);
  const unique = tag();
  const courseName = `Tonwerkstatt ${unique}`;
  const slug = `tonwerkstatt-${unique}`;
  const menu = (name: string) => page.getByRole("menuitem", { name, exact: true });

  // 1. Sign in.
  const c1 = clicker();
  await signInAsAdmin(page, c1);
  step("1 sign in", c1);

  // 2. A course with a weekly slot (on today's weekday), a price typed "89,00" and an image; published;
  //    the shop shows 89,00 €.
  const c2 = clicker();
  await c2.click(menu("Angebote"));
  await c2.click(page.getByRole("link", { name: "Erstellen" }));
  await c2.fill(page.getByLabel("Adresse (Slug)"), slug);
  await c2.click(page.getByLabel("Art"));
  await c2.click(page.getByRole("option", { name: "Kurs", exact: true }));
  await c2.click(page.getByLabel("Altersgruppe"));
  await c2.click(page.getByRole("option", { name: "8–11", exact: true }));
  await c2.click(page.getByLabel("Unterrichtssprache"));
  await c2.click(page.getByRole("option", { name: "Deutsch", exact: true }));
  await c2.click(page.getByLabel("Haus", { exact: true }));
  await c2.click(page.getByRole("option").nth(1));
  await c2.check(page.getByLabel("Veröffentlicht"));
  await c2.click(page.getByRole("tab", { name: "Texte" }));
  await c2.fill(page.getByLabel("Titel · Deutsch"), courseName);
  await c2.fill(page.getByLabel("Titel · Russisch"), `Гончарная мастерская ${unique}`);
  await c2.fill(page.getByLabel("Kurzbeschreibung · Deutsch").first(), "Wir formen und brennen Ton.");
  await c2.upload(page.getByLabel("Bild hochladen"), {
    name: "ton.png",
    mimeType: "image/png",
    buffer: png([200, 120, 30]),
  });
  await expect(page.locator('img[src^="/media/"]')).toBeVisible();
  await c2.fill(page.getByLabel("Bildbeschreibung (Alternativtext) · Deutsch"), "Eine Schale aus Ton");
  await c2.fill(page.getByLabel("Bildbeschreibung (Alternativtext) · Russisch"), "Глиняная чаша");
  await c2.click(page.getByRole("button", { name: "Speichern" }));
  await expect(page.getByRole("tab", { name: "Preise" })).toBeVisible();
  const pageId = Number(/\/admin\/products\/(\d+)/.exec(page.url())?.[1]);
  expect(pageId).toBeGreaterThan(0);
  // The price, from the product page's own tab.
  await c2.click(page.getByRole("tab", { name: "Preise" }));
  await c2.click(page.getByRole("link", { name: "Preis hinzufügen" }));
  await expect(page.getByRole("combobox", { name: "Angebot" })).toHaveValue(courseName);
  await c2.click(page.getByLabel("Art"));
  // A course sells subscriptions and meeting cards, not a workshop's tickets (D587).
  await expect(page.getByRole("option", { name: "Eintrittskarte" })).toHaveCount(0);
  await c2.click(page.getByRole("option", { name: "Kurs, einmal pro Woche" }));
  await c2.check(page.getByLabel("Monatlich verlängert (Abo)"));
  await c2.fill(page.getByLabel("Bezeichnung · Deutsch"), "Einmal pro Woche");
  await c2.fill(page.getByRole("textbox", { name: /Preis in Euro/ }), "89,00");
  await c2.click(page.getByRole("button", { name: "Speichern" }));
  await expect(page).toHaveURL(/\/admin\/purchase-options(\?.*)?$/);
  // The weekly slot, from the product page's dates tab (reached by the offer's link in the prices list).
  await c2.click(menu("Angebote"));
  await c2.fill(page.getByRole("textbox", { name: "Suche" }), courseName);
  await c2.click(page.locator("tbody tr").filter({ hasText: courseName }).first().locator("td").nth(1));
  await c2.click(page.getByRole("tab", { name: "Termine" }));
  await c2.click(page.getByRole("link", { name: "Termin hinzufügen" }));
  await c2.click(page.getByLabel("Wochentag (wöchentlich)"));
  const weekdays = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"];
  await c2.click(page.getByRole("option", { name: weekdays[today.weekday], exact: true }));
  await c2.fill(page.getByLabel("Beginn (HH:MM)"), "23:00");
  await c2.fill(page.getByLabel("Ende (HH:MM)"), "23:50");
  await c2.fill(page.getByLabel("Plätze"), "6");
  await c2.click(page.getByRole("button", { name: "Speichern" }));
  // Back on the offer's dates tab, where "Termin hinzufügen" started (D495), with the new weekly lesson.
  await page.waitForURL(/\/admin\/products\/\d+\/schedule$/);
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: "23:00" })).toBeVisible();
  step("2 course with a weekly slot, 89,00 and an image, published", c2);
  const shop = await browser.newPage({ baseURL: demoBase });
  await dismissCookieModal(shop);
  await shop.goto(`/product/${slug}?locale=de`);
  await expect(shop.getByRole("heading", { level: 1, name: courseName })).toBeVisible();
  // The shop writes whole euros its own way ("89 €"); never 8.900 €.
  await expect(shop.getByText(/\b89(,00)?\s€/).first()).toBeVisible();
  await expect(shop.getByText(/8\.900/)).toHaveCount(0);
  await shop.close();

  // The course as the API reads it: its option and slot, for the families' own bookings below.
  const product = (await (await request.get(`/api/v2/products/${pageId}/?locale=de`)).json()) as {
    purchase_options: { id: number; base_price_cents: number }[];
    schedule_slots: { id: number; weekday: number | null }[];
  };
  const option = product.purchase_options[0];
  const slot = product.schedule_slots.find((s) => s.weekday === today.weekday);
  expect(option?.base_price_cents).toBe(8900);
  if (!option || !slot) throw new Error("the new course has no price or slot");
  const birthDate = bornYearsAgo(9);

  // 3. Change a price and seats: the price from the prices list, the seats from the slot's page.
  const c3 = clicker();
  await c3.click(menu("Kaufoptionen und Preise"));
  const offer = page.getByRole("combobox", { name: "Angebot" });
  await c3.choose(offer, courseName, page.getByRole("option", { name: courseName, exact: true }));
  await expect(page).toHaveURL(/filter=/);
  const priceRow = page.locator("tbody tr").filter({ hasText: courseName });
  await expect(priceRow).toHaveCount(1);
  // The offer's cell links to the offer; the price's own name opens the price.
  await c3.click(priceRow.getByText("Einmal pro Woche", { exact: true }));
  await expect(page).toHaveURL(/\/admin\/purchase-options\/\d+$/);
  await expect(page.getByRole("textbox", { name: /Preis in Euro/ })).toHaveValue("89,00");
  await c3.fill(page.getByRole("textbox", { name: /Preis in Euro/ }), "95,00");
  await c3.click(page.getByRole("button", { name: "Speichern" }));
  await expect(page).toHaveURL(/\/admin\/purchase-options(\?.*)?$/);
  await expect(page.locator("tbody tr").filter({ hasText: "Einmal pro Woche" })).toContainText("95,00 €");
  await c3.click(menu("Termine"));
  await c3.click(page.locator("tbody tr").filter({ hasText: courseName }).first().locator("td").first());
  await c3.fill(page.getByLabel("Plätze"), "8");
  await c3.click(page.getByRole("button", { name: "Speichern" }));
  await page.waitForURL(/\/admin\/slots\/?(\?.*)?$/);
  await expect(page.locator("tbody tr").filter({ hasText: courseName }).first()).toContainText("8");
  step("3 a price and seats changed", c3);

  // 4. A closure, far ahead (no other test's dates), for the course's house.
  const c4 = clicker();
  await c4.click(menu("Ferien und Schließtage"));
  await c4.click(page.getByRole("link", { name: "Erstellen" }));
  await c4.click(page.getByLabel("Haus"));
  await c4.click(page.getByRole("option").nth(1));
  await c4.fill(page.getByLabel("Erster Tag"), berlinDay(330).date);
  await c4.fill(page.getByLabel("Letzter Tag"), berlinDay(331).date);
  await c4.fill(
    page.getByRole("textbox", { name: "Bezeichnung · Deutsch", exact: true }),
    `Brennofen-Wartung ${unique}`,
  );
  await c4.click(page.getByRole("button", { name: "Speichern" }));
  await expect(page.getByText(`Brennofen-Wartung ${unique}`)).toBeVisible();
  step("4 a closure added", c4);

  // Two families book the course (paid on the demo gateway): Ida and Emil, one order.
  const family = await signedInParent(request, "tag-family", dataDir);
  for (const name of ["Ida", "Emil"]) {
    const child = await createChild(request, family, name, birthDate);
    await addToCart(request, family, {
      product_page: pageId,
      purchase_option: option.id,
      visitor: child.id,
      schedule_slots: [slot.id],
    });
  }
  const orderId = await payCartOnDemo(request, family);
  await newestMail("order-confirmation", family.email, dataDir, 30_000);

  // 5. Today's roster from the dashboard: Ida marked present; the roster as CSV.
  const c5 = clicker();
  await c5.click(page.getByRole("menuitem", { name: "Übersicht", exact: true }));
  const lesson = page
    .getByRole("region", { name: "Termine heute" })
    .getByRole("link")
    .filter({ hasText: courseName });
  await c5.click(lesson);
  await expect(page).toHaveURL(/\/admin\/attendance\?date=\d{4}-\d{2}-\d{2}&slot=\d+/);
  await expect(page.getByLabel("Datum")).toHaveValue(today.date);
  await c5.click(
    page.getByRole("group", { name: "Anwesenheit von Ida Muster" }).getByRole("button", { name: "Anwesend" }),
  );
  await expect(
    page.getByRole("group", { name: "Anwesenheit von Ida Muster" }).getByRole("button", { name: "Anwesend" }),
  ).toHaveAttribute("aria-pressed", "true");
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    c5.click(page.getByRole("button", { name: "Als CSV herunterladen" })),
  ]);
  expect(readFileSync((await csv.path()) ?? "").toString("utf8")).toContain("Ida");
  step("5 today's roster from the dashboard, present, CSV", c5);

  // 6. The order from the list: part of Ida's refunded, Emil's item cancelled, the confirmation resent.
  const c6 = clicker();
  await c6.click(menu("Bestellungen"));
  await c6.fill(page.getByLabel("Suche (Name, E-Mail, Kind, Nr.)"), family.email);
  await expect(page).toHaveURL(/filter=/);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await c6.click(page.locator("tbody tr").first().locator("td").first());
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}/show$`));
  const items = page.getByRole("region", { name: "Positionen" });
  const line = (child: string) => items.getByRole("row").filter({ hasText: `${child} Muster` });
  const dialog = page.getByRole("dialog");
  await c6.click(line("Ida").getByRole("button", { name: "Erstatten oder stornieren" }));
  await c6.fill(dialog.getByLabel(/Betrag in Euro/), "10,00");
  await c6.fill(dialog.getByLabel(/Grund/), "Ein Termin fiel aus");
  await c6.click(dialog.getByRole("button", { name: "Ausführen" }));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Erstattungen" })).toContainText("10,00 €");
  await c6.click(line("Emil").getByRole("button", { name: "Erstatten oder stornieren" }));
  await c6.check(dialog.getByLabel("Position stornieren (der Platz wird frei)"));
  await c6.fill(dialog.getByLabel(/Grund/), "Emil zieht um");
  await c6.click(dialog.getByRole("button", { name: "Ausführen" }));
  await expect(dialog).toBeHidden();
  await expect(line("Emil")).toContainText("Storniert");
  const confirmations = await countMails("order-confirmation", family.email, dataDir);
  await c6.click(page.getByRole("button", { name: "Bestellbestätigung erneut senden" }));
  await expect(page.getByText("Die Bestellbestätigung wird erneut gesendet.")).toBeVisible();
  await expect
    .poll(() => countMails("order-confirmation", family.email, dataDir), { timeout: 30_000 })
    .toBe(confirmations + 1);
  step("6 order from the list: refund part, cancel an item, resend", c6);
  // The order once in Russian.
  await switchBackOfficeTo(page, "Deutsch", "Русский");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Частично возвращён");
  await switchBackOfficeTo(page, "Русский", "Deutsch");

  // 7. A booking by phone from a person's page; the parent pays by the mailed link.
  const caller = await signedInParent(request, "tag-phone", dataDir);
  await createChild(request, caller, "Mila", birthDate);
  const c7 = clicker();
  await c7.click(menu("Personen"));
  await c7.fill(page.getByLabel("Name, E-Mail oder Telefon"), caller.email);
  await expect(page).toHaveURL(/filter=/);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await c7.click(page.locator("tbody tr").first().locator("td").first());
  // The caller asks to note Mila's allergy (D549): the team's note on the child, kept on the family's page.
  await c7.click(page.getByRole("button", { name: "Angaben zu Mila Muster korrigieren" }));
  const childDialog = page.getByRole("dialog", { name: "Angaben zum Kind korrigieren" });
  await c7.fill(childDialog.getByLabel("Notizen für das Team"), "Allergie: Nüsse");
  await c7.click(childDialog.getByRole("button", { name: "Speichern" }));
  await expect(childDialog).toBeHidden();
  await expect(page.getByText("Notizen für das Team: Allergie: Nüsse")).toBeVisible();
  // The family has moved and has a new number (D576): staff correct the parent's own data on the same page.
  const newPhone = `+4930${String(Date.now()).slice(-7)}`;
  await c7.click(page.getByRole("button", { name: /^Angaben korrigieren: .+ \(Elternteil\)$/ }));
  const parentDialog = page.getByRole("dialog", { name: "Angaben des Elternteils korrigieren" });
  await c7.fill(parentDialog.getByLabel(/^Telefon/), newPhone);
  await c7.fill(parentDialog.getByLabel("Straße und Hausnummer"), "Kastanienallee 12");
  await c7.fill(parentDialog.getByLabel("Postleitzahl"), "10435");
  await c7.fill(parentDialog.getByLabel("Ort", { exact: true }), "Berlin");
  await c7.click(parentDialog.getByRole("button", { name: "Speichern" }));
  await expect(parentDialog).toBeHidden();
  await expect(page.getByText(/Kastanienallee 12, 10435 Berlin/)).toBeVisible();
  const callerNow = (await (await request.get("/api/v2/users/me/", { headers: caller.headers })).json()) as {
    phone_number: string;
    street: string;
  };
  expect(callerNow).toMatchObject({ phone_number: newPhone, street: "Kastanienallee 12" });
  // The caller also asks what the school holds about the family (Art. 15 GDPR, D560): one file to send them.
  const [familyFile] = await Promise.all([
    page.waitForEvent("download"),
    c7.click(page.getByRole("button", { name: "Daten herunterladen (JSON)" })),
  ]);
  expect(familyFile.suggestedFilename()).toMatch(/^atelier-meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
  const familyData = JSON.parse(readFileSync((await familyFile.path()) ?? "", "utf8")) as {
    account: { email: string };
    children: { notes: string }[];
  };
  expect(familyData.account.email).toBe(caller.email);
  expect(familyData.children.map((child) => child.notes)).toEqual(["Allergie: Nüsse"]);
  // The family no longer reads its old mailbox (D577): staff send the link to the new one; the account moves
  // only when the family opens it there, so the sign-in stays as it was for now.
  const newAddress = `neu-${caller.email}`;
  await c7.click(page.getByRole("button", { name: /^Neue E-Mail-Adresse für .+ \(Elternteil\)$/ }));
  const linkDialog = page.getByRole("dialog", { name: "Link an die neue E-Mail-Adresse senden" });
  await c7.fill(linkDialog.getByLabel(/Neue E-Mail-Adresse/), newAddress);
  await c7.click(linkDialog.getByRole("button", { name: "Link senden" }));
  await expect(linkDialog).toBeHidden();
  await expect(
    page.getByText("Der Link wurde an die neue Adresse gesendet.", { exact: false }),
  ).toBeVisible();
  expect(await newestMail("email-change", newAddress, dataDir)).toContain("email_token=");
  await expect(page.getByText(caller.email, { exact: true }).first()).toBeVisible();
  await c7.click(page.getByRole("link", { name: "Telefonbuchung für diese Person" }));
  await c7.click(page.getByLabel("Kind"));
  await c7.click(page.getByRole("option", { name: /^Mila Muster/ }));
  await c7.choose(
    page.getByLabel("Angebot"),
    courseName,
    page.getByRole("option", { name: courseName, exact: true }),
  );
  await c7.click(page.getByLabel("Option"));
  await c7.click(page.getByRole("option", { name: /^Einmal pro Woche/ }).first());
  await c7.click(page.getByLabel("Termine"));
  await c7.click(page.getByRole("option").first());
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("staff-order-total")).toContainText("Gesamt: 95,00");
  await c7.click(page.getByRole("button", { name: "Speichern" }));
  await expect(page).toHaveURL(/\/admin\/orders\/\d+\/show$/);
  const phoneOrder = Number(/orders\/(\d+)\/show/.exec(page.url())?.[1]);
  await expect(page.getByTestId("order-standing")).toContainText("Noch nicht bezahlt");
  step("7 phone booking from a person's page", c7);
  const payer = await browser.newPage({ baseURL: demoBase });
  await dismissCookieModal(payer);
  await useSessionInBrowser(payer, caller);
  const mail = await newestMail("payment-link", caller.email, dataDir);
  const link = /https?:\/\/[^\s"<>]+\/pay\/[A-Za-z0-9_-]+\?locale=de/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  await payer.goto(link ?? "");
  await payer.getByRole("button", { name: "Jetzt bezahlen" }).click();
  await payer.getByRole("button", { name: /Zahlung freigeben \(Demo\)/ }).click();
  await expect(payer.getByTestId("payment-outcome")).toContainText(
    "Vielen Dank! Ihre Zahlung ist eingegangen",
  );
  await payer.close();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${phoneOrder} · Bezahlt`);

  // 8. A trial request confirmed once, clicked twice: one mail with time and house.
  const asker = await signedInParent(request, "tag-trial", dataDir);
  const trialFamily = `Brenner${unique}`;
  const sent = await request.post("/api/v2/orders/visit_request/?locale=de", {
    headers: asker.headers,
    data: {
      product_page: pageId,
      children: [{ first_name: "Lotta", last_name: trialFamily, birth_date: birthDate }],
      adults: [
        {
          first_name: "Paula",
          last_name: trialFamily,
          email: asker.email,
          phone: "+4915112345678",
          relation: "",
        },
      ],
      date: await trialDayOf(request, pageId),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const c8 = clicker();
  await c8.click(menu("Besuchsanfragen"));
  await c8.click(
    page
      .locator("tbody tr")
      .filter({ hasText: `Paula ${trialFamily}` })
      .first()
      .locator("td")
      .first(),
  );
  await expect(page).toHaveURL(/\/admin\/visit-requests\/\d+$/);
  await expect(page.getByText(courseName).first()).toBeVisible();
  await c8.click(page.getByRole("combobox", { name: "Stunde" }));
  await c8.click(page.getByRole("option").filter({ hasText: "23:00" }).first());
  const confirm = page.getByRole("button", { name: "Termin bestätigen und Familie benachrichtigen" });
  await c8.click(confirm);
  await expect(page.getByText("Termin bestätigt, die Familie bekommt eine E-Mail.").first()).toBeVisible();
  await c8.click(confirm);
  const trialMail = await newestMail("visit-request-confirmed", asker.email, dataDir);
  // The time and the house with its address.
  expect(trialMail).toContain("Uhrzeit: 23:00");
  expect(trialMail).toMatch(/Ort: [^\n]*Berlin/);
  await page.waitForTimeout(3_000);
  expect(await countMails("visit-request-confirmed", asker.email, dataDir)).toBe(1);
  step("8 trial confirmed, clicked twice, one mail", c8);

  // 9. A waiting-list seat offered on a full slot (a second slot of the course with one seat, taken).
  const staffSignIn = await request.post("/api/v2/users/sign_in/?locale=de", {
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  const admin = { Authorization: `Token ${((await staffSignIn.json()) as { key: string }).key}` };
  const small = await request.post("/api/v2/admin/slots/?locale=de", {
    headers: admin,
    data: {
      product_page: pageId,
      weekday: (today.weekday + 3) % 7,
      date: null,
      start: "22:00",
      end: "22:50",
      seats: 1,
      instructor: null,
    },
  });
  expect(small.status(), await small.text()).toBe(201);
  const smallId = ((await small.json()) as { id: number }).id;
  const holder = await signedInParent(request, "tag-holder", dataDir);
  const held = await createChild(request, holder, "Hanna", birthDate);
  await addToCart(request, holder, {
    product_page: pageId,
    purchase_option: option.id,
    visitor: held.id,
    schedule_slots: [smallId],
  });
  await payCartOnDemo(request, holder);
  const waiting = await signedInParent(request, "tag-waits", dataDir);
  const tilda = await createChild(request, waiting, "Tilda", birthDate);
  const joined = await request.post("/api/v2/orders/waiting_list/?locale=de", {
    headers: waiting.headers,
    data: { schedule_slot: smallId, visitor: tilda.id, purchase_option: option.id },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const c9 = clicker();
  await c9.click(menu("Wartelisten"));
  await c9.choose(
    page.getByRole("combobox", { name: "Angebot" }),
    courseName,
    page.getByRole("option", { name: courseName, exact: true }),
  );
  // Staff act once the list has narrowed to the chosen offer, as a person waits for it. The row is in the
  // whole list too, and CI once pressed "Platz hinzufügen und anbieten" while the filtered answer replaced
  // the rows: the dialog went, nothing was offered (this stop's run of d4d082a).
  await expect(page.locator("tbody tr").filter({ hasNotText: courseName })).toHaveCount(0);
  const row = page.locator("tbody tr").filter({ hasText: waiting.email });
  await expect(row).toContainText("Wartet");
  await c9.click(row.getByRole("button", { name: "Platz anbieten" }));
  const full = page.getByRole("dialog", { name: "Der Termin ist voll" });
  await c9.click(full.getByRole("button", { name: "Platz hinzufügen und anbieten" }));
  await expect(full).toBeHidden();
  await expect(row).toContainText("Platz angeboten");
  expect(await newestMail("waiting-list-offer", waiting.email, dataDir)).toContain("Tilda Muster");
  step("9 waiting-list seat offered on a full slot", c9);
  await switchBackOfficeTo(page, "Deutsch", "Русский");
  await expect(row).toContainText("Место предложено");
  await switchBackOfficeTo(page, "Русский", "Deutsch");

  // 10. A 10 % code; a gift card issued by hand and mailed.
  const c10 = clicker();
  const code = `TON${unique.toUpperCase()}`;
  await c10.click(menu("Rabattcodes"));
  await c10.click(page.getByRole("link", { name: "Erstellen" }));
  await c10.fill(page.getByRole("textbox", { name: "Code", exact: true }), code);
  await c10.fill(page.getByLabel("Rabatt in %"), "10");
  await c10.click(page.getByRole("button", { name: "Speichern" }));
  await expect(page).toHaveURL(/\/admin\/promocodes\/\d+$/);
  await c10.click(menu("Rabattcodes"));
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("10 %");
  // The code used at once in a booking by phone (from the menu): the price before saving is 10 % off the
  // course's 95,00 €, and the saved order is that price.
  const codeCaller = await signedInParent(request, "tag-code", dataDir);
  await createChild(request, codeCaller, "Ole", birthDate);
  await c10.click(menu("Telefonbuchungen"));
  await c10.choose(
    page.getByLabel(/^Elternteil/),
    codeCaller.email,
    page.getByRole("option", { name: new RegExp(escaped(codeCaller.email), "i") }),
  );
  await c10.click(page.getByLabel("Kind"));
  await c10.click(page.getByRole("option", { name: /^Ole Muster/ }));
  await c10.choose(
    page.getByLabel("Angebot"),
    courseName,
    page.getByRole("option", { name: courseName, exact: true }),
  );
  await c10.click(page.getByLabel("Option"));
  await c10.click(page.getByRole("option", { name: /^Einmal pro Woche/ }).first());
  await c10.click(page.getByLabel("Termine"));
  // The course's weekly slot, not step 9's full one at 22:00.
  await c10.click(page.getByRole("option").filter({ hasNotText: "22:00" }).first());
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("staff-order-total")).toContainText("Gesamt: 95,00");
  await c10.fill(page.getByLabel("Rabattcode (freiwillig)"), code);
  await expect(page.getByTestId("staff-order-total")).toContainText("Gesamt: 85,50");
  await expect(page.getByTestId("staff-order-line")).toContainText("(statt 95,00 €, 9,50 € Rabatt)");
  await c10.click(page.getByRole("button", { name: "Speichern" }));
  await expect(page).toHaveURL(/\/admin\/orders\/\d+\/show$/);
  await expect(page.getByTestId("order-standing")).toContainText("Noch nicht bezahlt");
  const codeOrder = Number(/orders\/(\d+)\/show/.exec(page.url())?.[1]);
  const saved = await request.get(`/api/v2/admin/orders/${codeOrder}/?locale=de`, {
    headers: (await signedInStaff(request)).headers,
  });
  expect(((await saved.json()) as { total_cents: number }).total_cents).toBe(8550);
  await c10.click(menu("Geschenkgutscheine"));
  await c10.click(page.getByRole("link", { name: "Erstellen" }));
  await c10.fill(page.getByLabel("Wert in €"), "25,00");
  await c10.fill(page.getByLabel("Grund"), "Entschädigung für eine ausgefallene Stunde");
  await c10.click(page.getByRole("button", { name: "Speichern" }));
  await expect(page).toHaveURL(/\/admin\/gift-cards\/\d+$/);
  const cardCode = await page.getByLabel("Code", { exact: true }).inputValue();
  const to = `beschenkt-${unique}@example.org`;
  await c10.fill(page.getByLabel("E-Mail-Adresse der beschenkten Person"), to);
  await c10.click(page.getByRole("button", { name: "Gutschein per E-Mail senden" }));
  await expect(page.getByText(`Der Gutschein wird an ${to} gesendet.`)).toBeVisible();
  expect(await newestMail("gift-card", to, dataDir)).toContain(cardCode);
  step("10 a 10 % code; a gift card issued by hand and mailed", c10);

  // 11. As the printed admin: admin granted to a new colleague; a family erased.
  const colleague = await verifiedUser(request, `team-${unique}`, {
    firstName: "Nora",
    lastName: "Neu",
    dataDir,
  });
  const leaving = await signedInParent(request, "tag-leaves", dataDir);
  const c11 = clicker();
  await c11.click(menu("Personen"));
  await c11.fill(page.getByLabel("Name, E-Mail oder Telefon"), colleague);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr").first()).toContainText(colleague);
  await c11.click(page.locator("tbody tr").first().locator("td").first());
  await c11.click(page.getByLabel("Rolle"));
  await c11.click(page.getByRole("option", { name: "Admin", exact: true }));
  await c11.click(page.getByRole("button", { name: "Rolle speichern" }));
  await expect(page.getByText("Rolle gespeichert.")).toBeVisible();
  await c11.click(menu("Personen"));
  await c11.fill(page.getByLabel("Name, E-Mail oder Telefon"), leaving.email);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr").first()).toContainText(leaving.email);
  await c11.click(page.locator("tbody tr").first().locator("td").first());
  await c11.fill(page.getByLabel(/Zur Bestätigung die E-Mail-Adresse eingeben/), leaving.email);
  await c11.click(page.getByRole("button", { name: "Endgültig löschen" }));
  await expect(page.getByText("Die Familie wurde gelöscht.")).toBeVisible();
  step("11 admin granted; a family erased", c11);
  const found = await request.get(
    `/api/v2/admin/people/?filter=${encodeURIComponent(JSON.stringify({ q: colleague }))}&locale=de`,
    { headers: admin },
  );
  expect(((await found.json()) as { role: string }[])[0]?.role).toBe("admin");
  const gone = await request.post("/api/v2/users/sign_in/?locale=de", {
    data: { email: leaving.email, password: PASSWORD },
  });
  expect(gone.status()).toBe(400);

  // 12. The audit entry of step 2 (the price typed "89,00"), read as words.
  const c12 = clicker();
  await c12.click(menu("Protokoll"));
  await c12.click(page.getByRole("combobox", { name: "Bereich" }));
  await c12.click(page.getByRole("option", { name: "Kaufoptionen und Preise" }));
  const created = page
    .locator("tbody tr")
    .filter({ hasText: "Angelegt" })
    .filter({ hasText: "89,00 €" })
    .first();
  await expect(created).toContainText(process.env.E2E_ADMIN_EMAIL ?? "");
  await expect(created).not.toContainText("base_price_cents");
  await expect(created).not.toContainText("{");
  step("12 the audit entry of step 2 as words", c12);
  await switchBackOfficeTo(page, "Deutsch", "Русский");
  await expect(
    page.locator("tbody tr").filter({ hasText: "Создано" }).filter({ hasText: "89,00 €" }).first(),
  ).toContainText("Варианты покупки и цены");
  await switchBackOfficeTo(page, "Русский", "Deutsch");

  // 13. This month's DATEV export.
  const c13 = clicker();
  await c13.click(menu("Buchhaltung"));
  const month = today.date.slice(0, 7);
  await expect(page.getByLabel("Monat").and(page.locator("input"))).toHaveValue(month);
  const [datev] = await Promise.all([
    page.waitForEvent("download"),
    c13.click(page.getByRole("button", { name: "DATEV-Export (Buchungsstapel)" })),
  ]);
  expect(datev.suggestedFilename()).toBe(`EXTF_Buchungsstapel_${month}.csv`);
  expect(readFileSync((await datev.path()) ?? "").toString("latin1")).toMatch(
    /^"EXTF";700;21;"Buchungsstapel"/,
  );
  step("13 this month's DATEV export", c13);
  expect(problems).toEqual([]);

  // 14. Check in by code on a 390 px phone: a code from a confirmation mail.
  const confirmation = await newestMail("order-confirmation", caller.email, dataDir);
  // Mila's code, from the phone booking paid in step 7 (Ida was marked present in step 5: the door would
  // rightly say she is in already).
  let checkinCode: string | undefined;
  for (const found of confirmation.matchAll(/Check-in-Code: (?:<[^>]+>)?([A-Za-z0-9_-]{16,64})/g)) {
    const read = await request.get(`/api/v2/checkin/${found[1]}/?locale=de`, { headers: admin });
    if (((await read.json()) as { visitor_name?: string }).visitor_name?.startsWith("Mila"))
      checkinCode = found[1];
  }
  expect(checkinCode, "the confirmation names a check-in code").toBeTruthy();
  const phone = await browser.newContext({ baseURL: demoBase, viewport: { width: 390, height: 844 } });
  const door = await phone.newPage();
  const doorProblems = watch(door);
  const c14 = clicker();
  await signInAsAdmin(door, c14, true);
  await c14.click(door.getByRole("banner").getByRole("button", { name: /Menü/ }).first());
  await c14.click(door.getByRole("menuitem", { name: "Einlass (Check-in)" }));
  await c14.fill(door.getByLabel("Code der Buchung"), checkinCode ?? "");
  await c14.click(door.getByRole("button", { name: "Einchecken" }));
  const result = door.getByTestId("door-result");
  await expect(result).toHaveAttribute("data-colour", "green");
  await expect(result).toContainText("Eingecheckt");
  const sideways = await door.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  step("14 check-in by code on a 390 px phone", c14);
  await phone.close();
  expect(doorProblems).toEqual([]);

  console.log(`office manager's day: ${counts.map(([name, n]) => `${name}: ${n}`).join("; ")}`);
  expect(problems).toEqual([]);
});
