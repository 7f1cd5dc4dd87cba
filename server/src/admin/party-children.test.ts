import { readFileSync } from "node:fs";
import { todayInBerlin } from "@atelier/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, partyRequests, purchaseOptions } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent, createStaff, pageBySlug } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createStaff>>;
let party: Awaited<ReturnType<typeof pageBySlug>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
  party = await pageBySlug(t.db, "roboter-geburtstag");
}, 300_000);
afterAll(() => t?.close());

const inDays = (days: number) => {
  const day = new Date(`${todayInBerlin()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

const ask = (headers: Record<string, string>, body: Record<string, unknown>, locale = "de") =>
  t.call("POST", "/api/v2/party_requests/", { headers, body, query: { locale } });

const requestFor = (optionId: number, childrenCount: number) => ({
  product_page: party.page.id,
  purchase_option: optionId,
  dates: [inDays(20)],
  children_count: childrenCount,
  ages: [8],
  comment: "",
});

const admin = (method: "GET" | "PUT" | "POST", path: string, body?: Record<string, unknown>) =>
  t.call(method, `/api/v2/admin/${path}`, { headers: staff.headers, body });

/** What staff send back of an option they read: its editable values and the version. */
const edited = (read: Record<string, unknown>, change: Record<string, unknown>) => {
  const { id: _i, product_page: _p, schedule_type: _s, is_recurring: _r, bookings: _b, ...values } = read;
  return { ...values, ...change };
};

describe(`a birthday package's number of children (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("the demo packages carry the number their names state, and the shop's page shows it", async () => {
    expect(party.options.map((o) => [o.name.de, o.maxChildren])).toEqual([
      ["Standard: 2,5 Stunden, bis 8 Kinder", 8],
      ["Groß: 3 Stunden, bis 12 Kinder", 12],
    ]);
    const shown = (await t.call("GET", `/api/v2/products/${party.page.id}/`)).json();
    expect(shown.purchase_options.map((o: { max_children: number | null }) => o.max_children)).toEqual([
      8, 12,
    ]);
  });

  it("a request for more children than the package takes is refused in de and ru, nothing stored; up to it is taken", async () => {
    const parent = await createParent(t.db);
    const [small, big] = party.options;
    if (!small || !big) throw new Error("no packages");
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(partyRequests);

    const de = await ask(parent.headers, requestFor(small.id, 9));
    expect(de.statusCode).toBe(400);
    expect(de.json()).toEqual({
      children_count: [
        "Die Anzahl der Kinder ist bei diesem Paket auf 8 begrenzt. Wählen Sie bitte ein größeres Paket.",
      ],
      error_codes: { children_count: ["party_too_many_children"] },
    });
    const ru = await ask(parent.headers, requestFor(small.id, 9), "ru");
    expect(ru.json().children_count).toEqual([
      "В этом пакете число детей ограничено: не больше 8. Выберите, пожалуйста, пакет побольше.",
    ]);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(partyRequests)).toEqual(before);

    expect((await ask(parent.headers, requestFor(small.id, 8))).statusCode).toBe(201);
    expect((await ask(parent.headers, requestFor(big.id, 9))).statusCode).toBe(201);
  });

  it("staff set the number in the back office, audited; a package without one takes up to 30; a course option has none", async () => {
    const parent = await createParent(t.db);
    const created = await admin("POST", "purchase-options/", {
      product_page: party.page.id,
      schedule_type: "BirthdayPackage",
      is_recurring: false,
      name: { de: "Mini: 1,5 Stunden", ru: "Мини: 1,5 часа" },
      base_price_cents: 19_900,
      number_of_meetings: null,
      meetings_per_week: null,
      sort_order: 30,
    });
    expect(created.statusCode, created.body).toBe(201);
    const mini = created.json();
    expect(mini.max_children).toBeNull();
    expect((await ask(parent.headers, requestFor(mini.id, 30))).statusCode).toBe(201);

    const saved = await admin("PUT", `purchase-options/${mini.id}/`, edited(mini, { max_children: 5 }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().max_children).toBe(5);
    const refused = await ask(parent.headers, requestFor(mini.id, 6));
    expect(refused.json().error_codes).toEqual({ children_count: ["party_too_many_children"] });
    expect(refused.json().children_count[0]).toContain("auf 5 begrenzt");
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, "purchase-options"),
          eq(auditLog.recordId, mini.id),
          eq(auditLog.action, "update"),
        ),
      );
    expect(entry?.before).toMatchObject({ max_children: null });
    expect(entry?.after).toMatchObject({ max_children: 5 });

    // A save that leaves the field out (an older client) keeps the number; a number out of range is a 400.
    const { max_children: _m, ...withoutLimit } = edited(saved.json(), {});
    const kept = await admin("PUT", `purchase-options/${mini.id}/`, withoutLimit);
    expect(kept.json().max_children).toBe(5);
    const tooMany = await admin(
      "PUT",
      `purchase-options/${mini.id}/`,
      edited(kept.json(), { max_children: 31 }),
    );
    expect(tooMany.json().error_codes).toEqual({ max_children: ["too_big"] });

    const courseOption = (await admin("GET", `purchase-options/${t.course.options[0]?.id}/`)).json();
    const onCourse = await admin(
      "PUT",
      `purchase-options/${courseOption.id}/`,
      edited(courseOption, { max_children: 8 }),
    );
    expect(onCourse.statusCode).toBe(400);
    expect(onCourse.json().error_codes).toEqual({ max_children: ["children_limit_party_only"] });
  });

  it("the migration takes the number from a package's name where it states one", async () => {
    const migration = readFileSync(
      new URL("../db/migrations/0070_party_package_children.sql", import.meta.url),
      "utf8",
    );
    const update = migration.slice(migration.indexOf("UPDATE"));
    const names = [
      { de: "Basis: 2 Stunden, bis 10 Kinder", ru: "Базовый: 2 часа, до 10 детей" },
      { de: "Klein, max. 6 Kinder", ru: "" },
      { de: "Großer Raum", ru: "Большой зал, до 15 детей" },
      { de: "Atelier ohne Angabe", ru: "Студия" },
      { de: "Bis 99 Kinder", ru: "" },
    ];
    const made = await t.db
      .insert(purchaseOptions)
      .values(
        names.map((name) => ({
          productPageId: party.page.id,
          scheduleType: "BirthdayPackage" as const,
          name,
          basePriceCents: 10_000,
        })),
      )
      .returning({ id: purchaseOptions.id });
    const ids = made.map((row) => row.id);
    await t.db.execute(sql.raw(update));
    const after = await t.db
      .select({ id: purchaseOptions.id, max: purchaseOptions.maxChildren })
      .from(purchaseOptions)
      .where(inArray(purchaseOptions.id, ids))
      .orderBy(purchaseOptions.id);
    expect(after.map((row) => row.max)).toEqual([10, 6, 15, null, null]);
    await t.db.delete(purchaseOptions).where(inArray(purchaseOptions.id, ids));
  });
});
