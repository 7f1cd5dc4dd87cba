import type { APIRequestContext, Page } from "@playwright/test";
import { berlinDay, shownDay, weekdayOf } from "../support/days.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { newestMail } from "../support/mail.ts";
import { addToCart } from "../support/orders.ts";
import {
  bornYearsAgo,
  createChild,
  type Parent,
  signedInParent,
  useSessionInBrowser,
} from "../support/parents.ts";
import { signedInStaff } from "../support/staff-bookings.ts";

/**
 * Issue 24 item 4, "Done when": one period in the mail, the profile and the `.ics` (D121, D122). A parent buys a
 * monthly course through the demo gateway while the course's house has a closed week inside the first month;
 * the order mail's "erster Monat A–B", the profile's "Bezahlt bis B", the cancellation's "endet am B" all name
 * the same last day B; after cancelling, the child's `.ics` runs the weekly lesson to B, no later, and leaves
 * the closed week's lesson out. On the demo gateway's shop (its own database), at 390 × 844 in German and
 * 1366 × 900 in Russian.
 */

const demoBase = process.env.E2E_DEMO_BASE_URL;
const demoDataDir = process.env.E2E_DEMO_DATA_DIR;

type Course = {
  id: number;
  name: string;
  age_group: string;
  location: string;
  schedule_slots: { id: number; weekday: number | null; space: number }[];
  purchase_options: { id: number; schedule_type: string }[];
};

type HistoryItem = {
  id: number;
  subscription: { paid_through: string; ends_on: string | null } | null;
};

/** 31.12.2026 (the mail and invoice) → 2026-12-31. */
const isoOf = (dotted: string) => dotted.split(".").reverse().join("-");

/** A weekly course with seats (1 / week) and the slot with most seats left, with its house. */
async function weeklyCourse(request: APIRequestContext) {
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Course");
  const found = ((await reply.json()) as { results: Course[] }).results
    .map((product) => ({
      product,
      option: product.purchase_options.find((o) => o.schedule_type === "Course (1 / week)"),
      slot: product.schedule_slots
        .filter((s) => s.weekday !== null && s.space > 0)
        .sort((a, b) => b.space - a.space)[0],
    }))
    .find((c) => c.option && c.slot);
  if (!found?.option || !found.slot || found.slot.weekday === null)
    throw new Error("the seed has no weekly course with seats");
  const page = (await (await request.get(`/api/v2/products/${found.product.id}/?locale=de`)).json()) as {
    house: { id: number } | null;
  };
  if (!page.house) throw new Error("the seed's weekly course has no house");
  return {
    ...found,
    option: found.option,
    slot: found.slot,
    weekday: found.slot.weekday,
    house: page.house.id,
  };
}

async function subscriptionOf(request: APIRequestContext, parent: Parent) {
  const reply = await request.get("/api/v2/orders/items/history/?locale=de", { headers: parent.headers });
  const item = ((await reply.json()) as HistoryItem[]).find((entry) => entry.subscription);
  if (!item?.subscription) throw new Error("no subscription in the history");
  return { ...item, subscription: item.subscription };
}

/** The checkout in the browser, paid on the demo gateway's page. */
async function payOnDemoGateway(page: Page, locale: "de" | "ru") {
  await page.goto(`/cart?locale=${locale}&step=checkout`);
  await page.getByRole("checkbox").check();
  await page
    .getByRole("button", {
      name: locale === "de" ? "Zahlungspflichtig bestellen" : "Заказать с обязательством оплаты",
    })
    .click();
  await expect(page).toHaveURL(/\/payments\/demo\/DEMO/);
  await page.getByRole("button", { name: /Zahlung freigeben \(Demo\)|Подтвердить оплату \(демо\)/ }).click();
  await expect(page).toHaveURL(/\/payment-complete\/\d+\?/);
}

const CASES = [
  { locale: "de", viewport: { width: 390, height: 844 } },
  { locale: "ru", viewport: { width: 1366, height: 900 } },
] as const;

for (const { locale, viewport } of CASES) {
  test.describe(`one billing period everywhere (${locale}, ${viewport.width} px)`, () => {
    test.use({ baseURL: demoBase, viewport });

    test("the mail, the profile, the cancellation and the .ics name the same period", async ({
      page,
      request,
    }) => {
      // A checkout through the gateway's page, a cancellation and a download: more than the default 30 s.
      test.setTimeout(120_000);
      const staff = (await signedInStaff(request)).headers;
      const course = await weeklyCourse(request);
      // A closed week in the course's house inside the first month: one lesson falls out, the month grows.
      const closure = { starts_on: berlinDay(8).date, ends_on: berlinDay(14).date };
      const closedLesson = [...Array(7).keys()]
        .map((offset) => berlinDay(8 + offset).date)
        .find((day) => weekdayOf(day) === course.weekday);
      const created = await request.post("/api/v2/admin/closures/?locale=de", {
        headers: staff,
        data: {
          location_id: course.house,
          ...closure,
          name: { de: `Testwoche ${locale} ${Date.now()}`, ru: `Тестовая неделя ${Date.now()}` },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id: closureId } = (await created.json()) as { id: number };
      try {
        const parent = await signedInParent(request, `period-${locale}`, demoDataDir);
        const age = Number(course.product.age_group.match(/^\d+/)?.[0]) + 1;
        const child = await createChild(request, parent, "Mila", bornYearsAgo(age));
        await addToCart(request, parent, {
          product_page: course.product.id,
          purchase_option: course.option.id,
          visitor: child.id,
          schedule_slots: [course.slot.id],
        });

        await dismissCookieModal(page);
        await useSessionInBrowser(page, parent);
        await payOnDemoGateway(page, locale);

        // The order mail: "erster Monat: A–B" / "первый месяц: A–B".
        const mail = await newestMail("order-confirmation", parent.email, demoDataDir, 30_000);
        // Its greeting needs no declension in Russian, and the sentence after it starts with a capital (item 9).
        expect(mail).toContain(locale === "de" ? "Hallo Paula," : "Здравствуйте, Paula!");
        const words = locale === "de" ? "erster Monat" : "первый месяц";
        const period = mail.match(
          new RegExp(`${words}: (\\d\\d\\.\\d\\d\\.\\d{4})–(\\d\\d\\.\\d\\d\\.\\d{4})`),
        );
        expect(period, `"${words}: …" in the mail`).not.toBeNull();
        const from = isoOf(period?.[1] ?? "");
        const to = isoOf(period?.[2] ?? "");
        // The closed week lies inside the period and lengthened it past one calendar month.
        expect(from < closure.starts_on && closure.ends_on < to).toBe(true);
        const sub = await subscriptionOf(request, parent);
        expect(sub.subscription.paid_through).toBe(to);

        // The profile: "Bezahlt bis B" / "Оплачено до B".
        await page.goto(`/profile?tab=sales&locale=${locale}`);
        const card = page.getByTestId(`subscription-${sub.id}`);
        const paidUntil = locale === "de" ? "Bezahlt bis" : "Оплачено до";
        await expect(card.getByTestId("subscription-period")).toHaveText(
          `${paidUntil} ${shownDay(to, locale)}`,
        );

        // The cancellation: its question and its result name B.
        await card
          .getByRole("button", { name: locale === "de" ? "Abo kündigen" : "Расторгнуть абонемент" })
          .click();
        await expect(card).toContainText(
          locale === "de"
            ? `Das Abo endet am ${shownDay(to, locale)}`
            : `Абонемент закончится ${shownDay(to, locale)}`,
        );
        await card
          .getByRole("button", { name: locale === "de" ? "Ja, kündigen" : "Да, расторгнуть" })
          .click();
        await expect(card.getByTestId("subscription-period")).toHaveText(
          locale === "de"
            ? `Gekündigt, endet am ${shownDay(to, locale)}`
            : `Расторгнут, заканчивается ${shownDay(to, locale)}`,
        );
        expect((await subscriptionOf(request, parent)).subscription.ends_on).toBe(to);

        // The .ics from the profile's button: the weekly lesson until B, the closed week's lesson left out.
        const downloading = page.waitForEvent("download");
        await page.getByTestId(`calendar-${child.id}`).first().click();
        const download = await downloading;
        const stream = await download.createReadStream();
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const ics = Buffer.concat(chunks)
          .toString("utf8")
          .replace(/\r\n[ \t]/g, "");
        const compact = (iso: string) => iso.replaceAll("-", "");
        // (The time zone's own yearly rules aside.)
        const rules = (ics.match(/^RRULE:.*$/gm) ?? []).filter((rule) => rule.includes("FREQ=WEEKLY"));
        expect(rules).toEqual([`RRULE:FREQ=WEEKLY;UNTIL=${compact(to)}T235959Z`]);
        const exdates = (ics.match(/^EXDATE[^:]*:(\d{8})/gm) ?? []).map((line) => line.slice(-8));
        expect(closedLesson).toBeDefined();
        expect(exdates).toEqual([compact(closedLesson ?? "")]);
        // The first lesson is the first one on or after the day of payment, and it is in the period.
        const start = ics.match(/^DTSTART;TZID=Europe\/Berlin:(\d{8})T/m)?.[1];
        expect(start && start >= compact(from) && start <= compact(to)).toBe(true);
      } finally {
        await request.delete(`/api/v2/admin/closures/${closureId}/`, { headers: staff });
      }
    });
  });
}
