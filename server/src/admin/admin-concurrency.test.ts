import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, categories, instructors, productPages, promocodes, users } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { lockRace } from "../test/lock-race.ts";
import { createChild, createParent } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/** Staff and parents at the same moment, on PostgreSQL, in races made deterministic (`lockRace`). */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
let other: Awaited<ReturnType<typeof createParent>>;
let race: ReturnType<typeof lockRace>;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  race = lockRace(t.db);
  [staff, other] = [await createParent(t.db), await createParent(t.db)];
  await t.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
  await t.db.update(users).set({ role: "staff" }).where(eq(users.id, other.id));
}, 60_000);
afterAll(async () => {
  await race?.releaseAll();
  await t?.close();
});

/** Audit entries of one product page: one per save that won. */
async function pageAudits(id: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.resource, "products"), eq(auditLog.recordId, id)));
  return row?.n ?? 0;
}

async function parentWithSession(slotId: number) {
  const parent = await createParent(t.db);
  const child = await createChild(t.db, parent.id, 11);
  const added = await t.call("POST", "/api/v2/orders/items/", {
    headers: parent.headers,
    body: {
      product_page: t.workshop.page.id,
      purchase_option: t.workshop.options[0]?.id,
      visitor: child,
      schedule_slots: [slotId],
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  return parent;
}

describe.runIf(usesPostgres())("staff and parents at once (PostgreSQL)", () => {
  it("never oversells: staff lowering seats while a parent's checkout has counted but not yet reserved waits for it, then refuses", async () => {
    const created = await t.call("POST", "/api/v2/admin/slots/", {
      headers: staff.headers,
      body: {
        product_page: t.workshop.page.id,
        weekday: null,
        date: "2031-06-14",
        start: "10:00",
        end: "13:00",
        seats: 2,
        instructor: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const slotId = created.json().id as number;
    const first = await parentWithSession(slotId);
    expect((await t.fulfil(first.headers)).statusCode).toBe(200);

    // The second parent's cart carries a promocode: checkout locks the slot, counts the seats, and then
    // takes the code's row, which the test holds. So the checkout stops between counting and reserving.
    // Held as the checkout holds it (NO KEY UPDATE): the staged order's own foreign-key check on the code
    // (a KEY SHARE lock) must pass, or the checkout would stop before it counts (D408).
    const second = await parentWithSession(slotId);
    const applied = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: second.headers,
      body: { promocode: "WELCOME10" },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const slot = (await t.call("GET", `/api/v2/admin/slots/${slotId}/`, { headers: staff.headers })).json();
    expect(slot).toMatchObject({ seats: 2, seats_taken: 1 });
    const { id: _id, product_page: _page, seats_taken: _taken, archived_at: _archived, ...fields } = slot;

    const releaseCode = await race.holdLock((tx) =>
      tx.select().from(promocodes).where(eq(promocodes.code, "WELCOME10")).for("no key update"),
    );
    const checkout = t.fulfil(second.headers);
    await race.untilWaiting(1);
    // One seat is taken as staff see it; the second is counted but not reserved yet.
    const lowering = t.call("PUT", `/api/v2/admin/slots/${slotId}/`, {
      headers: staff.headers,
      body: { ...fields, seats: 1 },
    });
    await race.untilWaiting(2);
    await releaseCode();
    const [booked, lowered] = await Promise.all([checkout, lowering]);

    expect(booked.statusCode, booked.body).toBe(200);
    expect(lowered.statusCode, lowered.body).toBe(400);
    expect(lowered.json().error_codes).toEqual({ seats: ["seats_below_taken"] });
    expect(lowered.json().seats[0]).toBe("Bereits vergeben: 2. Weniger Plätze sind nicht möglich.");
    const after = (await t.call("GET", `/api/v2/admin/slots/${slotId}/`, { headers: staff.headers })).json();
    expect(after.seats_taken).toBeLessThanOrEqual(after.seats);
    expect(after).toMatchObject({ seats: 2, seats_taken: 2 });
  }, 60_000);

  it("two staff saving the same page at once: exactly one wins, the other gets 409, nothing of the winner's lost", async () => {
    const page = (
      await t.call("GET", `/api/v2/admin/products/${t.workshop.page.id}/`, { headers: staff.headers })
    ).json();
    const { id, updated_at: _u, ...fields } = page;
    const current = async () =>
      (
        await t.call("GET", "/api/v2/admin/products/", {
          headers: staff.headers,
          query: { filter: JSON.stringify({ id: [id] }) },
        })
      ).json()[0];

    const auditsBefore = await pageAudits(id);
    // Both saves wait behind the test's lock on the page, so both have read the same version when it goes.
    const release = await race.holdLock((tx) =>
      tx.select().from(productPages).where(eq(productPages.id, id)).for("update"),
    );
    const saves = [
      t.call("PUT", `/api/v2/admin/products/${id}/`, {
        headers: staff.headers,
        body: { ...fields, summary: { de: "Fassung von Anna", ru: "Версия Анны" } },
      }),
      t.call("PUT", `/api/v2/admin/products/${id}/`, {
        headers: other.headers,
        query: { locale: "ru" },
        body: {
          ...fields,
          length: { de: "4 Stunden", ru: "4 часа" },
          summary: { de: "Fassung von Ben", ru: "Версия Бена" },
        },
      }),
    ];
    await race.untilWaiting(2);
    await release();
    const replies = await Promise.all(saves);

    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses, replies.map((reply) => reply.body).join("\n")).toEqual([200, 409]);
    const winner = replies.find((reply) => reply.statusCode === 200)?.json();
    const loser = replies.find((reply) => reply.statusCode === 409);
    expect(loser?.json().error_codes).toEqual({ detail: "stale_version" });
    const now = await current();
    // The page is the winner's, whole: the loser changed nothing, not even the field only it sent.
    expect(now.summary).toEqual(winner.summary);
    expect(now.length).toEqual(winner.length);
    expect(now.version).toBe(winner.version);
    expect(await pageAudits(id)).toBe(auditsBefore + 1);
  }, 60_000);

  it("a category or instructor deleted while a page naming it is saved: the save is refused at its field, never a 500", async () => {
    const made = async (path: string, body: Record<string, unknown>) => {
      const res = await t.call("POST", `/api/v2/admin/${path}/`, { headers: staff.headers, body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const suffix = Date.now().toString(36);
    const categoryId = await made("categories", {
      slug: `race-${suffix}`,
      name: { de: "Wettlauf", ru: "Гонка" },
      sort_order: 99,
    });
    const page = (
      await t.call("GET", `/api/v2/admin/products/${t.workshop.page.id}/`, { headers: staff.headers })
    ).json();
    const { id, updated_at: _u, ...fields } = page;
    // Another staff member's delete holds the category's row; the save checks the form meanwhile.
    const release = await race.holdLock((tx) => tx.delete(categories).where(eq(categories.id, categoryId)));
    const save = t.call("PUT", `/api/v2/admin/products/${id}/`, {
      headers: staff.headers,
      body: { ...fields, category: categoryId },
    });
    await race.untilWaiting(1);
    await release();
    const saved = await save;
    expect(saved.statusCode, saved.body).toBe(400);
    expect(saved.json().error_codes).toEqual({ category: ["invalid_choice"] });

    const [instructor] = await t.db
      .insert(instructors)
      .values({
        slug: `race-${suffix}`,
        firstName: "Wett",
        lastName: "Lauf",
        job: { de: "Lehrerin", ru: "Преподаватель" },
        subject: { de: "Kunst", ru: "Искусство" },
        bio: { de: "", ru: "" },
      })
      .returning();
    if (!instructor) throw new Error("no instructor");
    const current = (await t.call("GET", `/api/v2/admin/products/${id}/`, { headers: staff.headers })).json();
    const { id: _id, updated_at: _u2, ...now } = current;
    const letGo = await race.holdLock((tx) =>
      tx.delete(instructors).where(eq(instructors.id, instructor.id)),
    );
    const named = t.call("PUT", `/api/v2/admin/products/${id}/`, {
      headers: staff.headers,
      body: { ...now, instructors: [...now.instructors, instructor.id] },
    });
    await race.untilWaiting(1);
    await letGo();
    const refused = await named;
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error_codes).toEqual({ instructors: ["invalid_choice"] });
  }, 60_000);
});
