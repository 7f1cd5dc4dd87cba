import type { APIRequestContext, Page } from "@playwright/test";
import { severeFindings } from "../support/axe.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { linkIn, newestMail } from "../support/mail.ts";
import { addToCart, placeOrder } from "../support/orders.ts";
import {
  bornYearsAgo,
  createChild,
  type Parent,
  signedInParent,
  useSessionInBrowser,
} from "../support/parents.ts";

/**
 * Issue #9, waiting lists (D78–D79): a seat freed in a full workshop session goes to the first on its
 * waiting list, who gets a mail, books the seat from its link and pays; the second in line keeps waiting.
 */

type Slot = { id: number; date: string | null; space: number };
type Product = {
  id: number;
  slug: string;
  name: string;
  age_group: string;
  schedule_slots: Slot[];
  purchase_options: { id: number; schedule_type: string }[];
};

/** A dated workshop session with seats left: the last workshop of the list, so other journeys' bookings stay apart. */
async function workshopSession(request: APIRequestContext) {
  const list = (await (
    await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Workshop")
  ).json()) as { results: Product[] };
  const found = list.results
    .map((product) => ({
      product,
      option: product.purchase_options.find((o) => o.schedule_type === "Ticket"),
      slot: product.schedule_slots.find((s) => s.date !== null && s.space > 1),
    }))
    .filter((w) => w.option && w.slot)
    .at(-1);
  if (!found?.option || !found.slot) throw new Error("the seed has no dated workshop session with seats");
  return { product: found.product, option: found.option, slot: found.slot };
}

type Session = Awaited<ReturnType<typeof workshopSession>>;

/** An age inside the product's age group ("10+" → 11). */
const fittingBirthDate = (session: Session) =>
  bornYearsAgo(Number(session.product.age_group.match(/^\d+/)?.[0]) + 1);

/** A parent whose checkout reserves `children` seats of the session; returns the gateway order id. */
async function holdSeats(request: APIRequestContext, session: Session, name: string, children: number) {
  const parent = await signedInParent(request, name);
  for (let i = 0; i < children; i++) {
    const child = await createChild(request, parent, `Kind${i}`, fittingBirthDate(session));
    await addToCart(request, parent, {
      product_page: session.product.id,
      purchase_option: session.option.id,
      visitor: child.id,
      schedule_slots: [session.slot.id],
    });
  }
  return { parent, paypalId: await placeOrder(request, parent) };
}

async function expectNoSevereViolations(page: Page) {
  expect(await severeFindings(page, page.url())).toEqual([]);
}

const joinByApi = (request: APIRequestContext, parent: Parent, session: Session, child: number) =>
  request.post("/api/v2/orders/waiting_list/?locale=de", {
    headers: parent.headers,
    data: { schedule_slot: session.slot.id, visitor: child, purchase_option: session.option.id },
  });

test.describe("waiting lists", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieModal(page);
  });

  test("a seat freed in a full session goes to the first on its waiting list, who books it from the mail", async ({
    page,
    request,
  }) => {
    const session = await workshopSession(request);
    // The session fills up: one parent's checkout holds all seats but one, another's the last one.
    await holdSeats(request, session, "wl-holder-a", session.slot.space - 1);
    const last = await holdSeats(request, session, "wl-holder-b", 1);

    // The first parent finds the session full on the buy page and joins its waiting list.
    const first = await signedInParent(request, "wl-first");
    await createChild(request, first, "Mila", fittingBirthDate(session));
    await useSessionInBrowser(page, first);
    await page.goto(`/product/buy/${session.product.slug}?locale=de`);
    await page
      .getByRole("group", { name: "Buchungsoption" })
      .locator(`input[value="${session.option.id}"]`)
      .check();
    await page.getByRole("group", { name: "Kind" }).getByRole("radio", { name: "Mila Muster" }).check();
    await expect(page.getByRole("group", { name: "Termin wählen" })).toContainText("ausgebucht");
    const join = page.getByRole("button", { name: /^Auf die Warteliste für / });
    await expect(join).toHaveCount(1);
    await join.click();
    const joined = page.getByTestId("waiting-list-joined-dialog");
    await expect(joined).toContainText("Sie stehen auf der Warteliste");
    await expect(joined).toContainText("Mila Muster steht auf Platz 1 der Warteliste");
    await joined.getByRole("button", { name: "OK" }).click();
    await expect(join).toBeFocused();
    await expectNoSevereViolations(page);

    // The parent is mailed with the place in line, and the profile shows the entry with it (D144).
    expect(await newestMail("waiting-list-joined", first.email)).toContain("Platz auf der Warteliste: 1");
    // On the tab the profile opens with (D296), with since when and a way to leave.
    await page.goto("/profile?locale=de");
    const entries = page.getByTestId("waiting-list-entries");
    await expect(entries).toContainText(session.product.name);
    await expect(entries).toContainText("Platz 1 auf der Warteliste");
    await expect(entries).toContainText("Eingetragen am");
    await expect(entries.getByRole("button", { name: "Warteliste verlassen" })).toBeVisible();

    // A second family queues behind.
    const second = await signedInParent(request, "wl-second");
    const lev = await createChild(request, second, "Lev", fittingBirthDate(session));
    const queued = await joinByApi(request, second, session, lev.id);
    expect(queued.status(), await queued.text()).toBe(201);
    expect((await queued.json()).position).toBe(2);

    // The last seat's holder closes PayPal's window: the seat is free, and the worker offers it to Mila.
    const cancelled = await request.post(`/api/v2/orders/${last.paypalId}/cancel_payment/?locale=de`, {
      headers: last.parent.headers,
    });
    expect(cancelled.status()).toBe(200);
    const mail = await newestMail("waiting-list-offer", first.email);
    expect(mail).toContain("Ein Platz ist frei");
    expect(mail).toContain(session.product.name);
    const link = linkIn(mail, "/waiting-list/offer/");
    // The link opens the page in the family's language (`?locale=`); the token is the path's last part.
    expect(link).toMatch(/\?locale=de$/);
    const token = new URL(link).pathname.split("/waiting-list/offer/")[1] ?? "";

    // Nobody else can take the offered seat or the offer.
    expect(
      (
        await request.get(`/api/v2/orders/waiting_list/offer/${token}/?locale=de`, {
          headers: second.headers,
        })
      ).status(),
    ).toBe(404);
    const secondList = await (
      await request.get("/api/v2/orders/waiting_list/?locale=de", { headers: second.headers })
    ).json();
    expect(secondList[0]).toMatchObject({ status: "waiting", position: 1 });

    // Mila's parent opens the link, books the seat and pays.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Ein Platz für Sie" })).toBeVisible();
    await expect(
      page.getByText("Auf der Warteliste ist ein Platz für Mila Muster frei geworden."),
    ).toBeVisible();
    await expect(page.getByText(session.product.name)).toBeVisible();
    await expectNoSevereViolations(page);
    await page.getByRole("button", { name: "Platz buchen" }).click();
    await expect(page).toHaveURL(/\/cart\?.*step=checkout/);
    await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();
    await expect(page.getByTestId("checkout-items")).toContainText(session.product.name);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
    await page.getByRole("button", { name: "PayPal (stand-in)" }).click();
    await expect(page).toHaveURL(/\/payment-complete\/\d+/);
    await expect(page.getByTestId("payment-outcome")).toContainText(
      "Vielen Dank! Ihre Zahlung ist eingegangen",
    );
    await expect(page.getByRole("heading", { name: "Für Mila Muster" })).toBeVisible();

    // The seat is Mila's: the entry is booked, Lev still waits.
    await expect
      .poll(
        async () =>
          (
            await (
              await request.get("/api/v2/orders/waiting_list/?locale=de", { headers: first.headers })
            ).json()
          )[0]?.status,
        { timeout: 10_000 },
      )
      .toBe("booked");
  });
});
