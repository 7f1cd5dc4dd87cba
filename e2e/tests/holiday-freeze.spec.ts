import type { APIRequestContext } from "@playwright/test";
import { berlinDay, shownDay } from "../support/days.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { buyWeeklyCourse } from "../support/orders.ts";
import { type Parent, signedInParent, useSessionInBrowser } from "../support/parents.ts";
import { signedInStaff, signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * Issue 20, "Done when": a holiday staff add in /admin turns a running subscription to `frozen` in the
 * parent's history and moves its paid-until date (D121, D122). At 1366 px, the back office in German.
 */
test.use({ viewport: { width: 1366, height: 900 } });

type HistoryItem = {
  id: number;
  state: string;
  product_page: { id: number };
  subscription: { paid_through: string } | null;
};

async function subscriptionOf(request: APIRequestContext, parent: Parent) {
  const reply = await request.get("/api/v2/orders/items/history/?locale=de", { headers: parent.headers });
  const item = ((await reply.json()) as HistoryItem[]).find((entry) => entry.subscription);
  if (!item?.subscription) throw new Error("no subscription in the history");
  return { ...item, subscription: item.subscription };
}

test("a holiday staff add freezes a running subscription and moves its paid-until date", async ({
  page,
  request,
}) => {
  // A paid course, the back office's sign-in and two profile pages: more than the default 30 s on CI.
  test.setTimeout(90_000);
  const parent = await signedInParent(request, "holiday-freeze");
  const { course } = await buyWeeklyCourse(request, parent);
  const before = await subscriptionOf(request, parent);
  expect(before.state).not.toBe("frozen");
  const page_ = (await (await request.get(`/api/v2/products/${course.id}/?locale=de`)).json()) as {
    house: { street: string } | null;
  };
  const street = page_.house?.street ?? "";
  expect(street, "the seed's course has a house").not.toBe("");
  // Only the course's own house, and removed again at the end: the other journeys share this shop.
  const name = `Testferien ${Date.now()}`;
  try {
    await signInToBackOffice(page);
    await page.getByRole("menuitem", { name: "Ferien und Schließtage" }).click();
    await page.getByRole("link", { name: "Erstellen" }).click();
    // The house is picked from the houses staff keep (D151): "Name – street".
    await page.getByRole("combobox", { name: "Haus" }).click();
    await page.getByRole("option", { name: new RegExp(`– ${street}$`) }).click();
    // Two weeks from today: the subscription's first lesson is at most a week ahead (D250; on the course's
    // own weekday after its lesson began, the next week's), so days of its period are closed on any day.
    await page.getByRole("textbox", { name: "Erster Tag", exact: true }).fill(berlinDay(0).date);
    await page.getByRole("textbox", { name: "Letzter Tag", exact: true }).fill(berlinDay(13).date);
    await page.getByRole("textbox", { name: "Bezeichnung · Deutsch", exact: true }).fill(name);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText(name)).toBeVisible();

    // The parent's history: the subscription rests, and its paid period is longer by the closed days.
    const after = await subscriptionOf(request, parent);
    expect(after.state).toBe("frozen");
    expect(after.subscription.paid_through > before.subscription.paid_through).toBe(true);
    await dismissCookieModal(page);
    await useSessionInBrowser(page, parent);
    // "Verlauf" (tab=sales) lists the item with its state and the subscription's period.
    await page.goto("/profile?tab=sales&locale=de");
    await expect(page.getByText("Pausiert").first()).toBeVisible();
    await expect(page.getByTestId(`subscription-${after.id}`).getByTestId("subscription-period")).toHaveText(
      `Bezahlt bis ${shownDay(after.subscription.paid_through)}`,
    );
  } finally {
    const { headers } = await signedInStaff(request);
    const list = await request.get(
      `/api/v2/admin/closures/?filter=${encodeURIComponent(JSON.stringify({}))}`,
      {
        headers,
      },
    );
    for (const closure of (await list.json()) as { id: number; name: { de: string } }[])
      if (closure.name.de === name)
        await request.delete(`/api/v2/admin/closures/${closure.id}/`, { headers });
  }
});
