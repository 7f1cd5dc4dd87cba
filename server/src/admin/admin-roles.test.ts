import { verify } from "@node-rs/argon2";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockAdminRoles } from "../accounts/index.ts";
import { auditLog, authTokens, users } from "../db/schema/index.ts";
import { lockRace } from "../test/lock-race.ts";
import { createParent, createStaff } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { usesPostgres } from "../test/test-database.ts";

/** Admins grant `admin`, the last admin stays one, and staff change their own password (issue 29; D241, D242). */

let t: Awaited<ReturnType<typeof createTestApp>>;
type Member = Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

const setRole = (by: Member, id: number, role: string, locale = "de") =>
  t.app.inject({
    method: "PUT",
    url: `/api/v2/admin/people/${id}/role/?locale=${locale}`,
    headers: by.headers,
    payload: { role },
  });

const roleOf = async (id: number) =>
  (await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, "people"), eq(auditLog.recordId, id)));

describe("roles", () => {
  it("lets an admin grant admin, and the new admin use the admin routes; staff may not", async () => {
    const admin = await createStaff(t.database.db, "admin");
    const staff = await createStaff(t.database.db, "staff");
    const parent = await createParent(t.database.db);
    expect((await setRole(staff, parent.id, "admin")).statusCode).toBe(403);
    const granted = await setRole(admin, parent.id, "admin");
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().role).toBe("admin");
    const me = await t.app.inject({ method: "GET", url: "/api/v2/admin/me/", headers: parent.headers });
    expect(me.json().role).toBe("admin");
    // The new admin may read the audit log, which is for admins only.
    const log = await t.app.inject({ method: "GET", url: "/api/v2/admin/audit/", headers: parent.headers });
    expect(log.statusCode).toBe(200);
    expect((await auditOf(parent.id)).map((e) => [e.before, e.after])).toEqual([
      [{ role: "customer" }, { role: "admin" }],
    ]);
    // And demote the admin who granted it, while another admin stays.
    const demoted = await setRole(parent, admin.id, "staff");
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await roleOf(admin.id)).toBe("staff");
  });

  it(`refuses to demote the last admin when two admins demote each other at once (${usesPostgres() ? "PostgreSQL, under the lock" : "PGlite"})`, async () => {
    // Only these two admins remain.
    await t.database.db.update(users).set({ role: "staff" }).where(eq(users.role, "admin"));
    const anna = await createStaff(t.database.db, "admin");
    const boris = await createStaff(t.database.db, "admin");
    let replies: Awaited<ReturnType<typeof setRole>>[];
    if (usesPostgres()) {
      // Both requests have passed the guard and wait for the admin-roles lock the test holds; then both go.
      const race = lockRace(t.database.db);
      const letGo = await race.holdLock((tx) => lockAdminRoles(tx));
      const both = Promise.all([
        setRole(anna, boris.id, "staff", "ru"),
        setRole(boris, anna.id, "staff", "ru"),
      ]);
      await race.untilWaiting(2);
      await letGo();
      replies = await both;
    } else {
      replies = await Promise.all([
        setRole(anna, boris.id, "staff", "ru"),
        setRole(boris, anna.id, "staff", "ru"),
      ]);
    }
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = replies.find((r) => r.statusCode === 400);
    expect(refused?.json().error_codes).toEqual({ role: ["last_admin"] });
    expect(refused?.json().role[0]).toContain("последняя учётная запись администратора");
    const admins = await t.database.db.select().from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
    // The one demoted cannot go on: its next role change is refused by the guard.
    const demoted = admins[0]?.id === anna.id ? boris : anna;
    expect((await setRole(demoted, admins[0]?.id ?? 0, "staff")).statusCode).toBe(403);
  }, 60_000);
});

describe("one's own password in the back office", () => {
  const change = (member: Member, body: Record<string, unknown>, locale = "de") =>
    t.app.inject({
      method: "POST",
      url: `/api/v2/admin/me/password/?locale=${locale}`,
      headers: member.headers,
      payload: body,
    });

  async function withPassword(role: "staff" | "admin", password: string) {
    const member = await createStaff(t.database.db, role);
    const { hash } = await import("@node-rs/argon2");
    await t.database.db
      .update(users)
      .set({ passwordHash: await hash(password) })
      .where(eq(users.id, member.id));
    return member;
  }

  it("sets a new password with the current one, ends other sessions, keeps this one, audited", async () => {
    const staff = await withPassword("staff", "Alt-Passwort-1");
    const { issueAuthToken } = await import("../accounts/auth-tokens.service.ts");
    const otherKey = await issueAuthToken(t.database.db, staff.id);
    const res = await change(staff, {
      old_password: "Alt-Passwort-1",
      new_password1: "Neu-Passwort-2",
      new_password2: "Neu-Passwort-2",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detail).toBe("Ihr neues Passwort wurde gespeichert.");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, staff.id));
    expect(await verify(row?.passwordHash ?? "", "Neu-Passwort-2")).toBe(true);
    const live = await t.database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, staff.id), isNull(authTokens.revokedAt)));
    expect(live).toHaveLength(1);
    const other = await t.app.inject({
      method: "GET",
      url: "/api/v2/admin/me/",
      headers: { authorization: `Token ${otherKey}` },
    });
    expect(other.statusCode).toBe(401);
    const same = await t.app.inject({ method: "GET", url: "/api/v2/admin/me/", headers: staff.headers });
    expect(same.statusCode).toBe(200);
    const entries = await auditOf(staff.id);
    expect(entries.map((e) => [e.userId, e.action, e.before, e.after])).toEqual([
      [staff.id, "update", { role: "staff" }, { role: "staff", password_set: true }],
    ]);
    expect(JSON.stringify(entries)).not.toContain("Neu-Passwort-2");
  });

  it("refuses a wrong current password, the sign-up rules' misses and a mismatch, changing nothing", async () => {
    const admin = await withPassword("admin", "Alt-Passwort-1");
    const [before] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    const wrong = await change(
      admin,
      { old_password: "Falsch-1", new_password1: "Neu-Passwort-2", new_password2: "Neu-Passwort-2" },
      "ru",
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      old_password: ["Текущий пароль указан неверно."],
      error_codes: { old_password: ["old_password_wrong"] },
    });
    // Sign-up rules (spec §5): a special character is required, which a sign-in password does not need.
    const weak = await change(admin, {
      old_password: "Alt-Passwort-1",
      new_password1: "NeuPasswort2",
      new_password2: "NeuPasswort2",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error_codes.new_password1).toEqual(["password_special"]);
    const mismatch = await change(admin, {
      old_password: "Alt-Passwort-1",
      new_password1: "Neu-Passwort-2",
      new_password2: "Neu-Passwort-3",
    });
    expect(mismatch.json().error_codes).toEqual({ new_password2: ["password_mismatch"] });
    // The current password again is no change (D603).
    const unchanged = await change(admin, {
      old_password: "Alt-Passwort-1",
      new_password1: "Alt-Passwort-1",
      new_password2: "Alt-Passwort-1",
    });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().error_codes).toEqual({ new_password1: ["password_unchanged"] });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(await auditOf(admin.id)).toEqual([]);
    // A parent has no back office, so no password here either.
    const parent = await createParent(t.database.db);
    const refused = await change(parent, {
      old_password: "x",
      new_password1: "Neu-Passwort-2",
      new_password2: "Neu-Passwort-2",
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("people searched", () => {
  it("tells the total on every page: a full page counts, the last page and a page past the end too (D413)", async () => {
    const staff = await createStaff(t.database.db, "staff");
    for (let i = 0; i < 5; i++) {
      const parent = await createParent(t.database.db);
      await t.database.db.update(users).set({ lastName: "Seitenweise" }).where(eq(users.id, parent.id));
    }
    const page = async (range: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/v2/admin/people/",
        headers: staff.headers,
        query: { filter: JSON.stringify({ q: "seitenweise" }), range, sort: '["id","ASC"]' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return [res.json().length, res.headers["content-range"]];
    };
    expect(await page("[0,1]")).toEqual([2, "people 0-1/5"]);
    expect(await page("[4,5]")).toEqual([1, "people 4-4/5"]);
    expect((await page("[6,7]"))[0]).toBe(0);
    expect((await page("[0,9]"))[1]).toBe("people 0-4/5");
  });
});
