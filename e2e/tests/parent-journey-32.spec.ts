import type { APIRequestContext } from "@playwright/test";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { addToCart, placeOrder } from "../support/orders.ts";
import { bornYearsAgo, createChild, signedInParent, useSessionInBrowser } from "../support/parents.ts";

/**
 * Issue 32, the storefront side of a parent's second walk: the waiting-list entry in the profile, left from
 * there (item 6, D296).
 */

type Product = {
  id: number;
  name: string;
  age_group: string;
  schedule_slots: { id: number; date: string | null; space: number }[];
  purchase_options: { id: number; schedule_type: string }[];
};

/**
 * A dated workshop session with few seats left, of the second-to-last workshop: waiting-list.spec.ts takes the
 * last, so the two journeys stay apart.
 */
async function smallSession(request: APIRequestContext) {
  const list = (await (
    await request.get("/api/v2/products/?locale=ru&page_size=100&product_type=Workshop")
  ).json()) as { results: Product[] };
  const found = list.results
    .map((product) => ({
      product,
      option: product.purchase_options.find((o) => o.schedule_type === "Ticket"),
      slot: product.schedule_slots
        .filter((s) => s.date !== null && s.space > 0)
        .sort((a, b) => a.space - b.space)[0],
    }))
    .filter((w) => w.option && w.slot)
    .at(-2);
  if (!found?.option || !found.slot) throw new Error("the seed has no second workshop with seats");
  return { product: found.product, option: found.option, slot: found.slot };
}

test.describe("issue 32: a parent's waiting-list entry in the profile", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieModal(page);
  });

  test("ru, 1366 px: the entry stands on the profile's first tab with since when, and is left after a question", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const { product, option, slot } = await smallSession(request);
    const age = Number(product.age_group.match(/^\d+/)?.[0]) + 1;
    // Another family holds every seat left (a checkout waiting for PayPal); cancelled at the end.
    const holder = await signedInParent(request, "wl32-holder");
    for (let i = 0; i < slot.space; i++) {
      const child = await createChild(request, holder, `Kind${i}`, bornYearsAgo(age));
      await addToCart(request, holder, {
        product_page: product.id,
        purchase_option: option.id,
        visitor: child.id,
        schedule_slots: [slot.id],
      });
    }
    const paypalId = await placeOrder(request, holder);
    try {
      const parent = await signedInParent(request, "wl32-parent");
      const child = await createChild(request, parent, "Sonja", bornYearsAgo(age));
      const joined = await request.post("/api/v2/orders/waiting_list/?locale=ru", {
        headers: parent.headers,
        data: { schedule_slot: slot.id, visitor: child.id, purchase_option: option.id },
      });
      expect(joined.status(), await joined.text()).toBe(201);

      // As a parent goes there: the profile button's menu, "Мой профиль".
      await useSessionInBrowser(page, parent);
      await page.goto("/?locale=ru");
      await page.getByTestId("profile-button").click();
      await page.getByRole("menu").getByRole("menuitem", { name: "Мой профиль" }).click();
      const entries = page.getByTestId("waiting-list-entries");
      await expect(entries).toContainText(product.name);
      await expect(entries).toContainText("Sonja Muster");
      await expect(entries).toContainText("В листе ожидания с");
      await expect(entries).toContainText("Место в листе ожидания: 1");

      await entries.getByRole("button", { name: "Выйти из листа ожидания" }).click();
      const dialog = page.getByRole("dialog", { name: "Выйти из листа ожидания?" });
      await expect(dialog).toContainText(`Предложение: «${product.name}»`);
      await expect(dialog.getByRole("button", { name: "Остаться в очереди" })).toBeFocused();
      await dialog.getByRole("button", { name: "Да, выйти" }).click();
      await expect(entries).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: "Запись в листе ожидания снята" })).toHaveCount(
        1,
      );
      const mine = await request.get("/api/v2/orders/waiting_list/?locale=ru", { headers: parent.headers });
      expect(await mine.json()).toMatchObject([{ status: "left" }]);
    } finally {
      // Restore: the held seats are free again.
      const cancelled = await request.post(`/api/v2/orders/${paypalId}/cancel_payment/?locale=de`, {
        headers: holder.headers,
      });
      expect(cancelled.status()).toBe(200);
    }
  });
});
