import type { APIRequestContext, Page } from "@playwright/test";
import { severeFindings } from "../support/axe.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { bornYearsAgo, type Parent, signedInParent } from "../support/parents.ts";
import { PASSWORD, uniqueEmail, uniquePhone } from "../support/users.ts";

/** A trial card of the seed (an offer without slots, age group 8-11, 59 €). */
const OFFER = "schnupperkarte-kunst";

type Product = {
  id: number;
  slug: string;
  name: string;
  age_group: string;
  schedule_slots: { id: number; weekday: number | null; date: string | null; space: number }[];
  purchase_options: { id: number; name: string; schedule_type: string }[];
};

/** A session's date as the booking page writes it (de). */
function sessionDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("de-DE", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

async function createVisitor(request: APIRequestContext, parent: Parent, first: string, birthDate: string) {
  const response = await request.post("/api/v2/visitors/?locale=de", {
    headers: parent.headers,
    data: { first_name: first, last_name: "Muster", birth_date: birthDate },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number };
}

/** Puts the API session into the browser's storage, as a sign-in would (spec §4: token + user). */
async function useSessionInBrowser(page: Page, parent: Parent) {
  await page.goto("/?locale=de");
  await page.evaluate(
    ({ key, user }) => {
      localStorage.setItem("odev-token", key);
      localStorage.setItem("user", JSON.stringify(user));
    },
    { key: parent.key, user: parent.user },
  );
}

async function product(request: APIRequestContext, slug: string): Promise<Product> {
  const response = await request.get(`/api/v2/products/${slug}/?locale=de`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/** On the buy page: the "Add" step for a new child, saved, and then chosen. */
async function addChildInPlace(page: Page, first: string, birthDate: string) {
  await page.getByRole("button", { name: "Neues Kind anlegen" }).click();
  const form = page.getByRole("form", { name: "Neues Kind" });
  await form.getByLabel("Vorname").fill(first);
  await form.getByLabel("Nachname").fill("Muster");
  await form.getByLabel("Geburtsdatum").fill(birthDate);
  await form.getByRole("button", { name: "Speichern" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole("radio", { name: `${first} Muster` })).toBeChecked();
}

async function expectNoSevereViolations(page: Page) {
  expect(await severeFindings(page, page.url())).toEqual([]);
}

test.describe("visitors and cart", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieModal(page);
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test("a guest books for two children, signs up and in, and finds cart and children in the account", async ({
    page,
  }) => {
    await page.goto(`/product/buy/${OFFER}?locale=de`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Schnupperkarte");
    // The only option is preselected and priced before adding.
    await expect(page.getByTestId("price-preview")).toContainText("59 €");

    await addChildInPlace(page, "Anna", bornYearsAgo(9));
    await page.getByRole("button", { name: "In den Warenkorb" }).click();
    let added = page.getByRole("dialog", { name: "Im Warenkorb" });
    await expect(added).toContainText("für Anna Muster");
    await page.keyboard.press("Escape");
    await expect(added).toBeHidden();

    // The second child with the keyboard only: the "Add" step, Enter to save, Enter to add to the cart.
    const addChild = page.getByRole("button", { name: "Neues Kind anlegen" });
    await addChild.focus();
    await page.keyboard.press("Enter");
    const form = page.getByRole("form", { name: "Neues Kind" });
    await form.getByLabel("Vorname").focus();
    await page.keyboard.type("Ben");
    await page.keyboard.press("Tab");
    await expect(form.getByLabel("Nachname")).toBeFocused();
    await page.keyboard.type("Muster");
    await form.getByLabel("Geburtsdatum").fill(bornYearsAgo(10));
    await page.keyboard.press("Enter");
    await expect(form).toBeHidden();
    const ben = page.getByRole("radio", { name: "Ben Muster" });
    await expect(ben).toBeChecked();
    await ben.focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Kommentar (optional)")).toBeFocused();
    await page.keyboard.type("Ben kommt mit Anna.");
    await page.getByRole("button", { name: "In den Warenkorb" }).focus();
    await page.keyboard.press("Enter");
    added = page.getByRole("dialog", { name: "Im Warenkorb" });
    await expect(added).toContainText("für Ben Muster");
    await expect(added.getByRole("link", { name: "Zum Warenkorb" })).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page.getByRole("heading", { name: "Für Anna Muster" })).toBeVisible();
    // The keyboard goes on on the cart's page, not from the page's start (D596).
    await expect(page.getByRole("main")).toBeFocused();
    await expect(page.getByRole("heading", { name: "Für Ben Muster" })).toBeVisible();
    await expect(page.getByTestId("cart-due-now")).toHaveText("118 €");
    // A guest with a cart sees its count too (issue 32 item 10, D314).
    await expect(page.getByTestId("cart-badge")).toHaveText("2");

    // The checkout asks a guest to sign up or in beside the cart (D168); here the guest signs up.
    await page.getByRole("button", { name: "Zur Kasse" }).click();
    const panel = page.getByTestId("checkout-sign-in");
    const email = uniqueEmail("guest-cart");
    await panel.getByLabel("Vorname").fill("Paula");
    await panel.getByLabel("Nachname").fill("Muster");
    await panel.getByLabel("E-Mail-Adresse").fill(email);
    await panel.getByLabel("Telefonnummer", { exact: true }).fill(uniquePhone());
    await panel.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
    await panel.getByLabel("Passwort wiederholen").fill(PASSWORD);
    await panel.getByRole("button", { name: "Registrieren", exact: true }).click();
    // Signed in at once (D166); the checkout shows once children and cart are transferred.
    await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    expect(await page.evaluate(() => localStorage.getItem("visitors"))).toBeNull();

    await page.goto("/cart?locale=de");
    await expect(page.getByRole("heading", { name: "Für Anna Muster" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Für Ben Muster" })).toBeVisible();
    await expect(page.getByTestId("cart-item")).toHaveCount(2);
    // Signed in, the checkout step is next (checkout.spec.ts pays).
    await page.getByRole("button", { name: "Zur Kasse" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();

    await page.goto("/profile?tab=visitors&locale=de");
    const children = page.getByRole("list", { name: "Gespeicherte Kinder" });
    await expect(children.getByRole("listitem")).toHaveCount(2);
    await expect(children).toContainText("Anna Muster");
    await expect(children).toContainText("Ben Muster");
    await expectNoSevereViolations(page);

    // Editing a saved child.
    await page.getByRole("button", { name: "Anna Muster bearbeiten" }).click();
    const edit = page.getByRole("form", { name: "Anna Muster bearbeiten" });
    await edit.getByLabel("Vorname").fill("Anna-Lena");
    await edit.getByRole("button", { name: "Speichern" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Anna-Lena Muster wurde gespeichert." }),
    ).toBeVisible();
    await expect(children).toContainText("Anna-Lena Muster");
    await expect(page.getByRole("button", { name: "Kind hinzufügen" })).toBeFocused();
  });

  test("a signed-in parent adds an item, changes its child and removes it", async ({ page, request }) => {
    const parent = await signedInParent(request, "parent");
    await createVisitor(request, parent, "Clara", bornYearsAgo(9));
    await createVisitor(request, parent, "David", bornYearsAgo(10));
    await useSessionInBrowser(page, parent);

    await page.goto(`/product/buy/${OFFER}?locale=de`);
    await page.getByRole("radio", { name: "Clara Muster" }).check();
    await page.getByLabel("Kommentar (optional)").fill("Bringt eine Schürze mit.");
    await page.getByRole("button", { name: "In den Warenkorb" }).click();
    await page
      .getByRole("dialog", { name: "Im Warenkorb" })
      .getByRole("link", { name: "Zum Warenkorb" })
      .click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");

    await expect(page.getByRole("heading", { name: "Für Clara Muster" })).toBeVisible();
    await expect(page.getByText("Kommentar: Bringt eine Schürze mit.")).toBeVisible();
    // By keyboard (D625): an arrow key gives the line to the next child; the line moves to that child's part,
    // the page says so, and the focus is on the line's picker in its new place.
    await page.getByLabel(/^Kind für/).focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("heading", { name: "Für David Muster" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Für Clara Muster" })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "ist jetzt für David." })).toBeVisible();
    await expect(page.getByLabel(/^Kind für/)).toBeFocused();
    await expect(page.getByLabel(/^Kind für/)).toHaveValue(/\d+/);
    await page.getByLabel(/^Kind für/).selectOption({ label: "Clara Muster" });
    await expect(page.getByRole("heading", { name: "Für Clara Muster" })).toBeVisible();
    await page.getByLabel(/^Kind für/).selectOption({ label: "David Muster" });
    await expect(page.getByRole("heading", { name: "Für David Muster" })).toBeVisible();

    await expectNoSevereViolations(page);

    await page.getByRole("button", { name: /entfernen$/ }).click();
    await expect(page.getByText("Ihr Warenkorb ist leer.")).toBeVisible();
    // The button went with its line: the page says what was removed and the focus is on its heading (D617).
    await expect(
      page.getByRole("status").filter({ hasText: "wurde aus dem Warenkorb entfernt." }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Warenkorb" })).toBeFocused();
    await expect(page.getByRole("link", { name: "Kurse entdecken" })).toBeVisible();
    // An empty cart shows no red "0" (issue 32 item 10).
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });

  test("a valid promocode lowers the total, an invalid one shows the server's message", async ({
    page,
    request,
  }) => {
    // A guest cart with one item, set up through the API (the booking page is tested above).
    const offer = await product(request, OFFER);
    const { cart_id } = await (await request.post("/api/v2/orders/init/?locale=de")).json();
    const item = await request.post(`/api/v2/orders/items/?locale=de&cart_id=${cart_id}`, {
      data: { product_page: offer.id, purchase_option: offer.purchase_options[0]?.id, visitor: 1 },
    });
    expect(item.status()).toBe(201);
    await page.goto("/?locale=de");
    await page.evaluate(
      ({ cartId, birthDate }) => {
        localStorage.setItem("cart-id", cartId);
        localStorage.setItem(
          "visitors",
          JSON.stringify([{ id: 1, first_name: "Emma", last_name: "Muster", birth_date: birthDate }]),
        );
      },
      { cartId: cart_id, birthDate: bornYearsAgo(9) },
    );
    await page.goto("/cart?locale=de");
    await expect(page.getByRole("heading", { name: "Für Emma Muster" })).toBeVisible();
    await expect(page.getByTestId("cart-due-now")).toHaveText("59 €");

    const code = page.getByLabel("Gutscheincode");
    await code.fill("GIBTSNICHT");
    await page.getByRole("button", { name: "Einlösen" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Diesen Gutscheincode gibt es nicht." }),
    ).toBeVisible();
    await expect(code).toBeFocused();

    await code.fill("WELCOME10");
    await page.getByRole("button", { name: "Einlösen" }).click();
    // Announced to a screen reader, and shown once, above the field (D496).
    const news = page.getByRole("status").filter({ hasText: "WELCOME10 ist eingelöst" });
    await expect(news.locator("p")).toHaveClass("sr-only");
    await expect(
      page.getByText("Gutscheincode WELCOME10 ist eingelöst.").and(page.locator(":not(.sr-only)")),
    ).toBeVisible();
    await expect(page.getByTestId("cart-due-now")).toHaveText("53,10 €");
    await expect(page.getByTestId("cart-totals")).toContainText("Rabatte");

    await page.getByRole("button", { name: "Code entfernen" }).click();
    await expect(page.getByTestId("cart-due-now")).toHaveText("59 €");
    await expect(
      page.getByRole("status").filter({ hasText: "Der Gutscheincode wurde entfernt." }),
    ).toBeVisible();
  });

  test("a full slot and a child too young for the offer each get the server's message", async ({
    page,
    request,
  }) => {
    const parent = await signedInParent(request, "full-slot");
    // A dated session bookable with a ticket, with the fewest seats left.
    const list = await (
      await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Workshop,Event")
    ).json();
    const candidates = (list.results as Product[]).flatMap((p) =>
      p.purchase_options.some((o) => o.schedule_type === "Ticket")
        ? p.schedule_slots.filter((s) => s.date !== null && s.space > 0).map((slot) => ({ p, slot }))
        : [],
    );
    candidates.sort((a, b) => a.slot.space - b.slot.space);
    const target = candidates[0];
    if (!target) throw new Error("the seed has no dated ticket session");
    const ticket = target.p.purchase_options.find((o) => o.schedule_type === "Ticket");
    const minAge = Number(target.p.age_group.match(/^\d+/)?.[0]);
    const fittingBirth = bornYearsAgo(minAge + 1);

    // The server counts this cart's own items against the seats: fill the session with this parent's
    // children through the API; one more child is one too many.
    for (let i = 0; i < target.slot.space; i++) {
      const child = await createVisitor(request, parent, `Kind${i}`, fittingBirth);
      const added = await request.post("/api/v2/orders/items/?locale=de", {
        headers: parent.headers,
        data: {
          product_page: target.p.id,
          purchase_option: ticket?.id,
          visitor: child.id,
          schedule_slots: [target.slot.id],
        },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
    await createVisitor(request, parent, "Zoe", fittingBirth);
    await useSessionInBrowser(page, parent);

    await page.goto(`/product/buy/${target.p.slug}?locale=de`);
    if (target.p.purchase_options.length > 1 && ticket) {
      await page
        .getByRole("group", { name: "Buchungsoption" })
        .getByRole("radio", { name: ticket.name })
        .check();
    }
    await page.getByRole("radio", { name: "Zoe Muster" }).check();
    await page
      .getByRole("group", { name: "Termin wählen" })
      .getByRole("radio", { name: sessionDate(target.slot.date ?? "") })
      .check();
    await expectNoSevereViolations(page);
    await page.getByRole("button", { name: "In den Warenkorb" }).click();
    const alert = page.getByRole("alertdialog", { name: "Nicht hinzugefügt" });
    await expect(alert).toContainText("Für diesen Termin sind keine Plätze mehr frei.");
    await expect(alert.getByRole("button", { name: "OK" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(alert).toBeHidden();
    await expect(page.getByRole("button", { name: "In den Warenkorb" })).toBeFocused();

    // A three-year-old for an offer of 8 to 11: the page says the server's refusal before adding, with
    // what to do instead, and offers no "add" (one age rule, said once, D295).
    await createVisitor(request, parent, "Mia", bornYearsAgo(3));
    await page.goto(`/product/buy/${OFFER}?locale=de`);
    await page.getByRole("radio", { name: "Mia Muster" }).check();
    await expect(
      page.getByText("Mia ist 3 Jahre alt; das Angebot ist für die Altersgruppe 8–11."),
    ).toBeVisible();
    await expect(
      page.getByText("Wählen Sie ein anderes Kind oder ein Angebot für diese Altersgruppe"),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "In den Warenkorb" })).toBeDisabled();
    await expect(page.getByRole("alertdialog", { name: "Nicht hinzugefügt" })).toHaveCount(0);
  });
});
