import type { APIRequestContext } from "@playwright/test";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { bornYearsAgo, createChild, signedInParent, useSessionInBrowser } from "../support/parents.ts";

/**
 * Issue 24 item 8, "Done when": the demo payment page's lines equal the order's. Two children in one
 * course (the second with the sibling discount): the checkout's summary and the demo gateway's page show
 * each line at the amount of the server's order, and the same total. 390 × 844 in German, 1366 × 900 in
 * Russian, on the demo gateway's shop.
 */

const demoBase = process.env.E2E_DEMO_BASE_URL;
const demoDataDir = process.env.E2E_DEMO_DATA_DIR;

type Course = {
  id: number;
  age_group: string;
  schedule_slots: { id: number; weekday: number | null; space: number }[];
  purchase_options: { id: number; schedule_type: string }[];
};
type Order = {
  items: { list_price_cents: number; discount_amount_cents: number; sibling_discount_cents: number }[];
  total_checkout_price_cents: number;
};

/** "71,10 €", "79 €", "71,10 €" → cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, "").replace(",", ".")) * 100);

/** A weekly course with two seats left in one slot (1 / week). */
async function courseForTwo(request: APIRequestContext) {
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Course");
  const found = ((await reply.json()) as { results: Course[] }).results
    .map((product) => ({
      product,
      option: product.purchase_options.find((o) => o.schedule_type === "Course (1 / week)"),
      slot: product.schedule_slots
        .filter((s) => s.weekday !== null && s.space >= 2)
        .sort((a, b) => b.space - a.space)[0],
    }))
    .find((c) => c.option && c.slot);
  if (!found?.option || !found.slot) throw new Error("the seed has no weekly course with two seats");
  return { product: found.product, option: found.option, slot: found.slot };
}

const CASES = [
  { locale: "de", viewport: { width: 390, height: 844 }, order: "Zahlungspflichtig bestellen" },
  { locale: "ru", viewport: { width: 1366, height: 900 }, order: "Заказать с обязательством оплаты" },
] as const;

for (const { locale, viewport, order: orderButton } of CASES) {
  test.describe(`the demo page's lines (${locale}, ${viewport.width} px)`, () => {
    test.use({ baseURL: demoBase, viewport });

    test("equal the server's order: each line after its discount, and the total", async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const parent = await signedInParent(request, `demo-lines-${locale}`, demoDataDir);
      const course = await courseForTwo(request);
      const age = Number(course.product.age_group.match(/^\d+/)?.[0]) + 1;
      for (const name of ["Anna", "Ben"]) {
        const child = await createChild(request, parent, name, bornYearsAgo(age));
        const added = await request.post("/api/v2/orders/items/?locale=de", {
          headers: parent.headers,
          data: {
            product_page: course.product.id,
            purchase_option: course.option.id,
            visitor: child.id,
            schedule_slots: [course.slot.id],
          },
        });
        expect(added.status(), await added.text()).toBe(201);
      }
      const order = (await (
        await request.get("/api/v2/orders/current/?locale=de", { headers: parent.headers })
      ).json()) as Order;
      expect(order.items).toHaveLength(2);
      expect(order.items.some((item) => item.sibling_discount_cents > 0)).toBe(true);
      const lines = order.items.map((item) => item.list_price_cents - item.discount_amount_cents);
      // Different amounts: a page that showed the list price for both would fail.
      expect(new Set(lines).size).toBe(2);

      await dismissCookieModal(page);
      await useSessionInBrowser(page, parent);
      await page.goto(`/cart?locale=${locale}&step=checkout`);
      const summary = page.getByTestId("checkout-items").locator("li > span:last-child");
      await expect(summary).toHaveCount(2);
      expect((await summary.allTextContents()).map(centsOf).sort()).toEqual([...lines].sort());

      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: orderButton }).click();
      await expect(page).toHaveURL(/\/payments\/demo\/DEMO/);
      const rows = await page
        .locator("table tr")
        .evaluateAll((trs) =>
          trs.map((tr) => Array.from(tr.querySelectorAll("td")).map((td) => td.textContent ?? "")),
        );
      // Two lines and the total; no gift card in this order.
      expect(rows).toHaveLength(3);
      expect(
        rows
          .slice(0, 2)
          .map((row) => centsOf(row[1] ?? ""))
          .sort(),
      ).toEqual([...lines].sort());
      expect(centsOf(rows[2]?.[1] ?? "")).toBe(order.total_checkout_price_cents);
      expect(lines.reduce((sum, cents) => sum + cents, 0)).toBe(order.total_checkout_price_cents);
      // The page fits the phone too.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
