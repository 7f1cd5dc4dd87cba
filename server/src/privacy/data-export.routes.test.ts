import { DataExportSchema, HistorySchema } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  checkins,
  contactRequests,
  giftCards,
  lessonAbsences,
  mailOutbox,
  makeupCredits,
  partyRequests,
  subscriptions,
  users,
  visitors,
  waitingListEntries,
} from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createStaff } from "../test/shop-fixtures.ts";

// D560: a family's data as one JSON file, for the parent (Art. 15 and 20 GDPR) and for staff answering one.
let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  for (const slot of t.weekly) await t.setSeats(slot.id, 500);
}, 60_000);
afterAll(() => t?.close());

/** A parent who bought a weekly course for their child, with what the school then recorded of them. */
async function family(slot: number) {
  const parent = await t.parentWithCourse(slot);
  const { id } = (await t.fulfil(parent.headers)).json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
  const history = HistorySchema.parse(
    (await t.call("GET", "/api/v2/orders/items/history/", { headers: parent.headers })).json(),
  );
  const item = history[0];
  if (!item) throw new Error("nothing bought");
  const [account] = await t.db.select().from(users).where(eq(users.id, parent.id));
  await t.db.update(visitors).set({ notes: "Nussallergie" }).where(eq(visitors.id, parent.child));
  await t.db.insert(checkins).values({ orderItemId: item.id, lessonDate: "2026-11-02" });
  await t.db.insert(lessonAbsences).values({ orderItemId: item.id, lessonDate: "2026-11-09" });
  await t.db.insert(contactRequests).values({
    kind: "callback",
    firstName: "Eva",
    lastName: "Muster",
    email: (account?.email ?? "").toUpperCase(),
    phone: "+4930123456",
    message: "Bitte rufen Sie mich an",
  });
  return { ...parent, item, email: account?.email ?? "" };
}

const exportOf = (headers: Record<string, string>, query: Record<string, string> = {}) =>
  t.call("GET", "/api/v2/users/me/data-export/", { headers, query });

describe("GET /api/v2/users/me/data-export/ (D560)", () => {
  it("gives the parent their family's data as a file, and nothing of another family", async () => {
    const a = await family(0);
    const b = await family(1);
    // The other family waits for a place, cancels its contract and gets the school's copy of a notice.
    await t.db.insert(waitingListEntries).values({
      userId: b.id,
      visitorId: b.child,
      productPageId: t.course.page.id,
      purchaseOptionId: t.course.option("Course (1 / week)").id,
      scheduleSlotId: t.weekly[1]?.id,
      locale: "de",
    });
    const cancelled = await t.call("PATCH", `/api/v2/orders/items/${b.item.id}/cancel/`, {
      headers: b.headers,
      body: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // A staff notice to the parent's address (as if it were the school's): the school's copies stay out.
    await t.db.insert(mailOutbox).values({
      to: a.email,
      subject: "Neue Buchung bezahlt: Lena Fremd, Malkurs",
      html: "",
      text: "",
      template: "staff-notice",
      locale: "de",
    });
    // A's make-up credit for the absence, and a gift card A bought for a friend.
    await t.db.insert(makeupCredits).values({
      userId: a.id,
      visitorId: a.child,
      productPageId: t.course.page.id,
      orderItemId: a.item.id,
      reason: "absence",
      sourceDate: "2026-11-09",
      expiresOn: "2027-02-09",
    });
    await t.db.insert(giftCards).values({
      code: `FILE-${a.id}-SECRET`,
      initialCents: 5000,
      balanceCents: 5000,
      buyerUserId: a.id,
      recipientName: "Oma Ilse",
      message: "Viel Spaß!",
    });
    // A's birthday-party request.
    await t.db.insert(partyRequests).values({
      userId: a.id,
      productPageId: t.course.page.id,
      purchaseOptionId: t.course.option("Course (1 / week)").id,
      dates: ["2027-03-13"],
      childrenCount: 8,
      ages: [6, 7],
      comment: "Ohne Nüsse bitte",
    });
    // A refund's mail to the parent is theirs, though staff made it.
    await t.db.insert(mailOutbox).values({
      to: a.email,
      subject: `Erstattung zu Ihrer Bestellung Nr. ${a.item.order}`,
      html: "",
      text: "",
      template: "staff-refund",
      locale: "de",
    });
    // The next month is open for payment: the profile shows its link, a capability the file leaves out.
    await t.db
      .update(subscriptions)
      // From a month ago: a course whose first lesson is next week would start after that end (the check).
      .set({
        periodStart: new Date(Date.now() - 28 * 86_400_000),
        periodEnd: new Date(Date.now() + 2 * 86_400_000),
      })
      .where(eq(subscriptions.orderItemId, a.item.id));
    await t.app.paymentWorker.runOnce();
    const shown = HistorySchema.parse(
      (await t.call("GET", "/api/v2/orders/items/history/", { headers: a.headers })).json(),
    );
    expect(shown[0]?.paypal_invoice_link).toMatch(/token=/);
    const res = await exportOf(a.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="atelier-meine-daten-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const file = DataExportSchema.parse(res.json());
    expect(file.account.email).toBe(a.email);
    expect(file.children).toEqual([expect.objectContaining({ id: a.child, notes: "Nussallergie" })]);
    expect(file.purchases.map((item) => item.id)).toEqual([a.item.id]);
    expect(file.purchases[0]?.subscription?.contract_number).toBe(a.item.subscription?.contract_number);
    expect(file.purchases[0]?.paypal_invoice_link).toBeNull();
    expect(file.orders.map((order) => order.id)).toEqual([a.item.order]);
    expect(file.makeups).toEqual([
      expect.objectContaining({
        item: a.item.id,
        reason: "absence",
        for_date: "2026-11-09",
        booked_date: null,
      }),
    ]);
    expect(file.gift_cards).toEqual([
      expect.objectContaining({ initial_cents: 5000, recipient_name: "Oma Ilse", message: "Viel Spaß!" }),
    ]);
    // A card's code pays: it stays on the card's PDF, not in a file that may travel.
    expect(res.body).not.toContain("SECRET");
    expect(file.orders[0]).toMatchObject({ status: "paid", total_cents: a.item.price_cents });
    expect(file.party_requests).toEqual([
      expect.objectContaining({ dates: ["2027-03-13"], comment: "Ohne Nüsse bitte", status: "sent" }),
    ]);
    expect(res.body).not.toMatch(/token=/);
    expect(file.attendance).toEqual([
      expect.objectContaining({ item: a.item.id, date: "2026-11-02", record: "checked_in" }),
      expect.objectContaining({ item: a.item.id, date: "2026-11-09", record: "absence_reported" }),
    ]);
    expect(file.contact_requests).toEqual([
      expect.objectContaining({ message: "Bitte rufen Sie mich an", phone: "+4930123456" }),
    ]);
    // The order's mails by subject and time; their text, with its links, stays in the shop.
    expect(file.mails.map((mail) => mail.subject)).toContain(
      `Erstattung zu Ihrer Bestellung Nr. ${a.item.order}`,
    );
    // Nothing of the other family, nor the school's copies.
    expect(file.waiting_list).toEqual([]);
    expect(file.contract_cancellations).toEqual([]);
    const text = res.body;
    expect(text).not.toContain(b.email);
    expect(text).not.toContain(`"item":${b.item.id},`);
    expect(text).not.toContain("Lena Fremd");
    // The other family's own file has its entry and its declaration.
    const other = DataExportSchema.parse((await exportOf(b.headers)).json());
    expect(other.waiting_list).toEqual([expect.objectContaining({ child: b.child, offer: "Kleine Maler" })]);
    expect(other.contract_cancellations).toEqual([
      expect.objectContaining({ contract: b.item.subscription?.contract_number }),
    ]);
  });

  it("lists a gift card bought in the shop among the purchases without its code: the code pays (D606)", async () => {
    const { parent: buyer, card } = await t.buyGiftCard();
    // The history shows the buyer the code; the file, which may travel and which staff download, does not.
    const history = await t.call("GET", "/api/v2/orders/items/history/", { headers: buyer.headers });
    expect(history.body).toContain(card.code);
    const file = await exportOf(buyer.headers);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).not.toContain(card.code);
    expect(DataExportSchema.parse(file.json()).purchases).toHaveLength(1);
  });

  it("holds what was sent with the address only once the account has shown it owns the address", async () => {
    const a = await family(1);
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, a.id));
    const file = DataExportSchema.parse((await exportOf(a.headers)).json());
    // A stranger who registered this address gets nothing its owner sent as a guest or was mailed.
    expect(file.contact_requests).toEqual([]);
    expect(file.mails).toEqual([]);
    // What the account itself holds is its own.
    expect(file.purchases.map((item) => item.id)).toEqual([a.item.id]);
  });

  it("is for a signed-in parent only (401), at most a few a minute", async () => {
    expect((await exportOf({})).statusCode).toBe(401);
    const a = await family(2);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await exportOf(a.headers)).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.at(-1)).toBe(429);
  });
});

describe("GET /api/v2/admin/people/{id}/data-export/ (D560)", () => {
  it("gives staff the same file for a person, audited without its data; customers are refused", async () => {
    const a = await family(0);
    const staff = await createStaff(t.db);
    const url = `/api/v2/admin/people/${a.id}/data-export/`;
    expect((await t.call("GET", url, { headers: a.headers })).statusCode).toBe(403);
    const res = await t.call("GET", url, { headers: staff.headers });
    expect(res.statusCode, res.body).toBe(200);
    const file = DataExportSchema.parse(res.json());
    expect(file.account.email).toBe(a.email);
    expect(file.purchases.map((item) => item.id)).toEqual([a.item.id]);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.resource, "people"), eq(auditLog.recordId, a.id), eq(auditLog.action, "export")),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]?.after).toEqual({ data_export: true });
    expect(
      (await t.call("GET", "/api/v2/admin/people/999999/data-export/", { headers: staff.headers }))
        .statusCode,
    ).toBe(404);
  });
});
