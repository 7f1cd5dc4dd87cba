import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { signInToBackOffice } from "../support/staff-bookings.ts";

/**
 * Every offer picker of the back office reaches every offer (issue 29, D233), at 1366 px: the oldest course,
 * "Kleine Maler", lay beyond the 25 newest offers the pickers listed. Each picker searches the server as the
 * office manager types and lists the offers by name.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const OLDEST = "Kleine Maler";

/** Types part of the name into the picker of `source` and picks the oldest course from the server's answer. */
async function pickOldest(page: Page, source: string) {
  const input = page.locator(`.ra-input-${source} input`).first();
  await input.click();
  await input.fill("kleine mal");
  // The list is redrawn when the server's answer to the search arrives: a click on the option in that
  // moment can be lost on a busy machine, and then a person clicks again (or opens the list again).
  await expect(async () => {
    if ((await input.getAttribute("aria-expanded")) !== "true") await input.click();
    await page.getByRole("option", { name: OLDEST, exact: true }).click({ timeout: 3000 });
    await expect(input).toHaveValue(OLDEST, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

test("the oldest course can be picked in every offer picker: prices, new price, new date, phone booking", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToBackOffice(page);
  // The demo has more offers than react-admin's default page of 25, so the test proves the search reaches past it.
  const total = await page.evaluate(async () => {
    const token = localStorage.getItem("atelier-admin-token");
    const reply = await fetch("/api/v2/admin/products/?range=[0,0]&filter={}", {
      headers: { Authorization: `Token ${token}` },
    });
    return Number(reply.headers.get("content-range")?.split("/").pop());
  });
  expect(total).toBeGreaterThan(25);

  // The price screen's filter: the list shows the course's prices only.
  await page.getByRole("menuitem", { name: "Kaufoptionen und Preise" }).click();
  await pickOldest(page, "product_page");
  await expect(page.locator("tbody tr").filter({ hasNotText: OLDEST })).toHaveCount(0);
  await expect(page.locator("tbody tr").first()).toContainText(OLDEST);

  // The new price form, the new date form and the phone booking.
  for (const path of [
    "/admin/purchase-options/create",
    "/admin/slots/create",
    "/admin/staff-orders/create",
  ]) {
    await page.goto(path);
    await pickOldest(page, "product_page");
  }

  // A new price that does not renew is saved (D587): its disabled switch still sends "no renewal".
  const name = "Zehnerkarte (Test der Preisformular)";
  await page.goto("/admin/purchase-options/create");
  await pickOldest(page, "product_page");
  await page.getByLabel("Art").click();
  await page.getByRole("option", { name: "Terminkarte (einzelne Termine)" }).click();
  await expect(page.getByLabel("Monatlich verlängert (Abo)")).toBeDisabled();
  await page.getByLabel("Bezeichnung · Deutsch").fill(name);
  await page.getByRole("textbox", { name: /Preis in Euro/ }).fill("220,00");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(/\/admin\/purchase-options(\?.*)?$/);
  // Taken away again: other tests pick the course's options.
  const removed = await page.evaluate(async (wanted) => {
    const headers = { Authorization: `Token ${localStorage.getItem("atelier-admin-token")}` };
    const list = await fetch('/api/v2/admin/purchase-options/?range=[0,9]&sort=["id","DESC"]&filter={}', {
      headers,
    });
    const made = ((await list.json()) as { id: number; name: { de: string }; is_recurring: boolean }[]).find(
      (option) => option.name.de === wanted,
    );
    if (!made) return "not saved";
    const gone = await fetch(`/api/v2/admin/purchase-options/${made.id}/`, { method: "DELETE", headers });
    return `${made.is_recurring} ${gone.status}`;
  }, name);
  expect(removed).toBe("false 200");
});
