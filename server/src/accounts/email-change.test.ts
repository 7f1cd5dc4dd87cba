import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, contactRequests, mailOutbox, previousEmails, users } from "../db/schema/index.ts";
import { createStaff } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { EMAIL_CHANGE_REQUESTS_PER_HOUR } from "./accounts.routes.ts";
import {
  auth,
  createVerifiedUser,
  errorCodes,
  type MailBox,
  PASSWORD,
  signIn,
  signUp,
  signUpBody,
  startMailBox,
} from "./accounts-test-support.ts";

// D577: a parent moves the account to a new e-mail address; the account moves only when the new address
// opens its link in a session of that account, and the old address is told.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let mail: MailBox;

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "10000" } });
  mail = await startMailBox(ctx.database);
});

afterAll(async () => {
  await mail.close();
  await ctx.close();
});

const me = (key: string) => ctx.app.inject({ method: "GET", url: "/api/v2/users/me/", headers: auth(key) });
const askChange = (key: string | undefined, email: string, locale = "de") =>
  ctx.app.inject({
    method: "POST",
    url: `/api/v2/users/me/email/?locale=${locale}`,
    ...(key ? { headers: auth(key) } : {}),
    payload: { email },
  });
/** What the shop page of the change link does: posts its uid and email_token with the browser's session. */
const openChangeLink = (link: string, key?: string, locale = "de") => {
  const url = new URL(link);
  return ctx.app.inject({
    method: "POST",
    url: `/api/v2/users/me/email/confirm/?locale=${locale}`,
    ...(key ? { headers: auth(key) } : {}),
    payload: { uid: url.searchParams.get("uid") ?? "", token: url.searchParams.get("email_token") ?? "" },
  });
};
/** The one change link mailed to `to` since the last look. */
async function changeLinkTo(to: string): Promise<string> {
  const mails = await mail.receive(to);
  expect(mails.map((m) => m.subject)).toEqual(["Neue E-Mail-Adresse bestätigen"]);
  return mails[0]?.link ?? "";
}
/** Moves `key`'s account to `to` as the parent does: asks, and opens the mailed link in the same session. */
async function move(key: string, to: string) {
  expect((await askChange(key, to)).statusCode).toBe(202);
  const opened = await openChangeLink(await changeLinkTo(to), key);
  expect(opened.statusCode, opened.body).toBe(200);
  // The note to the old address (if it was confirmed), read here so that a later look finds only what
  // came after.
  await mail.receiveAll();
}
const contactFrom = (email: string, firstName: string) =>
  ctx.database.db
    .insert(contactRequests)
    .values({ kind: "callback", firstName, lastName: "Muster", email, phone: "+4930123456" });
const dataFile = async (key: string) => {
  const file = await ctx.app.inject({
    method: "GET",
    url: "/api/v2/users/me/data-export/",
    headers: auth(key),
  });
  expect(file.statusCode, file.body).toBe(200);
  return file.json() as {
    account: { email: string; previous_emails: { email: string; until: string }[] };
    contact_requests: { first_name: string }[];
    mails: { subject: string }[];
  };
};

describe("a new e-mail address (D577)", () => {
  it("moves the account when the new address opens its link in a session of the account; the old address is told and no longer signs in", async () => {
    const parent = await createVerifiedUser(ctx.app, mail, {
      email: "irina.alt@example.org",
      first_name: "Irina",
    });

    const asked = await askChange(parent.key, "  Irina.Neu@Example.org ");
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({
      detail:
        "Wir haben einen Bestätigungslink an die neue Adresse gesendet. Ihre E-Mail-Adresse ändert sich, sobald Sie ihn öffnen.",
      email: "irina.neu@example.org",
      valid_hours: 24,
    });
    // Nothing moves before the link is opened; only the new address gets mail.
    expect((await me(parent.key)).json().email).toBe("irina.alt@example.org");
    const mails = await mail.receiveAll();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [["irina.neu@example.org"], "Neue E-Mail-Adresse bestätigen"],
    ]);
    const link = mails[0]?.link ?? "";
    expect(link).toMatch(/^http:\/\/shop\.test\/\?uid=[^&]+&email_token=[^&]+&locale=de$/);
    expect(mails[0]?.text).toContain("Der Link gilt 24 Stunden.");

    // Opened on the phone without a session: sign in first (D540's case); nothing moves and the link stays.
    const guest = await openChangeLink(link);
    expect(guest.statusCode).toBe(400);
    expect(errorCodes(guest)).toEqual({ non_field_errors: ["email_change_sign_in"] });
    // A sign-in stored there that has ended: a 401, so the page asks to sign in again.
    const ended = await openChangeLink(link, "a-key-that-ended");
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error_codes).toEqual({ detail: "authentication_failed" });
    const phone = (await signIn(ctx.app, "irina.alt@example.org")).json().key as string;
    const opened = await openChangeLink(link, phone, "ru");
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({
      detail: "Адрес электронной почты изменён. Теперь входите с новым адресом.",
      email: "irina.neu@example.org",
    });
    // The session that asked stays signed in and reads the new address.
    expect((await me(parent.key)).json().email).toBe("irina.neu@example.org");
    expect((await signIn(ctx.app, "irina.neu@example.org")).statusCode).toBe(200);
    const old = await signIn(ctx.app, "irina.alt@example.org");
    expect(old.statusCode).toBe(400);
    expect(errorCodes(old)).toEqual({ non_field_errors: ["invalid_credentials"] });

    const told = await mail.receive("irina.alt@example.org");
    expect(told.map((m) => m.subject)).toEqual(["Ihre E-Mail-Adresse wurde geändert"]);
    expect(told[0]?.text).toContain("irina.neu@example.org");
    expect(told[0]?.text).toContain("Wenn Sie das nicht waren");

    // The link works once.
    const again = await openChangeLink(link, phone);
    expect(again.statusCode).toBe(400);
    expect(errorCodes(again)).toEqual({ token: ["invalid_token"] });
  });

  it("another person who opens a stranger's link cannot confirm their address for the stranger's account (D540's case)", async () => {
    // Someone registers with an address and password of their own and sends the account's link to another
    // person's address; that person, opening it, is neither signed in nor able to sign in to the account.
    const stranger = await createVerifiedUser(ctx.app, mail, { email: "fremd.konto@example.org" });
    const victim = await createVerifiedUser(ctx.app, mail, { email: "eigenes.konto@example.org" });
    expect((await askChange(stranger.key, "mutter.ohne.konto@example.org")).statusCode).toBe(202);
    const link = await changeLinkTo("mutter.ohne.konto@example.org");
    for (const key of [undefined, victim.key]) {
      const opened = await openChangeLink(link, key);
      expect(opened.statusCode).toBe(400);
      expect(errorCodes(opened)).toEqual({ non_field_errors: ["email_change_sign_in"] });
    }
    expect((await me(stranger.key)).json().email).toBe("fremd.konto@example.org");
    expect((await me(victim.key)).json().email).toBe("eigenes.konto@example.org");
  });

  it("bounds the change links one account asks for in an hour, whatever the addresses and client (D581)", async () => {
    const parent = await createVerifiedUser(ctx.app, mail, { email: "viele.links@example.org" });
    for (let n = 0; n < EMAIL_CHANGE_REQUESTS_PER_HOUR; n += 1)
      expect((await askChange(parent.key, `ziel-${n}@example.org`)).statusCode).toBe(202);
    await mail.receiveAll();
    const refused = await askChange(parent.key, "noch-eins@example.org");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().error_codes).toEqual({ detail: "throttled" });
    expect(await mail.receiveAll()).toEqual([]);
    // Another family is not held up by it.
    const other = await createVerifiedUser(ctx.app, mail, { email: "andere.familie@example.org" });
    expect((await askChange(other.key, "andere.neu@example.org")).statusCode).toBe(202);
    await mail.receiveAll();
  });

  it("refuses the account's own address and one another account signs in with, in the field", async () => {
    const parent = await createVerifiedUser(ctx.app, mail, { email: "boris.a@example.org" });
    const other = await createVerifiedUser(ctx.app, mail, { email: "gleb.b@example.org" });

    const same = await askChange(parent.key, "Boris.A@example.org");
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ email: ["Das ist bereits die E-Mail-Adresse Ihres Kontos."] });
    expect(errorCodes(same)).toEqual({ email: ["email_unchanged"] });

    const taken = await askChange(parent.key, other.email.toUpperCase(), "ru");
    expect(taken.statusCode).toBe(400);
    expect(errorCodes(taken)).toEqual({ email: ["email_registered"] });

    const invalid = await askChange(parent.key, "kein-at-zeichen");
    expect(invalid.statusCode).toBe(400);
    expect(errorCodes(invalid)).toEqual({ email: ["invalid_email"] });

    expect((await askChange(undefined, "fremd@example.org")).statusCode).toBe(401);
    expect(await mail.receiveAll()).toEqual([]);
    expect((await me(parent.key)).json().email).toBe("boris.a@example.org");
  });

  it("only the newest link works, and a reset link sent to the old address dies with the move", async () => {
    const parent = await createVerifiedUser(ctx.app, mail, { email: "olga.a@example.org" });
    expect((await askChange(parent.key, "olga.tippfehler@example.org")).statusCode).toBe(202);
    const mistyped = await changeLinkTo("olga.tippfehler@example.org");
    expect((await askChange(parent.key, "olga.b@example.org")).statusCode).toBe(202);
    const meant = await changeLinkTo("olga.b@example.org");

    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/users/auth/password/reset/",
      payload: { email: "olga.a@example.org" },
    });
    expect(reset.statusCode).toBe(200);
    // The reset mail is made after the reply (D204).
    let resetLink = "";
    await vi.waitFor(
      async () => {
        const [resetMail] = await mail.receive("olga.a@example.org");
        resetLink ||= resetMail?.link ?? "";
        expect(resetLink).toContain("token=");
      },
      { timeout: 10_000, interval: 100 },
    );

    const stale = await openChangeLink(mistyped, parent.key);
    expect(stale.statusCode).toBe(400);
    expect(errorCodes(stale)).toEqual({ token: ["invalid_token"] });
    expect((await openChangeLink(meant, parent.key)).statusCode).toBe(200);

    const resetUrl = new URL(resetLink);
    const confirm = await ctx.app.inject({
      method: "POST",
      url: "/auth/password/reset/confirm/",
      payload: {
        uid: resetUrl.searchParams.get("uid"),
        token: resetUrl.searchParams.get("token"),
        new_password1: "Neues-Passwort9",
        new_password2: "Neues-Passwort9",
      },
    });
    expect(confirm.statusCode).toBe(400);
    expect(errorCodes(confirm)).toEqual({ token: ["invalid_token"] });
    expect((await signIn(ctx.app, "olga.b@example.org", PASSWORD)).statusCode).toBe(200);
  });

  it("an address someone registered after the link went out: the link is refused and the account stays as it was", async () => {
    const parent = await createVerifiedUser(ctx.app, mail, { email: "wera.a@example.org" });
    expect((await askChange(parent.key, "wera.b@example.org")).statusCode).toBe(202);
    const link = await changeLinkTo("wera.b@example.org");
    expect((await signUp(ctx.app, signUpBody({ email: "wera.b@example.org" }))).statusCode).toBe(201);

    const opened = await openChangeLink(link, parent.key);
    expect(opened.statusCode).toBe(400);
    expect(errorCodes(opened)).toEqual({ email: ["email_registered"] });
    expect((await me(parent.key)).json().email).toBe("wera.a@example.org");
    const id = await idOf(parent.key);
    expect(await ctx.database.db.select().from(previousEmails).where(eq(previousEmails.userId, id))).toEqual(
      [],
    );
  });

  it("what was sent with a confirmed old address stays the family's: in its data file and in its erasure", async () => {
    const parent = await createVerifiedUser(ctx.app, mail, { email: "lidia.a@example.org" });
    await contactFrom("Lidia.A@example.org", "Lidia");
    await move(parent.key, "lidia.b@example.org");

    const file = await dataFile(parent.key);
    expect(file.contact_requests).toEqual([expect.objectContaining({ first_name: "Lidia" })]);
    // The file names the address it moved off, and when (D580): what staff see on the family's page.
    expect(file.account).toMatchObject({
      email: "lidia.b@example.org",
      previous_emails: [
        { email: "lidia.a@example.org", until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) },
      ],
    });
    // The mails to the old address are in it too: the sign-up's and the note of the move.
    expect(file.mails.map((m) => m.subject)).toContain("Ihre E-Mail-Adresse wurde geändert");

    // A link to a mistyped address, never opened: it names the parent, and goes with the family. The
    // address is another family's since (it moved there): that family's own link mail stays.
    expect((await askChange(parent.key, "lidia.tippfehler@example.org")).statusCode).toBe(202);
    await mail.receiveAll();
    const owner = await createVerifiedUser(ctx.app, mail, { email: "tippfehler.vorher@example.org" });
    await move(owner.key, "lidia.tippfehler@example.org");
    const admin = await createStaff(ctx.database.db, "admin");
    const id = await idOf(parent.key);
    const erased = await ctx.app.inject({
      method: "POST",
      url: `/api/v2/admin/people/${id}/erase/`,
      headers: admin.headers,
      payload: { confirm_email: "lidia.b@example.org" },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(
      await ctx.database.db
        .select()
        .from(contactRequests)
        .where(eq(contactRequests.email, "Lidia.A@example.org")),
    ).toEqual([]);
    expect(await ctx.database.db.select().from(previousEmails).where(eq(previousEmails.userId, id))).toEqual(
      [],
    );
    const left = await ctx.database.db
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "lidia.tippfehler@example.org"));
    expect(left).toEqual([{ template: "email-change" }]);
    expect((await me(owner.key)).json().email).toBe("lidia.tippfehler@example.org");
  });

  it("an address passed on to another family: each family's data file and erasure keep to the time it was theirs", async () => {
    const first = await createVerifiedUser(ctx.app, mail, { email: "familien.postfach@example.org" });
    await contactFrom("familien.postfach@example.org", "Erste");
    await move(first.key, "erste.neu@example.org");
    // The shared mailbox is another family's from now on.
    const second = await createVerifiedUser(ctx.app, mail, { email: "familien.postfach@example.org" });
    await contactFrom("familien.postfach@example.org", "Zweite");

    expect((await dataFile(first.key)).contact_requests.map((c) => c.first_name)).toEqual(["Erste"]);
    expect((await dataFile(second.key)).contact_requests.map((c) => c.first_name)).toEqual(["Zweite"]);
    // The mailbox is an earlier address of the first family only.
    expect((await dataFile(first.key)).account.previous_emails.map((p) => p.email)).toEqual([
      "familien.postfach@example.org",
    ]);
    expect((await dataFile(second.key)).account.previous_emails).toEqual([]);
    const secondMails = (await dataFile(second.key)).mails.map((m) => m.subject);
    expect(secondMails).not.toContain("Ihre E-Mail-Adresse wurde geändert");

    const admin = await createStaff(ctx.database.db, "admin");
    const erased = await ctx.app.inject({
      method: "POST",
      url: `/api/v2/admin/people/${await idOf(first.key)}/erase/`,
      headers: admin.headers,
      payload: { confirm_email: "erste.neu@example.org" },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await ctx.database.db
      .select({ firstName: contactRequests.firstName })
      .from(contactRequests)
      .where(eq(contactRequests.email, "familien.postfach@example.org"));
    expect(left.map((row) => row.firstName)).toEqual(["Zweite"]);
    expect((await dataFile(second.key)).mails.length).toBeGreaterThan(0);
  });

  it("an address the account never confirmed is not kept as the family's", async () => {
    // Whoever registers another person's address and then moves to their own gets nothing sent with it.
    const body = signUpBody({ email: "fremde.adresse@example.org" });
    const signedUp = await signUp(ctx.app, body);
    expect(signedUp.statusCode).toBe(201);
    const key: string = signedUp.json().key;
    await mail.receive("fremde.adresse@example.org");
    await contactFrom("fremde.adresse@example.org", "Fremd");
    expect((await askChange(key, "eigene.adresse@example.org")).statusCode).toBe(202);
    expect((await openChangeLink(await changeLinkTo("eigene.adresse@example.org"), key)).statusCode).toBe(
      200,
    );
    // Nothing goes to the address nobody confirmed: it may be another person's, who would learn the new one.
    expect(await mail.receiveAll()).toEqual([]);
    const [account] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, "eigene.adresse@example.org"));
    // The link reached the new address: it counts as confirmed.
    expect(account?.emailVerifiedAt).not.toBeNull();
    expect(
      await ctx.database.db
        .select()
        .from(previousEmails)
        .where(eq(previousEmails.userId, account?.id ?? 0)),
    ).toEqual([]);
    expect((await dataFile(key)).contact_requests).toEqual([]);
  });
});

describe("staff send a family the link to its new address (D577)", () => {
  const send = (id: number, email: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: "POST", url: `/api/v2/admin/people/${id}/email/`, headers, payload: { email } });

  it("mails the link in the family's language; the account moves only when the family opens it; audited without the address", async () => {
    const parent = await createVerifiedUser(ctx.app, mail, {
      email: "anja.alt@example.org",
      first_name: "Anja",
    });
    const id = await idOf(parent.key);
    await ctx.database.db.update(users).set({ locale: "ru" }).where(eq(users.id, id));
    const staff = await createStaff(ctx.database.db);

    expect((await send(id, "anja.neu@example.org", auth(parent.key))).statusCode).toBe(403);
    const sent = await send(id, "Anja.Neu@example.org", staff.headers);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({
      detail:
        "Der Link wurde an die neue Adresse gesendet. Die Adresse des Kontos ändert sich, sobald die Familie ihn öffnet.",
      email: "anja.neu@example.org",
      valid_hours: 24,
    });
    const [linkMail] = await mail.receive("anja.neu@example.org");
    expect(linkMail?.subject).toBe("Подтвердите новый адрес электронной почты");
    expect((await me(parent.key)).json().email).toBe("anja.alt@example.org");
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "people"), eq(auditLog.recordId, id)));
    expect(entry).toMatchObject({ userId: staff.id, action: "update", after: { email_link_sent: true } });
    expect(JSON.stringify(entry)).not.toContain("anja.neu");

    // The family opens it signed in, still with the old address and its password.
    const family = (await signIn(ctx.app, "anja.alt@example.org")).json().key as string;
    expect((await openChangeLink(linkMail?.link ?? "", family)).statusCode).toBe(200);
    expect((await me(parent.key)).json().email).toBe("anja.neu@example.org");

    // When the family calls from its old address, staff find it by that too, and its page says why (D580).
    const find = async (q: string) => {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/v2/admin/people/?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
        headers: staff.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number; email: string }[]).map((person) => [person.id, person.email]);
    };
    expect(await find("Anja.Alt@example")).toEqual([[id, "anja.neu@example.org"]]);
    expect(await find("anja.neu@example.org")).toEqual([[id, "anja.neu@example.org"]]);
    // Not by a name's words: the old address is searched only for an address typed.
    expect(await find("anja.alt")).toEqual([]);
    const page = await ctx.app.inject({
      method: "GET",
      url: `/api/v2/admin/people/${id}/`,
      headers: staff.headers,
    });
    expect(page.json().previous_emails).toEqual([
      { email: "anja.alt@example.org", until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    ]);
  });

  it("not for a staff account, which changes its own address in the shop; nor an address another account has", async () => {
    const staff = await createStaff(ctx.database.db);
    const colleague = await createStaff(ctx.database.db);
    const refused = await send(colleague.id, "kollegin.neu@example.org", staff.headers);
    expect(refused.statusCode).toBe(400);
    expect(errorCodes(refused)).toEqual({ non_field_errors: ["correct_staff_account"] });
    const family = await createVerifiedUser(ctx.app, mail, { email: "familie.x@example.org" });
    const other = await createVerifiedUser(ctx.app, mail, { email: "familie.y@example.org" });
    const taken = await send(await idOf(family.key), other.email, staff.headers);
    expect(taken.statusCode).toBe(400);
    expect(errorCodes(taken)).toEqual({ email: ["email_registered"] });
    expect((await send(999_999, "niemand@example.org", staff.headers)).statusCode).toBe(404);
  });
});

async function idOf(key: string): Promise<number> {
  return (await me(key)).json().id;
}
