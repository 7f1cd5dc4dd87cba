import { addDays, todayInBerlin } from "@atelier/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  academyWeeks,
  orders,
  productPages,
  scheduleSlots,
  visitors,
  waitingListEntries,
} from "../db/schema/index.ts";
import { berlinInstant } from "../lessons/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import {
  ACADEMY_8_11,
  bornYearsAgo,
  createChild,
  createParent,
  createStaff,
  pageBySlug,
} from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";
import { findUnitsInLine } from "./waiting-list.repository.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
}, 60_000);
afterAll(() => t?.close());

type Parent = Awaited<ReturnType<typeof createParent>> & { child: number };

/** The bookable units of these tests: the workshop's dated sessions (age 11) and the course's weekly slots (age 6). */
function unit(index: number) {
  const sessions = t.dated.map((slot) => ({
    slotId: slot.id,
    option: t.workshop.options[0]?.id ?? 0,
    page: t.workshop.page.id,
    age: 11,
  }));
  const weekly = t.weekly.map((slot) => ({
    slotId: slot.id,
    option: t.course.option("Course (1 / week)").id,
    page: t.course.page.id,
    age: 6,
  }));
  const found = [...sessions, ...weekly][index];
  if (!found) throw new Error(`no unit ${index}`);
  return found;
}
type Unit = ReturnType<typeof unit>;

async function parentFor(u: Unit): Promise<Parent> {
  const parent = await createParent(t.db);
  return { ...parent, child: await createChild(t.db, parent.id, u.age) };
}

const addToCart = (parent: Parent, u: Unit) =>
  t.call("POST", "/api/v2/orders/items/", {
    headers: parent.headers,
    body: {
      product_page: u.page,
      purchase_option: u.option,
      visitor: parent.child,
      schedule_slots: [u.slotId],
    },
  });

/** A parent whose checkout holds one seat of the unit (a reservation awaiting payment). */
async function holder(u: Unit) {
  const parent = await parentFor(u);
  expect((await addToCart(parent, u)).statusCode).toBe(201);
  const staged = await t.fulfil(parent.headers);
  expect(staged.statusCode, staged.body).toBe(200);
  return { ...parent, orderId: staged.json().order_id as number, paypalId: staged.json().id as string };
}

const join = (parent: Parent, u: Unit, lang = "de") =>
  t.call("POST", "/api/v2/orders/waiting_list/", {
    headers: parent.headers,
    query: { locale: lang },
    body: { schedule_slot: u.slotId, visitor: parent.child, purchase_option: u.option },
  });

const expireReservation = (orderId: number) =>
  t.db
    .update(orders)
    .set({ reservedUntil: new Date(Date.now() - 1000) })
    .where(eq(orders.id, orderId));

const expireOffers = (ids: number[]) =>
  t.db
    .update(waitingListEntries)
    .set({ offerExpiresAt: new Date(Date.now() - 1000) })
    .where(inArray(waitingListEntries.id, ids));

async function entryOf(id: number) {
  const [row] = await t.db.select().from(waitingListEntries).where(eq(waitingListEntries.id, id));
  if (!row) throw new Error(`no entry ${id}`);
  return row;
}

/** The offer link of the newest waiting-list mail to the parent. */
async function offerLink(
  parent: Parent,
): Promise<{ token: string; mail: { subject: string; text: string } }> {
  const email = (await t.call("GET", "/api/v2/users/me/", { headers: parent.headers })).json().email;
  const mails = (await t.mailsTo(email)).filter((mail) => mail.template === "waiting-list-offer");
  const mail = mails.at(-1);
  const token = mail?.text.match(/\/waiting-list\/offer\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!mail || !token) throw new Error("no offer mail");
  return { token, mail };
}

const accept = (parent: Parent, token: string) =>
  t.call("POST", `/api/v2/orders/waiting_list/offer/${token}/accept/`, { headers: parent.headers });

/** A workshop session of its own, `days` ahead with one seat, made as staff make it: the staff member and its unit. */
async function sessionOfOneSeat(days: number, start = "10:00") {
  const staff = await createStaff(t.db);
  const created = await t.call("POST", "/api/v2/admin/slots/", {
    headers: staff.headers,
    body: {
      product_page: t.workshop.page.id,
      weekday: null,
      date: addDays(todayInBerlin(), days),
      start,
      end: "13:00",
      seats: 1,
      instructor: null,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { staff, u: { ...unit(0), slotId: created.json().id as number } };
}

/** A child's birth date corrected after it joined: 9 on a session over a year ahead, too young for 10+. */
const tooYoungNow = (child: number) =>
  t.db
    .update(visitors)
    .set({ birthDate: bornYearsAgo(8) })
    .where(eq(visitors.id, child));

/** An academy week made full, with one parent's child of 9 in its line: the week and who waits. */
async function inLineForFullWeek(pick: (weeks: { id: number }[]) => { id: number } | undefined) {
  const academy = await pageBySlug(t.db, ACADEMY_8_11);
  const week = pick(academy.weeks);
  if (!week) throw new Error("no such academy week");
  await t.db.update(academyWeeks).set({ seats: 0 }).where(eq(academyWeeks.id, week.id));
  const parent = await createParent(t.db);
  const child = await createChild(t.db, parent.id, 9);
  const option = academy.options[0]?.id;
  const joined = await t.call("POST", "/api/v2/orders/waiting_list/", {
    headers: parent.headers,
    body: { academy_week: week.id, visitor: child, purchase_option: option },
  });
  expect(joined.statusCode, joined.body).toBe(201);
  return { academy, week, parent, child, option, joined };
}

describe(`waiting lists (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("lets a parent join only a full slot, for their own child, once, and leave again", async () => {
    const u = unit(0);
    await t.setSeats(u.slotId, 1);
    const first = await parentFor(u);
    const guest = await t.call("POST", "/api/v2/orders/waiting_list/", {
      body: { schedule_slot: u.slotId, visitor: first.child, purchase_option: u.option },
    });
    expect(guest.statusCode).toBe(401);

    // A seat is free: book it instead.
    const free = await join(first, u);
    expect(free.statusCode).toBe(400);
    expect(free.json().error_codes).toEqual({ non_field_errors: ["seats_available"] });

    await holder(u);
    const joined = await join(first, u);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({
      status: "waiting",
      position: 1,
      visitor: first.child,
      offer_token: null,
    });
    expect(joined.json().schedule_slot.id).toBe(u.slotId);
    // Times as the cart's items give them, without seconds (D497).
    expect(joined.json().schedule_slot.start).toMatch(/^\d{2}:\d{2}$/);
    expect(joined.json().schedule_slot.end).toMatch(/^\d{2}:\d{2}$/);
    const again = await join(first, u);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(joined.json().id);

    const second = await parentFor(u);
    expect((await join(second, u, "ru")).json().position).toBe(2);
    // Each parent is mailed once, in the language they joined in, with their place (D144); a repeat mails no more.
    const joinedMails = async (parent: Parent) => {
      const email = (await t.call("GET", "/api/v2/users/me/", { headers: parent.headers })).json().email;
      return (await t.mailsTo(email)).filter((mail) => mail.template === "waiting-list-joined");
    };
    const [firstMail, ...moreFirst] = await joinedMails(first);
    expect(moreFirst).toHaveLength(0);
    expect(firstMail?.subject).toContain("Auf der Warteliste");
    expect(firstMail?.text).toMatch(/Platz auf der Warteliste: 1\b/);
    const [secondMail] = await joinedMails(second);
    expect(secondMail?.subject).toContain("Лист ожидания");
    expect(secondMail?.text).toMatch(/Место в листе ожидания: 2\b/);
    // Another family's child, a unit missing or both named: 400.
    const foreign = await t.call("POST", "/api/v2/orders/waiting_list/", {
      headers: second.headers,
      body: { schedule_slot: u.slotId, visitor: first.child, purchase_option: u.option },
    });
    expect(foreign.json().error_codes).toEqual({ visitor: ["visitor_not_found"] });
    const none = await t.call("POST", "/api/v2/orders/waiting_list/", {
      headers: second.headers,
      body: { visitor: second.child, purchase_option: u.option },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error_codes).toEqual({ non_field_errors: ["waiting_list_one_unit"] });
    const tooYoung = await createChild(t.db, second.id, 6, "Lev");
    const young = await t.call("POST", "/api/v2/orders/waiting_list/", {
      headers: second.headers,
      body: { schedule_slot: u.slotId, visitor: tooYoung, purchase_option: u.option },
    });
    expect(young.json().error_codes).toEqual({ visitor: ["age_not_in_group"] });
    // A slot that is not the offer's is refused at the field this request sent, not the cart's (D497).
    const stranger = await t.call("POST", "/api/v2/orders/waiting_list/", {
      headers: second.headers,
      body: { schedule_slot: 2_000_000, visitor: second.child, purchase_option: u.option },
    });
    expect(stranger.statusCode).toBe(400);
    expect(Object.keys(stranger.json().error_codes)).toEqual(["schedule_slot"]);

    const list = await t.call("GET", "/api/v2/orders/waiting_list/", { headers: first.headers });
    expect(list.json().map((entry: { id: number }) => entry.id)).toEqual([joined.json().id]);
    // Another family's entry is not found; the parent's own leaves the line.
    const id = joined.json().id;
    expect(
      (await t.call("DELETE", `/api/v2/orders/waiting_list/${id}/`, { headers: second.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.call("DELETE", `/api/v2/orders/waiting_list/${id}/`, { headers: first.headers })).statusCode,
    ).toBe(204);
    // Leaving again (a second tap, a retried request) answers the same; the entry stays left.
    expect(
      (await t.call("DELETE", `/api/v2/orders/waiting_list/${id}/`, { headers: first.headers })).statusCode,
    ).toBe(204);
    const mine = await t.call("GET", "/api/v2/orders/waiting_list/", { headers: first.headers });
    expect(mine.json()).toMatchObject([{ id, status: "left", position: null }]);
    const after = await t.call("GET", "/api/v2/orders/waiting_list/", { headers: second.headers });
    expect(after.json()[0]).toMatchObject({ status: "waiting", position: 1 });
  }, 60_000);

  it("bounds the open entries of one parent", async () => {
    const u = unit(1);
    await t.setSeats(u.slotId, 1);
    await holder(u);
    const parent = await parentFor(u);
    // 20 open entries of this parent (written directly: the seed has not enough full slots).
    const children = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createChild(t.db, parent.id, u.age, `Kind${i}`)),
    );
    const entries = (status: "waiting" | "left") =>
      t.db.insert(waitingListEntries).values(
        children.map((visitorId) => ({
          userId: parent.id,
          visitorId,
          productPageId: u.page,
          purchaseOptionId: u.option,
          scheduleSlotId: u.slotId,
          status,
          locale: "de" as const,
        })),
      );
    await entries("waiting");
    const refused = await join(parent, u);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ non_field_errors: ["waiting_list_full"] });
    // Left again, they still count for a day: joining and leaving in a loop mails no more (D523).
    await t.db
      .update(waitingListEntries)
      .set({ status: "left" })
      .where(eq(waitingListEntries.userId, parent.id));
    await entries("left");
    const looped = await join(parent, u);
    expect(looped.statusCode).toBe(400);
    expect(looped.json().error_codes).toEqual({ non_field_errors: ["waiting_list_joins_too_many"] });
    // A day later the parent may join again.
    await t.db
      .update(waitingListEntries)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(waitingListEntries.userId, parent.id));
    expect((await join(parent, u)).statusCode).toBe(201);
    await t.db.delete(waitingListEntries).where(eq(waitingListEntries.userId, parent.id));
  });

  it.runIf(usesPostgres())(
    "keeps the bound on open entries when one parent's joins arrive at once (D542)",
    async () => {
      const u = unit(1);
      // Full whatever the tests before left in it: no seat at all while this test runs.
      const [before] = await t.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, u.slotId));
      await t.setSeats(u.slotId, 0);
      const parent = await parentFor(u);
      const children = await Promise.all(
        Array.from({ length: 25 }, (_, i) => createChild(t.db, parent.id, u.age, `Eilig${i}`)),
      );
      // 15 open entries already; ten more children join at once (a script, or many taps).
      await t.db.insert(waitingListEntries).values(
        children.slice(0, 15).map((visitorId) => ({
          userId: parent.id,
          visitorId,
          productPageId: u.page,
          purchaseOptionId: u.option,
          scheduleSlotId: u.slotId,
          status: "waiting" as const,
          locale: "de" as const,
        })),
      );
      const replies = await Promise.all(children.slice(15).map((child) => join({ ...parent, child }, u)));
      expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(5);
      for (const refused of replies.filter((reply) => reply.statusCode !== 201))
        expect(refused.json().error_codes).toEqual({ non_field_errors: ["waiting_list_full"] });
      const open = await t.db
        .select()
        .from(waitingListEntries)
        .where(eq(waitingListEntries.userId, parent.id));
      expect(open).toHaveLength(20);
      await t.db.delete(waitingListEntries).where(eq(waitingListEntries.userId, parent.id));
      await t.setSeats(u.slotId, before?.seats ?? 1);
    },
  );

  it("offers a freed seat to the first in line by mail; only they can take it, and checkout keeps it for them", async () => {
    const u = unit(2);
    await t.setSeats(u.slotId, 1);
    const first = await holder(u);
    const b = await parentFor(u);
    const c = await parentFor(u);
    const bEntry = (await join(b, u, "ru")).json().id;
    const cEntry = (await join(c, u)).json().id;
    // Full and nobody freed a seat: nothing to offer.
    expect((await t.app.paymentWorker.runOnce()).offered).toBe(0);

    // The holder's reservation runs out: the worker expires it and offers the seat to B, in B's language.
    await expireReservation(first.orderId);
    const round = await t.app.paymentWorker.runOnce();
    expect(round.expired).toBeGreaterThanOrEqual(1);
    expect(round.offered).toBe(1);
    expect((await entryOf(bEntry)).status).toBe("offered");
    expect((await entryOf(cEntry)).status).toBe("waiting");
    const { token, mail } = await offerLink(b);
    expect(mail.subject).toContain("Освободилось место");
    // The page opens in B's language, whatever the phone's browser says.
    expect(mail.text).toContain(`/waiting-list/offer/${token}?locale=ru`);

    // The offered seat is B's: the catalogue shows it taken, another buyer cannot add or check it out.
    const stranger = await parentFor(u);
    const blocked = await addToCart(stranger, u);
    expect(blocked.json().error_codes).toEqual({ schedule_slots: ["no_seats_left"] });
    const shown = await t.call("GET", `/api/v2/products/${t.workshop.page.slug}/`);
    const list = await t.call("GET", "/api/v2/products/", {
      query: { product_type: "Workshop", page_size: "100" },
    });
    type Shown = { id: number; space: number };
    const listed = list.json().results.find((p: { id: number }) => p.id === u.page);
    expect(shown.json().schedule_slots.find((s: Shown) => s.id === u.slotId)?.space).toBe(0);
    expect(listed.schedule_slots.find((s: Shown) => s.id === u.slotId)?.space).toBe(0);
    // Another family cannot see or accept B's offer.
    expect(
      (await t.call("GET", `/api/v2/orders/waiting_list/offer/${token}/`, { headers: c.headers })).statusCode,
    ).toBe(404);
    expect((await accept(c, token)).statusCode).toBe(404);
    const bad = await t.call("GET", "/api/v2/orders/waiting_list/offer/short/", { headers: b.headers });
    expect(bad.statusCode).toBe(400);

    const seen = await t.call("GET", `/api/v2/orders/waiting_list/offer/${token}/`, { headers: b.headers });
    expect(seen.json()).toMatchObject({ id: bEntry, status: "offered", offer_token: token });
    const accepted = await accept(b, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const again = await accept(b, token);
    expect(again.json().order_item).toBe(accepted.json().order_item);
    const cart = await t.call("GET", "/api/v2/orders/current/", { headers: b.headers });
    expect(cart.json().items).toHaveLength(1);
    expect(cart.json().items[0]).toMatchObject({
      visitor: { id: b.child },
      schedule_slots: [{ id: u.slotId }],
    });

    // A round while B is in the cart offers nothing more: the one seat is B's.
    expect((await t.app.paymentWorker.runOnce()).offered).toBe(0);
    // B checks out and pays although the slot looks full to everyone else.
    const staged = await t.fulfil(b.headers);
    expect(staged.statusCode, staged.body).toBe(200);
    t.standIn.approve(staged.json().id);
    const paid = await t.capture(b.headers, staged.json().id);
    expect(paid.json().status).toBe("payment_fulfilled");
    expect((await t.app.paymentWorker.runOnce()).offered).toBe(0);
    expect((await entryOf(bEntry)).status).toBe("booked");
    expect((await entryOf(cEntry)).status).toBe("waiting");
  }, 60_000);

  it("passes an unanswered offer to the next in line; the late answer is refused", async () => {
    const u = unit(3);
    await t.setSeats(u.slotId, 1);
    const first = await holder(u);
    const b = await parentFor(u);
    const c = await parentFor(u);
    const bEntry = (await join(b, u)).json().id;
    const cEntry = (await join(c, u)).json().id;
    await expireReservation(first.orderId);
    await t.app.paymentWorker.runOnce();
    const { token } = await offerLink(b);

    await expireOffers([bEntry]);
    expect((await t.app.paymentWorker.runOnce()).offered).toBe(1);
    expect((await entryOf(bEntry)).status).toBe("passed");
    expect((await entryOf(cEntry)).status).toBe("offered");
    const late = await accept(b, token);
    expect(late.statusCode).toBe(400);
    expect(late.json().error_codes).toEqual({ non_field_errors: ["offer_expired"] });

    // C leaves while holding the offer: the seat is free for anyone again.
    expect(
      (await t.call("DELETE", `/api/v2/orders/waiting_list/${cEntry}/`, { headers: c.headers })).statusCode,
    ).toBe(204);
    expect((await t.app.paymentWorker.runOnce()).offered).toBe(0);
    const anyone = await parentFor(u);
    expect((await addToCart(anyone, u)).statusCode).toBe(201);
  }, 60_000);

  it("never offers more seats than are free, with workers running at once", async () => {
    const u = unit(4);
    await t.setSeats(u.slotId, 2);
    const holders = [await holder(u), await holder(u)];
    const waiting: Parent[] = [];
    for (let i = 0; i < 6; i++) {
      const parent = await parentFor(u);
      expect((await join(parent, u)).statusCode).toBe(201);
      waiting.push(parent);
    }
    for (const h of holders) await expireReservation(h.orderId);
    // Several workers (as several instances would) race for the two seats.
    const rounds = await Promise.all(Array.from({ length: 4 }, () => t.app.waitingList.offerFreedSeats()));
    expect(rounds.reduce((sum, n) => sum + n, 0)).toBe(2);
    const offered = await t.db
      .select()
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.scheduleSlotId, u.slotId), eq(waitingListEntries.status, "offered")));
    expect(offered).toHaveLength(2);
    // The first two in line got them.
    expect(offered.map((entry) => entry.visitorId).sort()).toEqual(
      [waiting[0]?.child, waiting[1]?.child].sort(),
    );
  }, 60_000);

  it("a freed seat goes either to a buyer's checkout or to the first in line, never to both", async () => {
    const u = unit(5);
    await t.setSeats(u.slotId, 2);
    // The buyer's cart holds the slot while seats were free; then both seats are reserved.
    const buyer = await parentFor(u);
    expect((await addToCart(buyer, u)).statusCode).toBe(201);
    const first = await holder(u);
    await holder(u);
    const waiting = await parentFor(u);
    expect((await join(waiting, u)).statusCode).toBe(201);
    await expireReservation(first.orderId);

    const [offers, checkout] = await Promise.all([
      t.app.waitingList.offerFreedSeats(),
      t.fulfil(buyer.headers),
    ]);
    const checkedOut = checkout.statusCode === 200 ? 1 : 0;
    if (!checkedOut) expect(checkout.json().error_codes).toEqual({ schedule_slots: ["no_seats_left"] });
    expect(offers + checkedOut).toBe(1);
  }, 60_000);

  it("keeps a waiting list for an academy week", async () => {
    const { week, parent, child, joined } = await inLineForFullWeek((weeks) => weeks[0]);
    expect(joined.json().academy_week.id).toBe(week.id);
    await t.db.update(academyWeeks).set({ seats: 1 }).where(eq(academyWeeks.id, week.id));
    expect(await t.app.waitingList.offerFreedSeats()).toBe(1);
    const { token } = await offerLink({ ...parent, child });
    const accepted = await accept({ ...parent, child }, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cart = await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers });
    expect(cart.json().items[0]).toMatchObject({ academy_weeks: [week.id], visitor: { id: child } });
  }, 60_000);

  it("holds a seat of a week that already began for the offer's hours, not for a moment past (D613)", async () => {
    const { week, joined } = await inLineForFullWeek((weeks) => weeks[1]);
    const [row] = await t.db.select().from(academyWeeks).where(eq(academyWeeks.id, week.id));
    try {
      await t.db
        .update(academyWeeks)
        .set({ seats: 1, startsOn: addDays(todayInBerlin(), -1) })
        .where(eq(academyWeeks.id, week.id));
      expect(await t.app.waitingList.offerFreedSeats()).toBe(1);
      const offered = await entryOf(joined.json().id);
      expect(offered.status).toBe("offered");
      expect(offered.offerExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    } finally {
      await t.db
        .update(academyWeeks)
        .set({ startsOn: row?.startsOn ?? todayInBerlin() })
        .where(eq(academyWeeks.id, week.id));
    }
  }, 60_000);

  it("offers the seat a paid course booking frees by its withdrawal", async () => {
    // A weekly course slot (courses may be withdrawn, workshops not), free again after the earlier test.
    const u = unit(3);
    await t.setSeats(u.slotId, 1);
    const payer = await parentFor(u);
    expect((await addToCart(payer, u)).statusCode).toBe(201);
    const staged = await t.fulfil(payer.headers);
    expect(staged.statusCode, staged.body).toBe(200);
    t.standIn.approve(staged.json().id);
    const paid = await t.capture(payer.headers, staged.json().id);
    expect(paid.json().status).toBe("payment_fulfilled");
    const waiting = await parentFor(u);
    const entry = (await join(waiting, u)).json().id;
    expect((await t.app.paymentWorker.runOnce()).offered).toBe(0);

    const item = paid.json().items[0].id;
    const withdrawn = await t.call("POST", `/api/v2/orders/items/${item}/withdraw/`, {
      headers: payer.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await t.app.paymentWorker.runOnce()).offered).toBe(1);
    expect((await entryOf(entry)).status).toBe("offered");
    await offerLink(waiting);
  }, 60_000);

  it("holds an offered seat of a session no later than the session's start (D613)", async () => {
    // Tonight's midnight session: always ahead, and sooner than the offer's hours.
    const tomorrow = addDays(todayInBerlin(), 1);
    const { u } = await sessionOfOneSeat(1, "00:00");
    const first = await holder(u);
    const b = await parentFor(u);
    const bEntry = (await join(b, u)).json().id;
    await expireReservation(first.orderId);
    expect((await t.app.paymentWorker.runOnce()).offered).toBe(1);
    const offered = await entryOf(bEntry);
    expect(offered.status).toBe("offered");
    expect(offered.offerExpiresAt?.toISOString()).toBe(berlinInstant(tomorrow, "00:00").toISOString());
  }, 60_000);

  it("offers no seat of a slot staff archived, since its checkout would refuse it; the line stays", async () => {
    // A workshop session of its own, a year and more ahead, with one seat, made as staff make it.
    const { staff, u } = await sessionOfOneSeat(400);
    const first = await holder(u);
    const b = await parentFor(u);
    const bEntry = (await join(b, u)).json().id;
    // Staff stop offering the session; its bookings and its line stay (D111).
    const archived = await t.call("DELETE", `/api/v2/admin/slots/${u.slotId}/`, { headers: staff.headers });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().archived_at).not.toBeNull();
    // The holder's reservation runs out: the seat is free, but nobody could book it, so nobody is offered it.
    await expireReservation(first.orderId);
    const round = await t.app.paymentWorker.runOnce();
    expect(round.expired).toBeGreaterThanOrEqual(1);
    expect(round.offered).toBe(0);
    expect((await entryOf(bEntry)).status).toBe("waiting");
    expect((await addToCart(b, u)).json().error_codes).toEqual({ schedule_slots: ["slot_not_on_page"] });
  }, 60_000);

  it("passes a child the age group no longer takes and offers the seat to the next in line (D518)", async () => {
    const { u } = await sessionOfOneSeat(401);
    const first = await holder(u);
    const a = await parentFor(u);
    const b = await parentFor(u);
    const aEntry = (await join(a, u)).json().id;
    const bEntry = (await join(b, u)).json().id;
    await tooYoungNow(a.child);
    await expireReservation(first.orderId);
    expect((await t.app.paymentWorker.runOnce()).offered).toBe(1);
    // Passed, as a lapsed offer is, without holding the seat: the line moves on, and the unit leaves the
    // worker's rounds once nobody it could take waits.
    expect((await entryOf(aEntry)).status).toBe("passed");
    expect((await entryOf(bEntry)).status).toBe("offered");
    const { token } = await offerLink(b);
    expect((await accept(b, token)).statusCode).toBe(200);
  }, 60_000);

  it("a line where only a child the cart refuses waits leaves the worker's rounds (D518)", async () => {
    const { u } = await sessionOfOneSeat(402);
    const first = await holder(u);
    const a = await parentFor(u);
    const aEntry = (await join(a, u)).json().id;
    await tooYoungNow(a.child);
    await expireReservation(first.orderId);
    expect((await t.app.paymentWorker.runOnce()).offered).toBe(0);
    expect((await entryOf(aEntry)).status).toBe("passed");
    const inLine = await findUnitsInLine(t.db, 1_000);
    expect(inLine).not.toContainEqual({ kind: "slot", id: u.slotId });
  }, 60_000);

  it("keeps the line of a page staff unpublished meanwhile: nobody passed, nothing offered (D518)", async () => {
    const { u } = await sessionOfOneSeat(403);
    const first = await holder(u);
    const a = await parentFor(u);
    const aEntry = (await join(a, u)).json().id;
    await expireReservation(first.orderId);
    await t.db.update(productPages).set({ isPublished: false }).where(eq(productPages.id, u.page));
    try {
      expect((await t.app.paymentWorker.runOnce()).offered).toBe(0);
      expect((await entryOf(aEntry)).status).toBe("waiting");
    } finally {
      await t.db.update(productPages).set({ isPublished: true }).where(eq(productPages.id, u.page));
    }
    expect((await t.app.paymentWorker.runOnce()).offered).toBe(1);
    expect((await entryOf(aEntry)).status).toBe("offered");
  }, 60_000);

  it("takes a deleted child out of line instead of offering it a seat", async () => {
    const { week, child, joined } = await inLineForFullWeek((weeks) => weeks[1]);
    await t.db.update(visitors).set({ deletedAt: new Date() }).where(eq(visitors.id, child));
    await t.db.update(academyWeeks).set({ seats: 1 }).where(eq(academyWeeks.id, week.id));
    expect(await t.app.waitingList.offerFreedSeats()).toBe(0);
    expect((await entryOf(joined.json().id)).status).toBe("left");
  }, 60_000);

  it("leaves a line alone in its rounds while nobody in it waits for a seat, and looks again once someone does", async () => {
    const { academy, week, option } = await inLineForFullWeek((weeks) => weeks.at(-1));
    await t.db.update(academyWeeks).set({ seats: 3 }).where(eq(academyWeeks.id, week.id));
    const looked = async () =>
      (await findUnitsInLine(t.db, 1000)).some((one) => one.kind === "week" && one.id === week.id);
    expect(await looked()).toBe(true);
    expect(await t.app.waitingList.offerFreedSeats()).toBe(1);
    // Two seats are still free, but the only one in line holds an offer: nothing for a round to do, so no
    // round locks the week (each lock is a commit, which also makes every snapshot-kept answer anew, D421).
    expect(await looked()).toBe(false);
    // Someone waits again (a line joined while the week was full): the round looks at the week.
    const waitsToo = async () => {
      const other = await createParent(t.db);
      const otherChild = await createChild(t.db, other.id, 9);
      await t.db.insert(waitingListEntries).values({
        userId: other.id,
        visitorId: otherChild,
        productPageId: academy.page.id,
        purchaseOptionId: option ?? 0,
        academyWeekId: week.id,
        status: "waiting",
        locale: "de",
      });
    };
    await waitsToo();
    expect(await looked()).toBe(true);
    expect(await t.app.waitingList.offerFreedSeats()).toBe(1);
    expect(await looked()).toBe(false);
    // One seat is free and a third child waits, but the week is over: no seat to offer, nothing to look at.
    await waitsToo();
    expect(await looked()).toBe(true);
    await t.db
      .update(academyWeeks)
      .set({ startsOn: sql`current_date - 12`, endsOn: sql`current_date - 8` })
      .where(eq(academyWeeks.id, week.id));
    expect(await looked()).toBe(false);
  }, 60_000);
});
