import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contactRequests, mailOutbox, users, visitRequests } from "../db/schema/index.ts";
import { mutatedBody } from "../test/admin-arbitraries.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { propertyRuns } from "../test/property-runs.ts";
import { createParent } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * fast-check over the write routes of the requests inbox and people (issue 21; D136-D139): whatever an
 * admin's browser sends, never a 5xx, and a refused request writes nothing: no row, no mail, no audit entry.
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let admin: Awaited<ReturnType<typeof createParent>>;
let visitId: number;
let contactId: number;
let personId: number;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  admin = await createParent(t.db);
  await t.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
  personId = (await createParent(t.db)).id;
  const [visit] = await t.db
    .insert(visitRequests)
    .values({
      kind: "trial",
      productPageId: t.course.page.id,
      children: [{ first_name: "Mila", last_name: "Petrova", birth_date: null }],
      adults: [
        {
          first_name: "Olga",
          last_name: "Petrova",
          email: "olga@example.org",
          phone: "+491511",
          relation: "",
        },
      ],
    })
    .returning();
  const [contact] = await t.db
    .insert(contactRequests)
    .values({
      kind: "callback",
      firstName: "Jana",
      lastName: "Wolf",
      email: "jana@example.org",
      phone: "+4930",
    })
    .returning();
  if (!visit || !contact) throw new Error("no rows");
  visitId = visit.id;
  contactId = contact.id;
}, 60_000);
afterAll(() => t?.close());

/** 60 cases a property in `npm run test:deep`, a fixed sample in `npm test` (D337). */
const RUNS = propertyRuns(60);

const nasty = fc.constantFrom<unknown>(
  2_147_483_648,
  -1,
  0,
  1e308,
  0.5,
  "\u0000",
  "a\u0000b",
  "\ud800",
  "",
  " ",
  "x".repeat(30_000),
  null,
  true,
  [],
  {},
  "2031-02-30",
  "2020-01-01",
  "2031-05-10",
  "new",
  "done",
  "admin",
  "staff",
  "customer",
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
);

const mutated = (keys: string[]) => mutatedBody(keys, anyValue);

async function footprint() {
  const n = async (table: typeof auditLog | typeof mailOutbox | typeof users | typeof visitRequests) =>
    (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    audit: await n(auditLog),
    mails: await n(mailOutbox),
    users: await n(users),
    visits: await n(visitRequests),
    roles: (await t.db.select({ role: users.role }).from(users).where(eq(users.id, personId)))[0]?.role,
  };
}

async function expectNoHalfWrite(method: "POST" | "PUT", url: string, body: unknown) {
  const before = await footprint();
  const res = await t.call(method, url, { headers: admin.headers, body });
  expect(
    res.statusCode,
    `${method} ${url} ${JSON.stringify(body)?.slice(0, 300)} → ${res.body}`,
  ).toBeLessThan(500);
  if (res.statusCode >= 300) {
    expect(res.json().error_codes, res.body).toBeTruthy();
    expect(await footprint(), `${url} ${res.statusCode} wrote something`).toEqual(before);
  }
  return res.statusCode;
}

const version = async (resource: string, id: number) =>
  (await t.call("GET", `/api/v2/admin/${resource}/${id}/`, { headers: admin.headers })).json()
    .version as string;

describe(`fast-check over the inbox and people write routes (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("updates requests from arbitrary bodies: never a 5xx, nothing written when refused", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("visit-requests", "contact-requests"),
        mutated(["status", "note", "handler", "version"]),
        async (resource, make) => {
          const id = resource === "visit-requests" ? visitId : contactId;
          const valid = {
            status: "in_progress",
            note: "",
            handler: admin.id,
            version: await version(resource, id),
          };
          await expectNoHalfWrite("PUT", `/api/v2/admin/${resource}/${id}/`, make(valid));
        },
      ),
      RUNS,
    );
  });

  it("confirms dates from arbitrary bodies: never a 5xx, no mail or audit entry when refused", async () => {
    await fc.assert(
      fc.asyncProperty(mutated(["date", "version"]), async (make) => {
        const valid = { date: "2031-05-10", version: await version("visit-requests", visitId) };
        await expectNoHalfWrite("POST", `/api/v2/admin/visit-requests/${visitId}/confirm/`, make(valid));
      }),
      RUNS,
    );
  });

  it("changes roles and erases from arbitrary bodies and ids: never a 5xx, nothing written when refused", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("role/", "erase/"),
        fc.oneof(
          fc.constant(personId),
          fc.constant(admin.id),
          fc.constantFrom<unknown>(0, -1, "abc", 2_147_483_648),
        ),
        mutated(["role", "confirm_email"]),
        async (action, id, make) => {
          // Erasure's valid body names another address: a run never erases the person the others need.
          const valid =
            action === "role/" ? { role: "staff" } : { confirm_email: "not-the-account@example.org" };
          const status = await expectNoHalfWrite(
            action === "role/" ? "PUT" : "POST",
            `/api/v2/admin/people/${String(id)}/${action}`,
            make(valid),
          );
          if (action === "erase/") expect(status).not.toBe(200);
        },
      ),
      RUNS,
    );
  });
});
