import type { APIRequestContext } from "@playwright/test";
import { berlinDay } from "../support/days.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { addToCart, payPlacedOrder, placeOrder } from "../support/orders.ts";
import { bornYearsAgo, createChild, signedInParent } from "../support/parents.ts";
import { signedInStaff, signInToBackOffice } from "../support/staff-bookings.ts";
import { signInByStorage, verifiedUser } from "../support/users.ts";

/**
 * The instructor's phone (issue 35, D380–D384), at 390 px in German and Russian: an admin makes an account
 * an instructor; the instructor opens today's lesson on /teaching, marks the booked child present and reports
 * a lesson they cannot give; staff find the report from the dashboard. Today's lesson is a slot made for
 * today's weekday, so the test runs on any day of the week; the instructor record is the test's own.
 */
test.use({ viewport: { width: 390, height: 844 } });

const WORDS = {
  de: {
    title: "Meine Stunden",
    today: "Heute",
    present: "Da",
    markedPresent: "Anwesend",
    reason: "Grund",
    send: "An das Büro melden",
    sent: /Gemeldet\. Das Büro kümmert sich darum/,
    dashboardLine: /Stunden, die eine Lehrkraft nicht geben kann, nicht erledigt: \d+/,
    call: /anrufen: \+49/,
  },
  ru: {
    title: "Мои занятия",
    today: "Сегодня",
    present: "На месте",
    markedPresent: "Присутствует",
    reason: "Причина",
    send: "Сообщить в администрацию",
    sent: /Сообщение отправлено\. Администрация займётся этим/,
    dashboardLine: /Занятия, которые преподаватель не может провести, не обработанные: \d+/,
    call: /Позвонить .*: \+49/,
  },
} as const;

async function signedInAdmin(request: APIRequestContext) {
  const signIn = await request.post("/api/v2/users/sign_in/?locale=de", {
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const { key } = (await signIn.json()) as { key: string };
  return { Authorization: `Token ${key}` };
}

/** An instructor record of this test's own, a weekly slot of theirs on today's weekday, and a paid booking. */
async function lessonToday(request: APIRequestContext, locale: "de" | "ru", start: string) {
  const staff = await signedInStaff(request);
  const tag = `${locale}${Date.now()}`;
  const made = await request.post("/api/v2/admin/instructors/?locale=de", {
    headers: staff.headers,
    data: {
      slug: `phone-${tag}`,
      first_name: "Irina",
      last_name: `Lehrerin${tag}`,
      first_name_ru: null,
      last_name_ru: null,
      job: { de: "", ru: "" },
      subject: { de: "", ru: "" },
      bio: { de: "", ru: "" },
      photo: "",
      sort_order: 0,
      is_published: false,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const instructor = ((await made.json()) as { id: number }).id;
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Course");
  type Course = { id: number; age_group: string; purchase_options: { id: number; schedule_type: string }[] };
  const course = ((await reply.json()) as { results: Course[] }).results.find((c) =>
    c.purchase_options.some((o) => o.schedule_type === "Course (1 / week)"),
  );
  const option = course?.purchase_options.find((o) => o.schedule_type === "Course (1 / week)");
  if (!course || !option) throw new Error("the seed has no weekly course");
  const slot = await request.post("/api/v2/admin/slots/?locale=de", {
    headers: staff.headers,
    data: {
      product_page: course.id,
      weekday: berlinDay(0).weekday,
      date: null,
      start,
      end: "23:50",
      seats: 5,
      instructor,
    },
  });
  expect(slot.status(), await slot.text()).toBe(201);
  const slotId = ((await slot.json()) as { id: number }).id;
  const parent = await signedInParent(request, `phone-${locale}`);
  const age = Number(course.age_group.match(/^\d+/)?.[0]) + 1;
  const child = await createChild(request, parent, "Greta", bornYearsAgo(age));
  await addToCart(request, parent, {
    product_page: course.id,
    purchase_option: option.id,
    visitor: child.id,
    schedule_slots: [slotId],
  });
  await payPlacedOrder(request, parent, await placeOrder(request, parent));
  return { instructor, slotId };
}

for (const locale of ["de", "ru"] as const) {
  test(`an instructor marks a child present on the phone and reports a lesson; staff see it (${locale})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const w = WORDS[locale];
    const start = locale === "de" ? "23:01" : "23:02";
    // The account first: the paid booking's mails (with their PDFs) would keep its verification mail waiting.
    const email = await verifiedUser(request, `teacher-${locale}`, {
      firstName: "Irina",
      lastName: "Lehrerin",
    });
    const { instructor } = await lessonToday(request, locale, start);
    // An admin grants the role, as on a person's page in the back office (D380).
    const admin = await signedInAdmin(request);
    const found = await request.get(
      `/api/v2/admin/people/?locale=de&filter=${encodeURIComponent(JSON.stringify({ q: email }))}`,
      { headers: admin },
    );
    const person = ((await found.json()) as { id: number }[])[0];
    const granted = await request.put(`/api/v2/admin/people/${person?.id}/role/?locale=de`, {
      headers: admin,
      data: { role: "instructor", instructor },
    });
    expect(granted.status(), await granted.text()).toBe(200);

    await dismissCookieModal(page);
    await signInByStorage(page, request, email);
    await page.goto(`/teaching?locale=${locale}`);
    await expect(page.getByRole("heading", { level: 1, name: w.title })).toBeVisible();
    const today = page.getByRole("region", { name: new RegExp(`^${w.today}, `) });
    await today.getByRole("link", { name: new RegExp(start) }).click();

    const child = page.getByTestId("teaching-child").filter({ hasText: "Greta Muster" });
    await expect(child).toBeVisible();
    await expect(child.getByRole("link", { name: w.call })).toHaveAttribute("href", /^tel:\+49\d+$/);
    await child.getByRole("button", { name: w.present }).click();
    await expect(child.getByRole("button", { name: w.present })).toHaveAttribute("aria-pressed", "true");
    await expect(child).toContainText(w.markedPresent);

    const reason = locale === "de" ? `Ich bin krank ${Date.now()}` : `Я заболела ${Date.now()}`;
    await page.getByLabel(w.reason).fill(reason);
    await page.getByRole("button", { name: w.send }).click();
    await expect(page.getByRole("status").filter({ hasText: w.sent })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    // Staff, in the back office at their desk: the dashboard counts the report and leads to it.
    const office = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signInToBackOffice(office, locale);
    await office.getByRole("link", { name: w.dashboardLine }).click();
    await expect(office.getByRole("row").filter({ hasText: reason })).toBeVisible();
    await office.close();
  });
}
