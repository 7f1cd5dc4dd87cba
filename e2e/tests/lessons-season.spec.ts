import type { APIRequestContext, Page } from "@playwright/test";
import { weeklyCourse } from "../support/courses.ts";
import { berlinDay, shownDay } from "../support/days.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { linkIn, newestMail } from "../support/mail.ts";
import { addToCart, paypalStandInUrl } from "../support/orders.ts";
import { bornYearsAgo, createChild, signedInParent, useSessionInBrowser } from "../support/parents.ts";
import { signedInStaff } from "../support/staff-bookings.ts";

/**
 * Lessons over a season (issue 35, D390–D392) at 390 px, in German and Russian:
 * (a) the day before the first lesson the reminder mail's link lets a parent say the child won't come; the
 *     credit it gives books a makeup in the course's other group;
 * (b) staff cancel a lesson in the back office, reached through the menu; both booked families get the mail,
 *     each in its language, and a credit; the product page names the cancelled date.
 * Each test makes its own course (its own weekly groups), families and staff actions; nothing another test
 * reads changes.
 */
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

type Locale = "de" | "ru";

const RULES = {
  makeup_allowed: true,
  absence_cutoff_minutes: 120,
  credit_valid_days: 56,
  credits_per_month: 2,
  cancelled_lesson_outcome: "credit",
  what_to_bring: { de: "Malkittel", ru: "Фартук" },
  makeup_group: null,
};

const WORDS = {
  de: {
    reminder: /Abwesenheit melden|Melden Sie es hier ab/,
    report: "Kommt nicht",
    reported: /Gemeldet\. Danke, dass Sie Bescheid geben! Sie haben 1 Nachholguthaben bekommen, gültig bis/,
    open: "gültig bis",
    book: "Nachholstunde buchen",
    choose: "Termin wählen",
    confirm: "Diesen Termin buchen",
    booked: "Gebucht: Nachholstunde am",
    openMenu: "Öffnen des Menüs",
    menu: "Abgesagte Stunden",
    cancelNew: "Eine Stunde absagen",
    day: "Tag der Stunde",
    lesson: "Termin",
    reasonDe: "Grund auf Deutsch",
    reasonRu: "Grund auf Russisch",
    submit: "Stunde absagen",
    done: "Abgesagt. Kinder: 2, Nachholguthaben: 2, verlängerte Abos: 0, E-Mails: 2.",
    cancelledHeading: "Abgesagte Stunden",
  },
  ru: {
    reminder: /Сообщить об отсутствии|Сообщите об этом здесь/,
    report: "Не придёт",
    reported: /Отмечено\. Спасибо, что предупредили!/,
    open: "действует до",
    book: "Записаться на отработку",
    choose: "Выберите занятие",
    confirm: "Записаться на это занятие",
    booked: "Вы записаны на отработку",
    openMenu: "Открыть меню",
    menu: "Отменённые занятия",
    cancelNew: "Отменить занятие",
    day: "День занятия",
    lesson: "Занятие",
    reasonDe: "Причина по-немецки",
    reasonRu: "Причина по-русски",
    submit: "Отменить занятие",
    done: "Отменено. Детей: 2, отработок: 2, продлённых абонементов: 0, писем: 2.",
    cancelledHeading: "Отменённые занятия",
  },
} as const;

const REASONS = { de: "Die Lehrerin ist krank.", ru: "Преподаватель заболел." };

/** A family with a child of 6 whose booking of `slot` is paid, the order in `locale` (its mails' language). */
async function paidFamily(
  request: APIRequestContext,
  course: { id: number; option: number },
  slot: number,
  locale: Locale,
  name: string,
) {
  const parent = await signedInParent(request, name);
  const child = await createChild(request, parent, name, bornYearsAgo(6));
  await addToCart(request, parent, {
    product_page: course.id,
    purchase_option: course.option,
    visitor: child.id,
    schedule_slots: [slot],
  });
  const { first_name, last_name } = parent.user as { first_name: string; last_name: string };
  const staged = await request.post(`/api/v2/orders/fulfill/?locale=${locale}&payment_gateway=paypal`, {
    headers: parent.headers,
    data: {
      terms_accepted: true,
      billing: { first_name, last_name, street: "Musterstraße 1", post_code: "10115", city: "Berlin" },
    },
  });
  expect(staged.status(), await staged.text()).toBe(200);
  const { id } = (await staged.json()) as { id: string };
  expect((await request.post(`${paypalStandInUrl}/stand-in/approve/${id}`)).ok()).toBe(true);
  const captured = await request.post(`/api/v2/orders/${id}/capture/?locale=${locale}`, {
    headers: parent.headers,
    data: { orderID: id },
  });
  expect(captured.status(), await captured.text()).toBe(200);
  return parent;
}

/** A second weekly group of the course, on another weekday. */
async function secondGroup(request: APIRequestContext, page: number, weekday: number, start: string) {
  const staff = await signedInStaff(request);
  const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, "0")}:00`;
  const slot = await request.post("/api/v2/admin/slots/?locale=de", {
    headers: staff.headers,
    data: { product_page: page, weekday, start, end, date: null, seats: 8, instructor: null },
  });
  expect(slot.status(), await slot.text()).toBe(201);
  return ((await slot.json()) as { id: number }).id;
}

const plusDays = (iso: string, days: number) => {
  const day = new Date(`${iso}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

async function noSidewaysScroll(page: Page, where: string) {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .filter(
        (el) =>
          ![...el.children].some(
            (child) => child.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
          ),
      )
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName}.${String(el.className).slice(0, 80)} ${Math.round(el.getBoundingClientRect().right)}`,
      ),
  );
  expect(sideways, `${where}: no sideways scrolling at 390 px ${wide.join(" | ")}`).toBeLessThanOrEqual(0);
}

for (const locale of ["de", "ru"] as const) {
  const w = WORDS[locale];

  test(`a parent reports an absence from the reminder's link, gets a credit and books a makeup (${locale})`, async ({
    page,
    request,
  }) => {
    const tag = `${locale}-${Date.now()}`;
    const tomorrow = berlinDay(1);
    const later = berlinDay(2);
    // The course's first group meets tomorrow: a booking paid today has its first lesson then, so the
    // reminder is due now (the e2e shop looks every 2 s).
    const course = await weeklyCourse(request, {
      slug: `nachholen-${tag}`,
      name: { de: `Malen mit Nachholen ${tag}`, ru: `Рисование с отработками ${tag}` },
      group: { weekday: tomorrow.weekday, start: "16:00", end: "17:00" },
      lessonRules: RULES,
    });
    const other = await secondGroup(request, course.id, later.weekday, "10:00");
    const parent = await paidFamily(request, course, course.slot, locale, `absence-${locale}`);

    const reminder = await newestMail("lesson-reminder", parent.email, undefined, 60_000);
    expect(reminder).toMatch(w.reminder);
    expect(reminder).toContain(RULES.what_to_bring[locale]);
    const link = linkIn(reminder, "/absence/");
    expect(link).toContain(`locale=${locale}`);

    await dismissCookieModal(page);
    await page.goto(new URL(link).pathname + new URL(link).search);
    const first = page.getByLabel(
      new RegExp(`${shownDay(tomorrow.date, locale).replace(/\./g, "\\.")}, 16:00–17:00`),
    );
    await first.check();
    await page.getByRole("button", { name: w.report }).click();
    const answer = page.getByTestId("absence-reported");
    await expect(answer).toContainText(w.reported);
    const expiry = shownDay(plusDays(tomorrow.date, 56), locale);
    await expect(answer).toContainText(expiry);
    await noSidewaysScroll(page, "the absence page");

    // Signed in, the profile lists the credit with its expiry and books it in the other group.
    await useSessionInBrowser(page, parent);
    await page.goto(`/profile?tab=workshops&locale=${locale}`);
    const credits = page.getByTestId("makeup-credits");
    await expect(credits).toContainText(`${w.open} ${expiry}`);
    await credits.getByRole("button", { name: w.book }).click();
    const choose = credits.getByLabel(w.choose);
    const option = choose.locator("option", { hasText: `${shownDay(later.date, locale)}, 10:00–11:00` });
    await expect(option).toHaveCount(1);
    await choose.selectOption((await option.getAttribute("value")) ?? "");
    await credits.getByRole("button", { name: w.confirm }).click();
    await expect(credits.getByTestId("makeup-booked")).toContainText(w.booked);
    await noSidewaysScroll(page, "the profile's credits");

    const booked = await request.get(`/api/v2/lessons/credits/?locale=${locale}`, {
      headers: parent.headers,
    });
    expect(await booked.json()).toMatchObject([
      {
        reason: "absence",
        source_date: tomorrow.date,
        status: "used",
        makeup: { slot: other, date: later.date, start: "10:00" },
      },
    ]);
  });

  test(`staff cancel a lesson from the back office's menu; both families are mailed and get a credit (${locale})`, async ({
    page,
    request,
  }) => {
    const tag = `${locale}-${Date.now()}`;
    const day = berlinDay(3);
    const course = await weeklyCourse(request, {
      slug: `absage-${tag}`,
      name: { de: `Malen mit Absage ${tag}`, ru: `Рисование с отменой ${tag}` },
      group: { weekday: day.weekday, start: "15:00", end: "16:00" },
      lessonRules: RULES,
    });
    const de = await paidFamily(request, course, course.slot, "de", `cancel-de-${locale}`);
    const ru = await paidFamily(request, course, course.slot, "ru", `cancel-ru-${locale}`);

    await page.addInitScript((chosen) => localStorage.setItem("atelier-admin-locale", chosen), locale);
    await page.goto("/admin");
    await page.locator('input[name="username"]').fill(process.env.E2E_STAFF_EMAIL ?? "");
    await page.locator('input[name="password"]').fill(process.env.E2E_STAFF_PASSWORD ?? "");
    await page.locator('button[type="submit"]').click();
    // On a phone the menu is folded behind the app bar's menu button.
    await page.getByRole("banner").getByRole("button", { name: w.openMenu }).click();
    await page.getByRole("menuitem", { name: w.menu }).click();
    await page.getByRole("link", { name: w.cancelNew }).first().click();
    await page.getByLabel(new RegExp(`^${w.day}`)).fill(day.date);
    await page.getByRole("combobox", { name: new RegExp(w.lesson) }).click();
    await page.getByRole("option", { name: new RegExp(`15:00–16:00 ${course.name[locale]}`) }).click();
    await page.getByLabel(new RegExp(`^${w.reasonDe}`)).fill(REASONS.de);
    await page.getByLabel(new RegExp(`^${w.reasonRu}`)).fill(REASONS.ru);
    await noSidewaysScroll(page, "the cancel form");
    await page.getByRole("button", { name: w.submit }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(course.name[locale]);
    await dialog.getByRole("button", { name: w.submit }).click();
    await expect(page.getByText(w.done)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/lesson-cancellations$/);
    await expect(page.getByText(course.name[locale])).toBeVisible();

    for (const [family, language] of [
      [de, "de"],
      [ru, "ru"],
    ] as const) {
      const mail = await newestMail("lesson-cancelled", family.email);
      expect(mail).toContain(REASONS[language]);
      expect(mail).not.toContain(REASONS[language === "de" ? "ru" : "de"]);
      const credits = await request.get(`/api/v2/lessons/credits/?locale=${language}`, {
        headers: family.headers,
      });
      expect(await credits.json()).toMatchObject([
        { reason: "cancelled", source_date: day.date, expires_on: plusDays(day.date, 56), status: "open" },
      ]);
    }

    // The shop's product page names the cancelled date and the page's rules, in the reader's language.
    await dismissCookieModal(page);
    await page.goto(`/product/${course.slug}?locale=${locale}`);
    const cancelled = page.getByTestId("product-cancelled-lessons");
    await expect(cancelled.getByRole("heading", { name: w.cancelledHeading })).toBeVisible();
    await expect(cancelled).toContainText(REASONS[locale]);
    await expect(cancelled).toContainText(shownDay(day.date, locale));
    await expect(page.getByTestId("product-lesson-rules")).toContainText(RULES.what_to_bring[locale]);
    await noSidewaysScroll(page, "the product page");
  });
}
