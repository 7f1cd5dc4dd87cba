import type { APIRequestContext } from "@playwright/test";
import { berlinDay } from "../support/days.ts";
import { expect, test } from "../support/fixtures.ts";
import { countMails, newestMail } from "../support/mail.ts";
import { clicker, switchBackOfficeTo, watch } from "../support/office-walk.ts";
import { addToCart, payPlacedOrder, placeOrder } from "../support/orders.ts";
import { bornYearsAgo, createChild, signedInParent } from "../support/parents.ts";
import { signedInStaff, signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * Issue 29, the office manager's day, steps 6 and 9 and writing to a family, at 1366 px in German, each task
 * reached from the menu and a list row, clicks counted and printed, no console error and no 5xx: an order
 * opened from the orders list is refunded in part ("10,00"), an item cancelled, the confirmation resent; a
 * waiting-list seat offered on a full slot adds the seat; a message to a family from its visit request. The
 * key screens once in Russian, switched with the app bar's language switch. Each test makes its own data:
 * a new parent and order, a new slot of its own (Sunday, early), a new request.
 */
test.use({ viewport: { width: 1366, height: 768 } });
test.setTimeout(180_000);

type Course = {
  id: number;
  name: string;
  age_group: string;
  purchase_options: { id: number; schedule_type: string }[];
};

/** The seed's first weekly course and its weekly option, and a birth date inside its age group. */
async function weeklyCourse(request: APIRequestContext) {
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Course");
  const course = ((await reply.json()) as { results: Course[] }).results.find((c) =>
    c.purchase_options.some((o) => o.schedule_type === "Course (1 / week)"),
  );
  const option = course?.purchase_options.find((o) => o.schedule_type === "Course (1 / week)");
  if (!course || !option) throw new Error("the seed has no weekly course");
  return { course, option, birthDate: bornYearsAgo(Number(course.age_group.match(/^\d+/)?.[0]) + 1) };
}

type Staff = Awaited<ReturnType<typeof signedInStaff>>;

/** A new weekly slot of the course, on Sunday early, so the seeded slots other tests read stay untouched. */
async function ownSlot(
  request: APIRequestContext,
  staff: Staff,
  pageId: number,
  start: string,
  seats: number,
) {
  const [h, m] = start.split(":").map(Number);
  const end = `${String((h ?? 0) + 1).padStart(2, "0")}:${String(m ?? 0).padStart(2, "0")}`;
  const slot = await request.post("/api/v2/admin/slots/?locale=de", {
    headers: staff.headers,
    data: { product_page: pageId, weekday: 6, date: null, start, end, seats, instructor: null },
  });
  expect(slot.status(), await slot.text()).toBe(201);
  return ((await slot.json()) as { id: number }).id;
}

/** Letters only, different on each run (names refuse digits). */
const tag = () =>
  Date.now()
    .toString(26)
    .split("")
    .map((d) => String.fromCharCode(97 + Number.parseInt(d, 26)))
    .join("")
    .slice(-6);

test("an order opened from the list: refunded in part, an item cancelled, the confirmation resent; in Russian once", async ({
  page,
  request,
}) => {
  // A paid order of two children on a slot of its own, bought through the PayPal stand-in.
  const staff = await signedInStaff(request);
  const course = await weeklyCourse(request);
  const slot = await ownSlot(request, staff, course.course.id, "07:20", 4);
  const parent = await signedInParent(request, "day-order");
  for (const name of ["Ida", "Emil"]) {
    const child = await createChild(request, parent, name, course.birthDate);
    await addToCart(request, parent, {
      product_page: course.course.id,
      purchase_option: course.option.id,
      visitor: child.id,
      schedule_slots: [slot],
    });
  }
  await payPlacedOrder(request, parent, await placeOrder(request, parent));
  // The confirmation of the purchase is written before staff resend it.
  await newestMail("order-confirmation", parent.email, undefined, 30_000);

  const problems = watch(page);
  await signInToBackOffice(page);
  const c = clicker();
  await c.click(page.getByRole("menuitem", { name: "Bestellungen" }));
  await c.fill(page.getByLabel("Suche (Name, E-Mail, Kind, Nr.)"), parent.email);
  await expect(page).toHaveURL(/filter=/);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await c.click(page.locator("tbody tr").first().locator("td").first());
  await expect(page).toHaveURL(/\/admin\/orders\/\d+\/show$/);
  const orderId = Number(page.url().match(/orders\/(\d+)\/show/)?.[1]);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${orderId} · Bezahlt`);

  // Part of Ida's course is refunded, typed the German way.
  const items = page.getByRole("region", { name: "Positionen" });
  const refunds = page.getByRole("region", { name: "Erstattungen" });
  const line = (child: string) => items.getByRole("row").filter({ hasText: `${child} Muster` });
  await c.click(line("Ida").getByRole("button", { name: "Erstatten oder stornieren" }));
  const dialog = page.getByRole("dialog");
  await c.fill(dialog.getByLabel(/Betrag in Euro/), "10,00");
  await c.fill(dialog.getByLabel(/Grund/), "Ein Termin fiel aus");
  await c.click(dialog.getByRole("button", { name: "Ausführen" }));
  await expect(dialog).toBeHidden();
  const idaRefund = refunds.getByRole("row").filter({ hasText: "Ein Termin fiel aus" });
  await expect(idaRefund).toContainText("10,00 €");
  await expect(idaRefund).toContainText(/GS-\d{4}-\d{6}/);
  await expect(line("Ida")).toContainText("10,00 €");
  await expect(line("Ida")).toContainText("Aktiv");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Teilweise erstattet");

  // Emil's item is cancelled (what is left of it refunded).
  await c.click(line("Emil").getByRole("button", { name: "Erstatten oder stornieren" }));
  await c.check(dialog.getByLabel("Position stornieren (der Platz wird frei)"));
  await c.fill(dialog.getByLabel(/Grund/), "Emil zieht um");
  await c.click(dialog.getByRole("button", { name: "Ausführen" }));
  await expect(dialog).toBeHidden();
  await expect(line("Emil")).toContainText("Storniert");
  const emilRefund = refunds.getByRole("row").filter({ hasText: "Emil zieht um" });
  await expect(emilRefund).toContainText(/GS-\d{4}-\d{6}/);
  await expect(line("Ida")).toContainText("Aktiv");
  // The seat is free again (read by the admin API).
  const seats = (await (
    await request.get(`/api/v2/admin/orders/${orderId}/?locale=de`, { headers: staff.headers })
  ).json()) as { items: { child: string; status: string }[] };
  expect(seats.items.map((i) => [i.child, i.status]).sort()).toEqual([
    ["Emil Muster", "cancelled"],
    ["Ida Muster", "active"],
  ]);

  // The confirmation is mailed again: the order's mails list one more confirmation to the parent.
  const mails = page.getByRole("region", { name: "Gesendete E-Mails" });
  const toParent = mails
    .getByRole("row")
    .filter({ hasText: parent.email })
    .filter({ hasText: "ist bestätigt" });
  const before = await toParent.count();
  const confirmations = await countMails("order-confirmation", parent.email);
  await c.click(page.getByRole("button", { name: "Bestellbestätigung erneut senden" }));
  await expect(page.getByText("Die Bestellbestätigung wird erneut gesendet.")).toBeVisible();
  await expect(toParent).toHaveCount(before + 1);
  await expect
    .poll(() => countMails("order-confirmation", parent.email), { timeout: 30_000 })
    .toBe(confirmations + 1);
  console.log(
    `order from the list, refunded in part, an item cancelled, confirmation resent: ${c.count} clicks`,
  );

  // The same order once in Russian, switched as a person does.
  await switchBackOfficeTo(page, "Deutsch", "Русский");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    `${orderId} · Оплачен · Частично возвращён`,
  );
  const ruItems = page.getByRole("region", { name: "Позиции" });
  await expect(ruItems.getByRole("row").filter({ hasText: "Emil Muster" })).toContainText("Отменена");
  await expect(page.getByRole("region", { name: "Возвраты" })).toContainText("10,00 €");
  await expect(page.getByRole("button", { name: "Отправить подтверждение заказа ещё раз" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a waiting-list seat offered on a full slot: the dialog asks to add a seat, and both are done; in Russian once", async ({
  page,
  request,
}) => {
  const staff = await signedInStaff(request);
  const course = await weeklyCourse(request);
  // A slot of its own with one seat, taken and paid; a family waits for it.
  const slot = await ownSlot(request, staff, course.course.id, "06:40", 1);
  const holder = await signedInParent(request, "day-seat");
  const held = await createChild(request, holder, "Hanna", course.birthDate);
  await addToCart(request, holder, {
    product_page: course.course.id,
    purchase_option: course.option.id,
    visitor: held.id,
    schedule_slots: [slot],
  });
  await payPlacedOrder(request, holder, await placeOrder(request, holder));
  const waiting = await signedInParent(request, "day-waits");
  const child = await createChild(request, waiting, "Tilda", course.birthDate);
  const joined = await request.post("/api/v2/orders/waiting_list/?locale=de", {
    headers: waiting.headers,
    data: { schedule_slot: slot, visitor: child.id, purchase_option: course.option.id },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const slotUrl = `/api/v2/admin/slots/${slot}/?locale=de`;
  const seatsBefore = (
    (await (await request.get(slotUrl, { headers: staff.headers })).json()) as { seats: number }
  ).seats;
  expect(seatsBefore).toBe(1);

  const problems = watch(page);
  await signInToBackOffice(page);
  const c = clicker();
  await c.click(page.getByRole("menuitem", { name: "Wartelisten" }));
  const picker = page.getByRole("combobox", { name: "Angebot" });
  await c.choose(
    picker,
    course.course.name,
    page.getByRole("option", { name: course.course.name, exact: true }),
  );
  await expect(page).toHaveURL(/filter=/);
  const row = page.locator("tbody tr").filter({ hasText: waiting.email });
  await expect(row).toContainText("Tilda Muster");
  await expect(row).toContainText("Wartet");
  await c.click(row.getByRole("button", { name: "Platz anbieten" }));
  const dialog = page.getByRole("dialog", { name: "Der Termin ist voll" });
  await expect(dialog).toContainText("Soll ein Platz hinzugefügt und Tilda Muster angeboten werden?");
  await c.click(dialog.getByRole("button", { name: "Platz hinzufügen und anbieten" }));
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText("Der Platz ist angeboten; die Eltern erhalten eine E-Mail mit dem Link."),
  ).toBeVisible();
  await expect(row).toContainText("Platz angeboten");
  console.log(`waiting-list seat offered on a full slot, a seat added: ${c.count} clicks`);
  const seatsAfter = (
    (await (await request.get(slotUrl, { headers: staff.headers })).json()) as { seats: number }
  ).seats;
  expect(seatsAfter).toBe(seatsBefore + 1);
  expect(await newestMail("waiting-list-offer", waiting.email)).toContain("Tilda Muster");

  // The waiting list once in Russian, switched as a person does.
  await switchBackOfficeTo(page, "Deutsch", "Русский");
  await expect(row).toContainText("Место предложено");
  await expect(page.getByRole("combobox", { name: "Предложение" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("staff write to a family from its visit request: the message shows on the request, one mail reaches the parent", async ({
  page,
  request,
}) => {
  const parent = await signedInParent(request, "day-message");
  const course = await weeklyCourse(request);
  // A trial on a lesson day: the course's own Sunday slot, next Sunday.
  const staff = await signedInStaff(request);
  await ownSlot(request, staff, course.course.id, "06:10", 4);
  let sunday = berlinDay(1);
  for (let offset = 2; sunday.weekday !== 6; offset++) sunday = berlinDay(offset);
  const family = `Brenner${tag()}`;
  const sent = await request.post("/api/v2/orders/visit_request/?locale=de", {
    headers: parent.headers,
    data: {
      product_page: course.course.id,
      children: [{ first_name: "Lotta", last_name: family, birth_date: course.birthDate }],
      adults: [
        {
          first_name: "Paula",
          last_name: family,
          email: parent.email,
          phone: "+4915112345678",
          relation: "",
        },
      ],
      date: sunday.date,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const problems = watch(page);
  await signInToBackOffice(page);
  const c = clicker();
  await c.click(page.getByRole("menuitem", { name: "Besuchsanfragen" }));
  await c.click(
    page
      .locator("tbody tr")
      .filter({ hasText: `Paula ${family}` })
      .first()
      .locator("td")
      .first(),
  );
  await expect(page).toHaveURL(/\/admin\/visit-requests\/\d+$/);
  const messages = page.getByRole("region", { name: "Nachricht an die Familie" });
  await expect(messages).toContainText("Noch keine Nachricht gesendet.");
  await c.fill(messages.getByLabel("Betreff"), "Ihre Probestunde");
  await c.fill(messages.getByLabel("Nachricht", { exact: true }), "Bitte bringen Sie Hausschuhe mit.");
  await c.click(messages.getByRole("button", { name: "Nachricht senden" }));
  await expect(page.getByText("Nachricht gesendet.", { exact: true })).toBeVisible();
  const list = messages.getByRole("list", { name: "Gesendete Nachrichten" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Ihre Probestunde");
  await expect(list).toContainText("Bitte bringen Sie Hausschuhe mit.");
  await expect(list).toContainText(parent.email);
  console.log(`a message to a family from its visit request: ${c.count} clicks`);

  const mail = await newestMail("visit-request-message", parent.email);
  expect(mail).toContain("Bitte bringen Sie Hausschuhe mit.");
  // The worker had time to write a second mail if there were one.
  await page.waitForTimeout(3_000);
  expect(await countMails("visit-request-message", parent.email)).toBe(1);
  // Kept with the request: still there after a reload.
  await page.reload();
  await expect(list).toContainText("Ihre Probestunde");
  expect(problems).toEqual([]);
});
