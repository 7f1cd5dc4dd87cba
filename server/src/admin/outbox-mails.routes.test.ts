import { type AdminMail, enumLabel } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox } from "../db/schema/index.ts";
import { mailFailureOf } from "../mail/index.ts";
import { MAIL_TEMPLATE_NAMES } from "../mail/mail-templates.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent, createStaff } from "../test/shop-fixtures.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

// Addresses of this run only, so a list filtered by them reads this file's mails.
const run = Math.random().toString(36).slice(2, 8);
const resetLink = `https://shop.example.org/?uid=MTI&token=secret-${run}-reset`;

async function mail(values: Partial<typeof mailOutbox.$inferInsert> & { to: string; template: string }) {
  const [row] = await t.db
    .insert(mailOutbox)
    .values({ subject: "Betreff", html: "<p>…</p>", text: "…", locale: "de", ...values })
    .returning();
  if (!row) throw new Error("no mail");
  return row;
}

const list = (headers: Record<string, string>, filter: Record<string, unknown>, extra = {}) =>
  t.call("GET", "/api/v2/admin/mails/", {
    headers,
    query: { filter: JSON.stringify(filter), range: "[0,24]", sort: '["id","DESC"]', ...extra },
  });

describe("the mail outbox in the back office", () => {
  it("is for staff only: a parent gets 403, a guest 401, on the list, a mail and its resend", async () => {
    const parent = await createParent(t.db);
    const one = await mail({ to: `refused-${run}@example.org`, template: "verify-email", status: "failed" });
    expect((await list(parent.headers, {})).statusCode).toBe(403);
    expect((await list({}, {})).statusCode).toBe(401);
    expect(
      (await t.call("GET", `/api/v2/admin/mails/${one.id}/`, { headers: parent.headers })).statusCode,
    ).toBe(403);
    const resend = await t.call("POST", `/api/v2/admin/mails/${one.id}/resend/`, { headers: parent.headers });
    expect(resend.statusCode).toBe(403);
    const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, one.id));
    expect(after?.status).toBe("failed");
  });

  it("lists mails newest first with their state and the failure in a class, filtered by state and address", async () => {
    const to = `Familie.Liste-${run}@Example.org`;
    const sent = await mail({
      to,
      template: "order-confirmation",
      status: "sent",
      sentAt: new Date(),
      attempts: 1,
    });
    const waiting = await mail({
      to,
      template: "lesson-reminder",
      attempts: 2,
      lastError: "connect ECONNREFUSED 10.0.0.5:587",
    });
    const given = await mail({
      to,
      template: "waiting-list-offer",
      status: "failed",
      attempts: 8,
      lastError: `Can't send mail - all recipients were rejected: 550 5.1.1 <${to}>: Recipient address rejected`,
    });
    await mail({ to: `someone-else-${run}@example.org`, template: "lesson-reminder" });

    // The address's beginning in another case finds the family's three mails, newest first.
    const all = await list(staff.headers, { q: `familie.liste-${run}` });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers["content-range"]).toBe("mails 0-2/3");
    const rows = all.json() as AdminMail[];
    expect(rows.map((row) => row.id)).toEqual([given.id, waiting.id, sent.id]);
    expect(rows[0]).toMatchObject({ status: "failed", attempts: 8, failure: "address_refused" });
    expect(rows[1]).toMatchObject({ status: "pending", attempts: 2, failure: "unreachable" });
    expect(rows[1]?.next_attempt_at).toEqual(expect.any(String));
    expect(rows[2]).toMatchObject({ status: "sent", failure: null, next_attempt_at: null });
    // The mail server's own words (its addresses, the recipient's reply) stay in the log.
    expect(all.body).not.toContain("ECONNREFUSED");
    expect(all.body).not.toContain("Recipient address rejected");

    // `_` is a letter of the search, not LIKE's "any character".
    const literal = await list(staff.headers, { q: `familie_liste-${run}` });
    expect(literal.json()).toEqual([]);
    const failed = await list(staff.headers, { q: `FAMILIE.liste-${run}`, status: "failed" });
    expect((failed.json() as AdminMail[]).map((row) => row.id)).toEqual([given.id]);
    const several = await list(staff.headers, { q: `familie.liste-${run}`, status: ["pending", "sent"] });
    expect((several.json() as AdminMail[]).map((row) => row.id)).toEqual([waiting.id, sent.id]);
  });

  it("refuses a state it does not know and a sort it does not offer with a 400, not a 500", async () => {
    const state = await list(staff.headers, { status: "lost" });
    expect(state.statusCode).toBe(400);
    expect(state.json()).toHaveProperty("filter");
    const sort = await list(staff.headers, {}, { sort: '["html","ASC"]' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json()).toHaveProperty("sort");
    const nul = await list(staff.headers, { q: "a\u0000b" });
    expect(nul.statusCode).toBe(400);
  });

  it("never shows a password reset's link, in the list or on its page", async () => {
    const reset = await mail({
      to: `reset-${run}@example.org`,
      subject: "Passwort zurücksetzen",
      template: "password-reset",
      html: `<a href="${resetLink}">Neues Passwort</a>`,
      text: `Neues Passwort: ${resetLink}`,
      status: "failed",
      attempts: 8,
      lastError: "Invalid login: 535 5.7.8 Authentication failed for school@smtp.example.org",
    });
    const listed = await list(staff.headers, { q: `reset-${run}` });
    const one = await t.call("GET", `/api/v2/admin/mails/${reset.id}/`, { headers: staff.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ subject: "Passwort zurücksetzen", template: "password-reset" });
    expect(one.json()).toMatchObject({ failure: "login_refused" });
    for (const body of [listed.body, one.body]) {
      expect(body).toContain("Passwort zurücksetzen");
      expect(body).not.toContain(`secret-${run}`);
      expect(body).not.toContain("Neues Passwort");
      expect(body).not.toContain("school@smtp");
    }
  });

  it("sends a mail the outbox gave up on again once: a second click adds nothing, audited once", async () => {
    const to = `resend-${run}@example.org`;
    const given = await mail({
      to,
      template: "visit-request-message",
      status: "failed",
      attempts: 8,
      lastError: "Greeting never received",
    });
    const listed = (
      await list(staff.headers, { q: `resend-${run}`, status: "failed" })
    ).json() as AdminMail[];
    expect(listed.map((row) => row.id)).toEqual([given.id]);

    const resend = () =>
      t.call("POST", `/api/v2/admin/mails/${given.id}/resend/`, { headers: staff.headers });
    const first = await resend();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ mail: given.id });
    // Another staff member's click, or the same one twice: nothing given up is found, nothing added.
    expect((await resend()).statusCode).toBe(404);

    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(rows).toMatchObject([{ id: given.id, status: "pending", attempts: 0, lastError: null }]);
    const shown = await t.call("GET", `/api/v2/admin/mails/${given.id}/`, { headers: staff.headers });
    expect(shown.json()).toMatchObject({ status: "pending", attempts: 0, failure: null });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "failed_mails"), eq(auditLog.recordId, given.id)));
    expect(audited).toMatchObject([{ userId: staff.id, action: "update" }]);
  });

  it("does not send a reset link again once it has expired: the family asks for a new one", async () => {
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
    const reset = (hoursAgo: number) =>
      mail({
        to: `link-${hoursAgo}-${run}@example.org`,
        template: "password-reset",
        text: resetLink,
        status: "failed",
        attempts: 8,
        createdAt: at(hoursAgo),
      });
    const [dead, alive] = [await reset(25), await reset(3)];
    const resend = (id: number) =>
      t.call("POST", `/api/v2/admin/mails/${id}/resend/`, { headers: staff.headers });
    const refused = await resend(dead.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_codes: { non_field_errors: ["mail_link_expired"] } });
    expect(refused.json().non_field_errors[0]).toContain("nur 24 Std.");
    const [still] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, dead.id));
    expect(still).toMatchObject({ status: "failed", attempts: 8 });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "failed_mails"), eq(auditLog.recordId, dead.id)));
    expect(audited).toEqual([]);
    // Within its 24 hours it goes again as D534 sends it.
    expect((await resend(alive.id)).statusCode).toBe(200);
  });

  it("names every kind of mail and every failure in words", () => {
    for (const template of MAIL_TEMPLATE_NAMES) {
      expect(enumLabel("mail_kind", template, "de")).not.toBe(template);
      expect(enumLabel("mail_kind", template, "ru")).not.toBe(template);
    }
    expect(mailFailureOf(null)).toBeNull();
    expect(mailFailureOf("getaddrinfo ENOTFOUND smtp.example.org")).toBe("unreachable");
    expect(mailFailureOf("Connection timeout")).toBe("unreachable");
    expect(mailFailureOf("Invalid login: 535 5.7.8 Error: authentication failed")).toBe("login_refused");
    expect(mailFailureOf("Can't send mail - all recipients were rejected: 550 5.1.1 No such user")).toBe(
      "address_refused",
    );
    expect(mailFailureOf("Message failed: 451 4.7.1 Greylisted, try again later")).toBe("deferred");
    expect(mailFailureOf("The PDF could not be drawn")).toBe("unclassified");
  });
});
