import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, redirects } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/** Redirects staff keep (D189, spec §2 rule 3): from an address of this site to a page or off the site. */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

const create = (body: Record<string, unknown>, locale = "de") =>
  t.call("POST", "/api/v2/admin/redirects/", { headers: staff.headers, body, query: { locale } });

describe(`redirects staff keep (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("a printed address leads to a page of the shop, keeping the visitor's locale; a slash at the end or a capital letter is the same address", async () => {
    const made = await create({
      from_path: "/sommer/",
      target: "/academies?season=summer",
      note: "Flyer 2027",
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      from_path: "/sommer",
      target: "/academies?season=summer",
      external: false,
      permanent: false,
      note: "Flyer 2027",
    });

    for (const path of ["/sommer", "/sommer/", "/Sommer"]) {
      const visit = await t.call("GET", path, { query: { locale: "ru", season: "autumn" } });
      expect(visit.statusCode, path).toBe(302);
      // The target's own parameter wins; the visitor's locale comes along.
      expect(visit.headers.location).toBe("/academies?season=summer&locale=ru");
    }
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "redirects"), eq(auditLog.recordId, made.json().id)));
    expect(entry).toMatchObject({ action: "create", userId: staff.id });
  });

  it("an address elsewhere leaves the site, 301 when staff say it is permanent; deleting it brings back the 404", async () => {
    const made = await create({
      from_path: "/instagram",
      target: "https://www.instagram.com/atelier.berlin/",
      permanent: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().external).toBe(true);

    const visit = await t.call("GET", "/instagram", { query: { locale: "de", utm_source: "flyer" } });
    expect(visit.statusCode).toBe(301);
    expect(visit.headers.location).toBe("https://www.instagram.com/atelier.berlin/");

    const removed = await t.call("DELETE", `/api/v2/admin/redirects/${made.json().id}/`, {
      headers: staff.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.call("GET", "/instagram", { query: { locale: "de" } })).statusCode).toBe(404);
  });

  it("refuses a page of the shop, the API, a foreign or unsafe target, a second redirect of one address and a circle, each at its field in the staff member's language", async () => {
    const refused = async (body: Record<string, unknown>, field: string, code: string, locale = "de") => {
      const reply = await create(body, locale);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().error_codes?.[field], reply.body).toEqual([code]);
      return reply.json()[field][0] as string;
    };
    const before = await t.db.select().from(redirects);

    expect(
      await refused({ from_path: "/courses", target: "/workshops" }, "from_path", "redirect_path_reserved"),
    ).toMatch(/Seite des Shops/);
    await refused({ from_path: "/product/12", target: "/workshops" }, "from_path", "redirect_path_reserved");
    await refused(
      { from_path: "/school-offers", target: "/workshops" },
      "from_path",
      "redirect_path_reserved",
    );
    await refused({ from_path: "/api/v2/x", target: "/workshops" }, "from_path", "redirect_path_reserved");
    await refused({ from_path: "/admin", target: "/workshops" }, "from_path", "redirect_path_reserved");
    expect(
      await refused(
        { from_path: "sommer", target: "/workshops" },
        "from_path",
        "invalid_redirect_path",
        "ru",
      ),
    ).toMatch(/начинается с \//);
    await refused({ from_path: "/a b", target: "/workshops" }, "from_path", "invalid_redirect_path");
    await refused({ from_path: "/a?b=1", target: "/workshops" }, "from_path", "invalid_redirect_path");
    await refused({ from_path: "/alt", target: "http://example.org/" }, "target", "invalid_redirect_target");
    await refused({ from_path: "/alt", target: "//evil.example/" }, "target", "invalid_redirect_target");
    await refused({ from_path: "/alt", target: "javascript:alert(1)" }, "target", "invalid_redirect_target");
    await refused(
      { from_path: "/alt", target: "https://user:pw@example.org/" },
      "target",
      "invalid_redirect_target",
    );
    await refused({ from_path: "/alt", target: "/alt/" }, "target", "redirect_loop");
    expect(await t.db.select().from(redirects)).toEqual(before);

    expect((await create({ from_path: "/alt-a", target: "/alt-b" })).statusCode).toBe(201);
    expect((await create({ from_path: "/alt-b", target: "/workshops" })).statusCode).toBe(201);
    // A chain that ends on a page is fine; closing it into a circle is not.
    const chain = await create({ from_path: "/alt-c", target: "/alt-a" });
    expect(chain.statusCode, chain.body).toBe(201);
    const [b] = await t.db.select().from(redirects).where(eq(redirects.fromPath, "/alt-b"));
    const edit = await t.call("GET", `/api/v2/admin/redirects/${b?.id}/`, { headers: staff.headers });
    const { id: _id, external: _e, updated_at: _u, ...fields } = edit.json();
    const looped = await t.call("PUT", `/api/v2/admin/redirects/${b?.id}/`, {
      headers: staff.headers,
      body: { ...fields, target: "/alt-c" },
    });
    expect(looped.statusCode, looped.body).toBe(400);
    expect(looped.json().error_codes.target).toEqual(["redirect_loop"]);

    await refused({ from_path: "/alt-a/", target: "/events" }, "from_path", "redirect_exists");
  });

  it("sees a circle through the shop's own full address, stores a dot-segment target as the path it checked, and refuses pages in any case (D203)", async () => {
    const host = new URL(t.env.PUBLIC_URL).host;
    const looped = await create({ from_path: "/loop-d", target: `https://${host}/loop-d` });
    expect(looped.statusCode, looped.body).toBe(400);
    expect(looped.json().error_codes).toEqual({ target: ["redirect_loop"] });
    expect((await create({ from_path: "/loop-e", target: `https://${host}/loop-f` })).statusCode).toBe(201);
    const closing = await create({ from_path: "/loop-f", target: "/loop-e" });
    expect(closing.statusCode, closing.body).toBe(400);
    expect(closing.json().error_codes).toEqual({ target: ["redirect_loop"] });

    for (const [from, target] of [
      ["/dots-a", "/.//evil.example"],
      ["/dots-b", "/%2e//evil.example"],
      ["/dots-c", "/x/..//evil.example"],
    ] as const) {
      const saved = await create({ from_path: from, target });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().target).toBe("/evil.example");
      expect(saved.json().external).toBe(false);
      // Saving what was stored again is accepted and changes nothing.
      const { id, external: _e, updated_at: _u, ...fields } = saved.json();
      const again = await t.call("PUT", `/api/v2/admin/redirects/${id}/`, {
        headers: staff.headers,
        body: fields,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().target).toBe("/evil.example");
      const served = await t.app.inject({ method: "GET", url: from });
      expect(served.statusCode).toBe(302);
      expect(served.headers.location).toBe("/evil.example");
    }

    for (const from of ["/Product/15", "/PROFILE", "/qrcodescanner"]) {
      const reply = await create({ from_path: from, target: "/workshops" });
      expect(reply.statusCode, from).toBe(400);
      expect(reply.json().error_codes).toEqual({ from_path: ["redirect_path_reserved"] });
    }
  });

  it("a path with a page of the shop is never looked up, and guests and parents cannot manage redirects", async () => {
    expect((await t.call("GET", "/courses", { query: { locale: "de" } })).statusCode).toBe(200);
    expect((await t.call("GET", "/no-such-page", { query: { locale: "de" } })).statusCode).toBe(404);
    const parent = await createParent(t.db);
    expect((await t.call("GET", "/api/v2/admin/redirects/")).statusCode).toBe(401);
    const asParent = await t.call("POST", "/api/v2/admin/redirects/", {
      headers: parent.headers,
      body: { from_path: "/x", target: "/courses" },
    });
    expect(asParent.statusCode).toBe(403);
  });
});
