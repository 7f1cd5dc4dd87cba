import type { APIRequestContext, Locator } from "@playwright/test";
import { berlinToday, shownDay, weekdayOf } from "../support/days.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { addToCart } from "../support/orders.ts";
import { bornYearsAgo, createChild, signedInParent, useSessionInBrowser } from "../support/parents.ts";

/**
 * Issue 24 item 3, "Done when": the first lesson and period on the cart (D153, D154, D155). A parent chooses a
 * monthly course's slot on the buy page, then adds it; the buy page, the cart line and the checkout summary
 * say the first lesson, the period the first payment covers, the next payment (date and amount), the house
 * with its address and the cancellation line, each as the server's `terms` say (checked against the slot,
 * the house list and the billing period's shape, not hard-coded dates), and the buy page's read equals the
 * line's terms after the add. On /courses the house filter narrows the list to the house's cards. At
 * 390 × 844 in German and 1366 × 900 in Russian.
 */

type Card = {
  id: number;
  slug: string;
  age_group: string;
  house: { id: number; name: string } | null;
  schedule_slots: { id: number; weekday: number | null; space: number }[];
  purchase_options: { id: number; schedule_type: string }[];
};
type House = { id: number; name: string; address: string };
type Terms = {
  house: House | null;
  first_lesson: string | null;
  period: { from: string; to: string } | null;
  next_payment: { on: string; amount_cents: number } | null;
};
type Order = { items: { id: number; recurrent_price_cents: number; is_recurring: boolean; terms: Terms }[] };

const dayAfter = (iso: string) => {
  const day = new Date(`${iso}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

/** An amount as the storefront shows it (web/src/lib/money.ts formatEuro). */
const shownEuro = (cents: number, locale: "de" | "ru") =>
  new Intl.NumberFormat(locale === "de" ? "de-DE" : "ru-RU", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);

/** A monthly weekly course (1 / week) in a house, with the slot that has most seats left. */
async function monthlyCourseInHouse(request: APIRequestContext) {
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Course");
  const found = ((await reply.json()) as { results: Card[] }).results
    .map((product) => ({
      product,
      option: product.purchase_options.find((o) => o.schedule_type === "Course (1 / week)"),
      slot: product.schedule_slots
        .filter((s) => s.weekday !== null && s.space > 0)
        .sort((a, b) => b.space - a.space)[0],
    }))
    .find((c) => c.product.house && c.option && c.slot);
  if (!found?.option || !found.slot || found.slot.weekday === null || !found.product.house)
    throw new Error("the seed has no monthly course in a house with seats");
  return { product: found.product, option: found.option, slot: found.slot, weekday: found.slot.weekday };
}

const LABELS = {
  de: {
    first: "Erste Stunde",
    period: "Die erste Zahlung gilt für",
    next: "Nächste Zahlung",
    house: "Ort",
    cancel: "Kündigung: Jederzeit kündbar; das Abo endet mit dem bezahlten Zeitraum",
    nextValue: (date: string, amount: string) => `am ${date}: ${amount}`,
    filter: "Haus",
  },
  ru: {
    first: "Первое занятие",
    period: "Первый платёж покрывает период",
    next: "Следующий платёж",
    house: "Где",
    cancel: "Расторжение: Расторгнуть можно в любой момент; абонемент действует до конца оплаченного периода",
    nextValue: (date: string, amount: string) => `${date}: ${amount}`,
    filter: "Здание",
  },
} as const;

/** The terms block shows exactly what the server's `terms` say, in the page's language. */
async function expectTerms(block: Locator, terms: Terms, house: House, locale: "de" | "ru") {
  const l = LABELS[locale];
  const { first_lesson: first, period, next_payment: next } = terms;
  if (!first || !period || !next) throw new Error("a monthly line without first lesson, period or payment");
  await expect(block.getByTestId("terms-first")).toHaveText(`${l.first}: ${shownDay(first, locale)}`);
  await expect(block.getByTestId("terms-period")).toHaveText(
    `${l.period}: ${shownDay(period.from, locale)} – ${shownDay(period.to, locale)}`,
  );
  await expect(block.getByTestId("terms-next")).toHaveText(
    `${l.next}: ${l.nextValue(shownDay(next.on, locale), shownEuro(next.amount_cents, locale))}`,
  );
  await expect(block.getByTestId("terms-house")).toHaveText(`${l.house}: ${house.name}, ${house.address}`);
  await expect(block.getByTestId("terms-cancel")).toHaveText(l.cancel);
}

const CASES = [
  { locale: "de", viewport: { width: 390, height: 844 } },
  { locale: "ru", viewport: { width: 1366, height: 900 } },
] as const;

for (const { locale, viewport } of CASES) {
  test.describe(`what is bought, before paying (${locale}, ${viewport.width} px)`, () => {
    test.use({ viewport });

    test("the cart and the checkout say the first lesson, the period, the next payment, the house and the cancellation", async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const course = await monthlyCourseInHouse(request);
      const houses = (await (await request.get(`/api/v2/locations/?locale=${locale}`)).json()) as House[];
      const house = houses.find((h) => h.id === course.product.house?.id);
      if (!house) throw new Error("the course's house is not in the house list");

      const parent = await signedInParent(request, `terms-${locale}`);
      const age = Number(course.product.age_group.match(/^\d+/)?.[0]) + 1;
      const child = await createChild(request, parent, "Mila", bornYearsAgo(age));
      await dismissCookieModal(page);
      await useSessionInBrowser(page, parent);

      // The buy page, before adding: the same facts for the chosen slot, from the server's read (D154).
      const quoted = await request.get(
        `/api/v2/orders/terms/?locale=${locale}&product_page=${course.product.id}&purchase_option=${course.option.id}&schedule_slots=${course.slot.id}`,
      );
      expect(quoted.status(), await quoted.text()).toBe(200);
      const quote = (await quoted.json()) as Terms;
      await page.goto(`/product/buy/${course.product.slug}?locale=${locale}`);
      const optionInput = page.locator(`input[name="purchase_option"][value="${course.option.id}"]`);
      const slotInput = page.locator(`input[name="schedule_slots"][value="${course.slot.id}"]`);
      // Until the page is hydrated a click may be lost: choose the option until its slots show.
      await expect(async () => {
        await optionInput.check();
        await expect(slotInput).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByTestId("booking-terms")).toHaveCount(0);
      await slotInput.check();
      await expectTerms(page.getByTestId("booking-terms"), quote, house, locale);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await addToCart(request, parent, {
        product_page: course.product.id,
        purchase_option: course.option.id,
        visitor: child.id,
        schedule_slots: [course.slot.id],
      });
      const order = (await (
        await request.get(`/api/v2/orders/current/?locale=${locale}`, { headers: parent.headers })
      ).json()) as Order;
      expect(order.items).toHaveLength(1);
      const [item] = order.items;
      if (!item) throw new Error("no line");
      const { terms } = item;
      // What the buy page said is what the cart line says.
      expect(terms).toEqual(quote);

      // The server's terms make sense on their own: the first lesson is on the slot's weekday, today or
      // later; the period starts with it and ends after it; the next payment is the day after, at the
      // monthly price.
      expect(item.is_recurring).toBe(true);
      const first = terms.first_lesson ?? "";
      expect(weekdayOf(first)).toBe(course.weekday);
      expect(first >= berlinToday()).toBe(true);
      expect(terms.period?.from).toBe(first);
      expect((terms.period?.to ?? "") > first).toBe(true);
      expect(terms.next_payment?.on).toBe(dayAfter(terms.period?.to ?? ""));
      expect(terms.next_payment?.amount_cents).toBe(item.recurrent_price_cents);
      expect(item.recurrent_price_cents).toBeGreaterThan(0);
      expect(terms.house?.id).toBe(house.id);
      expect(terms.house?.address).toBe(house.address);

      // The cart line.
      await page.goto(`/cart?locale=${locale}`);
      const cartTerms = page.getByRole("main").getByTestId("purchase-terms");
      await expect(cartTerms).toHaveCount(1);
      await expectTerms(cartTerms, terms, house, locale);

      // The checkout summary.
      await page.goto(`/cart?locale=${locale}&step=checkout`);
      const checkoutTerms = page.getByTestId("checkout-items").getByTestId("purchase-terms");
      await expect(checkoutTerms).toHaveCount(1);
      await expectTerms(checkoutTerms, terms, house, locale);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });

    test("/courses: the house filter narrows the list to that house's cards, each naming it", async ({
      page,
      request,
    }) => {
      const houses = (await (await request.get(`/api/v2/locations/?locale=${locale}`)).json()) as House[];
      expect(houses.length).toBeGreaterThan(1);
      const count = async (query: string) =>
        (
          (await (
            await request.get(`/api/v2/products/?locale=${locale}&product_type=Course${query}`)
          ).json()) as {
            count: number;
          }
        ).count;
      const all = await count("");
      // A house that has courses, but not all of them.
      const sizes = await Promise.all(houses.map((h) => count(`&location=${h.id}`)));
      const index = sizes.findIndex((n) => n > 0 && n < all);
      const house = houses[index];
      if (!house) throw new Error("no house with some but not all courses");
      const inHouse = sizes[index] ?? 0;

      await dismissCookieModal(page);
      await page.goto(`/courses?locale=${locale}`);
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards.first()).toBeVisible();
      const before = await cards.count();
      await page.getByLabel(LABELS[locale].filter, { exact: true }).selectOption({ label: house.name });
      await expect(page).toHaveURL(new RegExp(`location=${house.id}`));
      await expect.poll(() => cards.count()).toBeLessThan(before);
      await expect(cards).toHaveCount(Math.min(inHouse, before));
      const houseLine = `${LABELS[locale].house}: ${house.name}`;
      await expect(cards.filter({ hasNotText: houseLine })).toHaveCount(0);
      // Other houses' cards are gone.
      for (const other of houses.filter((h) => h.id !== house.id))
        await expect(cards.filter({ hasText: `${LABELS[locale].house}: ${other.name}` })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
