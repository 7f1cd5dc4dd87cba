import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, users } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent } from "../test/shop-fixtures.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createParent(t.db);
  await t.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
}, 60_000);
afterAll(() => t?.close());

/** A paid course booking; returns its check-in code. */
async function paidBooking(slot = 0) {
  const parent = await t.parentWithCourse(slot);
  const { id, order_id } = (await t.fulfil(parent.headers)).json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
  if (!item?.checkinCode) throw new Error("a paid item has no check-in code");
  return { parent, code: item.checkinCode, orderId: order_id };
}

describe("check-in by QR code", () => {
  it("shows staff whose booking it is and checks the child in once", async () => {
    const { code, orderId } = await paidBooking(0);
    const seen = await t.call("GET", `/api/v2/checkin/${code}/`, { headers: staff.headers });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      valid: true,
      visitor_name: "Mila Muster",
      order: orderId,
      checked_in_at: null,
    });
    const first = await t.call("POST", `/api/v2/checkin/${code}/`, { headers: staff.headers });
    const at = first.json().checked_in_at;
    expect(at).not.toBeNull();
    const again = await t.call("POST", `/api/v2/checkin/${code}/`, { headers: staff.headers });
    expect(again.json().checked_in_at).toBe(at);
  });

  it("is for staff only: parents get 403, guests 401, an unknown code 404", async () => {
    const { parent, code } = await paidBooking(1);
    expect((await t.call("GET", `/api/v2/checkin/${code}/`, { headers: parent.headers })).statusCode).toBe(
      403,
    );
    expect((await t.call("POST", `/api/v2/checkin/${code}/`)).statusCode).toBe(401);
    expect(
      (await t.call("GET", "/api/v2/checkin/AAAAAAAAAAAAAAAAAAAAAA/", { headers: staff.headers })).statusCode,
    ).toBe(404);
  });

  it("refuses a booking whose order is no longer paid", async () => {
    const { code, orderId } = await paidBooking(2);
    await t.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, orderId));
    const res = await t.call("POST", `/api/v2/checkin/${code}/`, { headers: staff.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ non_field_errors: ["checkin_not_valid"] });
  });
});
