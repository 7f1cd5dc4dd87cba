import { OrderSchema } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
}, 60_000);
afterAll(() => t?.close());

const PASSWORD = "Sicher-Passwort1";

/** A parent who has just registered in the checkout: the sign-up's key, the address not yet verified. */
async function newParent(email: string) {
  const res = await t.call("POST", "/api/v2/users/sign_up/", {
    body: {
      email,
      phone_number: `+49151${String(Date.now()).slice(-8)}`,
      password1: PASSWORD,
      password2: PASSWORD,
      first_name: "Jana",
      last_name: "Neu",
      next: "/cart?step=checkout",
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Token ${res.json().key as string}` };
}

describe("a new parent pays before the address is verified (D166)", () => {
  it("books, reserves and pays with the sign-up's session; the account stays unverified, password sign-in waits", async () => {
    const email = "neu-zahlt@example.org";
    const headers = await newParent(email);
    const child = await t.call("POST", "/api/v2/visitors/", {
      headers,
      body: { first_name: "Mila", last_name: "Neu", birth_date: "2020-03-02" },
    });
    expect(child.statusCode, child.body).toBe(201);
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers,
      body: {
        product_page: t.course.page.id,
        purchase_option: t.course.option("Course (1 / week)").id,
        visitor: child.json().id,
        schedule_slots: [t.weekly[2]?.id],
      },
    });
    expect(added.statusCode, added.body).toBe(201);

    const fulfilled = await t.fulfil(headers);
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    const { id, order_id } = fulfilled.json();
    t.standIn.approve(id);
    const paid = await t.capture(headers, id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(OrderSchema.parse(paid.json()).status).toBe("payment_fulfilled");
    expect(paid.json().id).toBe(order_id);

    // The confirmation goes to the address given, beside the verification mail.
    const templates = (await t.mailsTo(email)).map((mail) => mail.template).sort();
    expect(templates).toEqual(["order-confirmation", "verify-email"]);
    // Paying did not verify anything: the address is still unproven, and a password sign-in (another
    // browser) still waits for the link.
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerifiedAt).toBeNull();
    const signIn = await t.call("POST", "/api/v2/users/sign_in/", { body: { email, password: PASSWORD } });
    expect(signIn.json().error_codes).toEqual({ non_field_errors: ["email_not_verified"] });
  });

  it("the verification link opened in another browser signs it in with the same cart", async () => {
    const email = "neu-link@example.org";
    const headers = await newParent(email);
    const child = await t.call("POST", "/api/v2/visitors/", {
      headers,
      body: { first_name: "Lev", last_name: "Neu", birth_date: "2020-05-10" },
    });
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers,
      body: {
        product_page: t.course.page.id,
        purchase_option: t.course.option("Course (1 / week)").id,
        visitor: child.json().id,
        schedule_slots: [t.weekly[1]?.id],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const cart = (await t.call("GET", "/api/v2/orders/current/", { headers })).json();
    const [mail] = (await t.mailsTo(email)).filter((m) => m.template === "verify-email");
    const link = new URL(/https?:\/\/[^\s"<]+verify_token=[^\s"<&]+/.exec(mail?.text ?? "")?.[0] ?? "");
    expect(link.pathname).toBe("/cart");
    expect(link.searchParams.get("step")).toBe("checkout");
    const opened = await t.call("POST", "/api/v2/users/verify_email/", {
      // Another browser gives the sign-up's password (D540).
      body: {
        uid: link.searchParams.get("uid"),
        token: link.searchParams.get("verify_token"),
        password: PASSWORD,
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const other = { authorization: `Token ${opened.json().key as string}` };
    const there = (await t.call("GET", "/api/v2/orders/current/", { headers: other })).json();
    expect(there.id).toBe(cart.id);
    expect(there.items).toHaveLength(1);
    // The sign-up's session ended when the address was proven.
    expect((await t.call("GET", "/api/v2/users/me/", { headers })).statusCode).toBe(401);
  });
});
