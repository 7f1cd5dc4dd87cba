import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTokens, users, userTokens } from "../db/schema/users.ts";
import { requireStaff } from "../plugins/auth.ts";
import { createTestApp } from "../test/test-app.ts";
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
  uniquePhone,
  verifyByLink,
} from "./accounts-test-support.ts";
import { issueAuthToken } from "./auth-tokens.service.ts";
import { sha256 } from "./secrets.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let mail: MailBox;

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "10000" } });
  // A staff-only route, as later staff areas will declare it.
  ctx.app.get("/api/v2/test-staff-only/", { preHandler: requireStaff }, async () => ({ ok: true }));
  mail = await startMailBox(ctx.database);
});

afterAll(async () => {
  await mail.close();
  await ctx.close();
});

const me = (key: string) => ctx.app.inject({ method: "GET", url: "/api/v2/users/me/", headers: auth(key) });

describe("sign-up, verification mail, sign-in (spec §4, §7)", () => {
  it("registers and signs this browser in; the mail's link leads to the shop, verifies once and signs in (D166, D167)", async () => {
    const body = signUpBody({ email: "Lena.Weber@Example.org", first_name: "  Lena ", last_name: "Weber" });
    const res = await signUp(ctx.app, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      detail: "Wir haben Ihnen eine E-Mail zur Bestätigung Ihrer Adresse gesendet.",
      // Addresses are kept in their normalised form.
      email: "lena.weber@example.org",
      key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    // The sign-up's key works at once, before the address is verified (D166).
    const signUpKey: string = res.json().key;
    expect((await me(signUpKey)).json()).toMatchObject({
      email: "lena.weber@example.org",
      first_name: "Lena",
    });

    // Signing in with the password elsewhere waits for the verification (D16).
    const early = await signIn(ctx.app, "lena.weber@example.org");
    expect(early.statusCode).toBe(400);
    expect(errorCodes(early)).toEqual({ non_field_errors: ["email_not_verified"] });

    const [verification] = await mail.receive("Lena.Weber@Example.org");
    expect(verification?.subject).toBe("Bitte bestätigen Sie Ihre E-Mail-Adresse");
    expect(verification?.text).toContain("Hallo Lena");
    const link = new URL(verification?.link ?? "");
    // Without `next` the link leads to the shop's home page, with the one-time values for the page to post.
    expect(`${link.origin}${link.pathname}`).toBe("http://shop.test/");
    expect(link.searchParams.get("locale")).toBe("de");
    expect(link.searchParams.get("uid")).toBeTruthy();
    expect(link.searchParams.get("verify_token")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Opened in another browser (the phone's mail app), the link asks for the sign-up's password (D540);
    // neither a missing nor a wrong one uses the link up.
    const asked = await verifyByLink(ctx.app, link.href);
    expect(asked.statusCode).toBe(400);
    expect(errorCodes(asked)).toEqual({ password: ["verify_password_required"] });
    const wrong = await verifyByLink(ctx.app, link.href, { password: "Anderes-Passwort9" });
    expect(errorCodes(wrong)).toEqual({ password: ["verify_password_wrong"] });
    const opened = await verifyByLink(ctx.app, link.href, { password: PASSWORD });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ key: expect.any(String), email: "lena.weber@example.org" });
    const { key } = opened.json();
    // The link proved the mailbox: sessions opened before it (the sign-up's) are ended; the link's is new.
    expect((await me(signUpKey)).statusCode).toBe(401);
    // Single use: the same link a second time is refused at its token, and signs nobody in.
    const again = await verifyByLink(ctx.app, link.href, { password: PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(errorCodes(again)).toEqual({ token: ["invalid_token"] });

    const signedIn = await signIn(ctx.app, "LENA.WEBER@example.org");
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().key).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const profile = await me(key);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      pk: expect.any(Number),
      id: profile.json().pk,
      email: "lena.weber@example.org",
      first_name: "Lena",
      last_name: "Weber",
      phone_number: body.phone_number,
      company_name: "",
      city: "",
      country: "",
      state: "",
      street: "",
      post_code: "",
    });
  });

  it("leads the link back to the page the parent registered on, and only to a page of the shop (D167)", async () => {
    const res = await signUp(
      ctx.app,
      signUpBody({ email: "back@example.org", next: "/cart?step=checkout" }),
      "ru",
    );
    expect(res.statusCode).toBe(201);
    const [verification] = await mail.receive("back@example.org");
    const link = new URL(verification?.link ?? "");
    expect(`${link.origin}${link.pathname}`).toBe("http://shop.test/cart");
    expect(link.searchParams.get("step")).toBe("checkout");
    expect(link.searchParams.get("locale")).toBe("ru");

    for (const next of [
      "//evil.example/cart",
      "https://evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "cart",
      "/api/v2/users/me/",
      "/cart\nLocation: x",
      `/${"a".repeat(300)}`,
    ]) {
      const refused = await signUp(ctx.app, signUpBody({ email: "evil@example.org", next }));
      expect(refused.statusCode, next).toBe(400);
      expect(errorCodes(refused), next).toEqual({ next: ["invalid_return_path"] });
    }
    // Nothing was created for the refused sign-ups: the address is still free.
    expect(await mail.receive("evil@example.org")).toEqual([]);
    expect((await signUp(ctx.app, signUpBody({ email: "evil@example.org" }))).statusCode).toBe(201);
  });

  it("writes the verification mail in the request's locale; the old server link still verifies", async () => {
    const body = signUpBody({ email: "olga@example.org", first_name: "Ольга" });
    expect((await signUp(ctx.app, body, "ru")).json().detail).toBe(
      "Мы отправили вам письмо для подтверждения адреса.",
    );
    const [verification] = await mail.receive("olga@example.org");
    expect(verification?.subject).toBe("Подтвердите адрес электронной почты");
    // A link mailed before D167 pointed at the server, which verifies and redirects.
    const link = new URL(verification?.link ?? "");
    const old = `/api/v2/users/verify_email/?uid=${link.searchParams.get("uid")}&token=${link.searchParams.get("verify_token")}`;
    const opened = await ctx.app.inject(old);
    expect(opened.headers.location).toBe("http://shop.test/?email=confirmed&locale=ru");
  });

  it("refuses a forged, malformed or expired verification link", async () => {
    for (const query of ["", "?uid=zz&token=nope", "?uid=1&token=", "?uid=%25%25&token=x"]) {
      const res = await ctx.app.inject(`/api/v2/users/verify_email/${query}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/^http:\/\/shop\.test\/\?email=invalid&locale=de$/);
    }
    for (const payload of [{ uid: "zz", token: "nope" }, { uid: "%%", token: "x" }, { uid: "1" }, {}]) {
      const res = await ctx.app.inject({ method: "POST", url: "/api/v2/users/verify_email/", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error_codes.token?.[0] ?? res.json().error_codes.uid?.[0]).toMatch(
        /invalid_token|required/,
      );
    }
    await signUp(ctx.app, signUpBody({ email: "late@example.org" }));
    const [verification] = await mail.receive("late@example.org");
    await ctx.database.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await verifyByLink(ctx.app, verification?.link ?? "")).statusCode).toBe(400);
    expect(errorCodes(await signIn(ctx.app, "late@example.org"))).toEqual({
      non_field_errors: ["email_not_verified"],
    });
  });

  it("stores the key only as a SHA-256 hash and the password as argon2id", async () => {
    const { key, email } = await createVerifiedUser(ctx.app, mail, { email: "hash@example.org" });
    const [token] = await ctx.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, sha256(key)));
    expect(token).toBeDefined();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash?.startsWith("$argon2id$")).toBe(true);
    // last_used_at is written on use, at most once a minute.
    await me(key);
    const [used] = await ctx.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.id, token?.id ?? 0));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
    await me(key);
    const [again] = await ctx.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.id, token?.id ?? 0));
    expect(again?.lastUsedAt?.getTime()).toBe(used?.lastUsedAt?.getTime());
  });
});

describe("sign-in errors (spec §8)", () => {
  it("answers a wrong password and an unknown e-mail alike: non_field_errors invalid_credentials", async () => {
    const { email } = await createVerifiedUser(ctx.app, mail, { email: "wrong@example.org" });
    for (const res of [
      await signIn(ctx.app, email, "Falsch-Passwort1"),
      await signIn(ctx.app, "nobody@example.org"),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        non_field_errors: ["Anmeldung mit diesen Zugangsdaten nicht möglich."],
        error_codes: { non_field_errors: ["invalid_credentials"] },
      });
    }
    const ru = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/users/sign_in/?locale=ru",
      payload: { email, password: "Falsch-Passwort1" },
    });
    expect(ru.json().non_field_errors).toEqual(["Невозможно войти с предоставленными учётными данными."]);
  });

  it("applies no password rules at sign-in: a wrong password of any shape is wrong credentials, in de and ru (D232)", async () => {
    const res = await signIn(ctx.app, "not-an-email", "abc");
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res)).toEqual({ email: ["invalid_email"] });
    const { email } = await createVerifiedUser(ctx.app, mail, {
      email: "nospecial@example.org",
      password1: "Abcdefg1!",
      password2: "Abcdefg1!",
    });
    for (const wrong of ["abc", "alles klein", "OHNE ZIFFER", "Abcdefg12"])
      expect(errorCodes(await signIn(ctx.app, email, wrong)), wrong).toEqual({
        non_field_errors: ["invalid_credentials"],
      });
    const ru = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/users/sign_in/?locale=ru",
      payload: { email, password: "abc" },
    });
    expect(ru.json().non_field_errors).toEqual(["Невозможно войти с предоставленными учётными данными."]);
    expect(errorCodes(await signIn(ctx.app, email, ""))).toEqual({ password: ["required"] });
    expect(errorCodes(await signIn(ctx.app, email, "A".repeat(65)))).toEqual({
      password: ["password_too_long"],
    });
    expect((await signIn(ctx.app, email, "Abcdefg1!")).statusCode).toBe(200);
  });
});

describe("sign-up validation (spec §5) and conflicts (spec §8)", () => {
  const rejects = async (overrides: Record<string, unknown>, expected: Record<string, string[]>) => {
    const res = await signUp(ctx.app, signUpBody({ email: "rules@example.org", ...overrides }));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorCodes(res)).toEqual(expected);
  };

  it("names: 1 to 64 characters after trimming", async () => {
    await rejects({ first_name: "   " }, { first_name: ["required"] });
    await rejects({ last_name: "x".repeat(65) }, { last_name: ["too_long"] });
    await rejects({ first_name: undefined }, { first_name: ["required"] });
    const ok = await signUp(
      ctx.app,
      signUpBody({ email: "long@example.org", first_name: ` ${"x".repeat(64)} ` }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it("e-mail: a basic address pattern", async () => {
    for (const email of ["anna", "anna@", "anna@example", "an na@example.org"])
      await rejects({ email }, { email: ["invalid_email"] });
  });

  it("phone: a leading plus and the +1, +49, +44 or international pattern", async () => {
    for (const phone_number of ["4915112345678", "+4901234567", "+11025550143", "+44791112", "+7916", "+"])
      await rejects({ phone_number }, { phone_number: ["invalid_phone"] });
    await rejects({ phone_number: `+${"1".repeat(25)}` }, { phone_number: ["too_long", "invalid_phone"] });
  });

  it("password: 8 to 64 with upper, lower, digit and special character; each unmet rule is reported", async () => {
    const cases: [string, string[]][] = [
      ["Ab1!", ["password_min_length"]],
      ["abcdefg1!", ["password_uppercase"]],
      ["ABCDEFG1!", ["password_lowercase"]],
      ["Abcdefgh!", ["password_digit"]],
      ["Abcdefgh1", ["password_special"]],
      [`Aa1!${"x".repeat(61)}`, ["password_too_long"]],
    ];
    for (const [password, codes] of cases)
      await rejects({ password1: password, password2: password }, { password1: codes });
  });

  it("repeat password must equal the password: non_field_errors password_mismatch (as Django), also beside other errors", async () => {
    await rejects({ password2: "Sicher-Passwort2" }, { non_field_errors: ["password_mismatch"] });
    await rejects(
      { password1: "short", password2: "other" },
      {
        password1: ["password_min_length", "password_uppercase", "password_digit", "password_special"],
        non_field_errors: ["password_mismatch"],
      },
    );
    // Django's text in every locale: the school's client matches it (decision D40).
    const res = await signUp(ctx.app, signUpBody({ password2: "x" }), "ru");
    expect(res.json().non_field_errors).toEqual(["The two password fields didn't match."]);
  });

  it("an e-mail already registered (in any case): email email_registered", async () => {
    const { email } = await createVerifiedUser(ctx.app, mail, { email: "taken@example.org" });
    const res = await signUp(ctx.app, signUpBody({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ["A user is already registered with this e-mail address."],
      error_codes: { email: ["email_registered"] },
    });
  });

  it("a phone already used: phone_number phone_unique; both taken: also username exists", async () => {
    const { email, phone } = await createVerifiedUser(ctx.app, mail, { email: "both@example.org" });
    const phoneOnly = await signUp(ctx.app, signUpBody({ email: "other@example.org", phone_number: phone }));
    expect(phoneOnly.statusCode).toBe(400);
    expect(errorCodes(phoneOnly)).toEqual({ phone_number: ["phone_unique"] });
    const both = await signUp(ctx.app, signUpBody({ email, phone_number: phone }));
    expect(errorCodes(both)).toEqual({
      email: ["email_registered"],
      phone_number: ["phone_unique"],
      username: ["exists"],
    });
    // Nothing was created and no mail was sent for the refused sign-ups.
    expect(await mail.receive("other@example.org")).toEqual([]);
  });
});

describe("an address someone else registered (D540)", () => {
  it("the owner who opens the link cannot take over the stranger's password; the reset ends it", async () => {
    // A stranger registers the parent's address with a password of their own; the sign-up signs them in.
    const stranger = await signUp(
      ctx.app,
      signUpBody({
        email: "owner@example.org",
        password1: "Fremdes-Passwort7",
        password2: "Fremdes-Passwort7",
      }),
    );
    expect(stranger.statusCode, stranger.body).toBe(201);
    const [verification] = await mail.receive("owner@example.org");
    // The owner opens the mail's link: without the stranger's password it verifies nothing.
    const opened = await verifyByLink(ctx.app, verification?.link ?? "");
    expect(errorCodes(opened)).toEqual({ password: ["verify_password_required"] });
    expect(errorCodes(await signIn(ctx.app, "owner@example.org", "Fremdes-Passwort7"))).toEqual({
      non_field_errors: ["email_not_verified"],
    });
    // "Passwort vergessen?": the reset proves the mailbox, sets the owner's password and ends the stranger's.
    await ctx.app.inject({
      method: "POST",
      url: "/api/v2/users/auth/password/reset/",
      payload: { email: "owner@example.org" },
    });
    await ctx.app.deferredWork.idle();
    const [reset] = await mail.receive("owner@example.org");
    const resetLink = new URL(reset?.link ?? "");
    const confirmed = await ctx.app.inject({
      method: "POST",
      url: "/auth/password/reset/confirm/",
      payload: {
        uid: resetLink.searchParams.get("uid"),
        token: resetLink.searchParams.get("token"),
        new_password1: "Eigenes-Passwort3",
        new_password2: "Eigenes-Passwort3",
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await me(stranger.json().key)).statusCode).toBe(401);
    expect((await signIn(ctx.app, "owner@example.org", "Fremdes-Passwort7")).statusCode).toBe(400);
    expect((await signIn(ctx.app, "owner@example.org", "Eigenes-Passwort3")).statusCode).toBe(200);
  });

  it("the registering browser's own session verifies without the password", async () => {
    const res = await signUp(ctx.app, signUpBody({ email: "same-browser@example.org" }));
    const [verification] = await mail.receive("same-browser@example.org");
    const opened = await verifyByLink(ctx.app, verification?.link ?? "", { key: res.json().key });
    expect(opened.statusCode, opened.body).toBe(200);
  });
});

describe("resend verification (spec §8)", () => {
  it("mails a new link to an unverified account with the spec's success message", async () => {
    await signUp(ctx.app, signUpBody({ email: "resend@example.org" }));
    await mail.receive("resend@example.org");
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/users/resend_verification/",
      payload: { email: "RESEND@example.org" },
    });
    await ctx.app.deferredWork.idle();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: "Bestätigungs-E-Mail wurde erfolgreich erneut gesendet." });
    const [again] = await mail.receive("resend@example.org");
    expect((await verifyByLink(ctx.app, again?.link ?? "", { password: PASSWORD })).statusCode).toBe(200);
    expect((await signIn(ctx.app, "resend@example.org")).statusCode).toBe(200);
  });

  it("gives the same reply for unknown and already verified e-mails, and sends nothing", async () => {
    const { email } = await createVerifiedUser(ctx.app, mail, { email: "verified-resend@example.org" });
    for (const address of [email, "ghost@example.org"]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v2/users/resend_verification/?locale=ru",
        payload: { email: address },
      });
      await ctx.app.deferredWork.idle();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: "Письмо с подтверждением успешно отправлено повторно." });
      expect(await mail.receive(address)).toEqual([]);
    }
  });
});

describe("password reset", () => {
  /** Asks for a reset link and waits for the lookup and mail that run after the reply. */
  const requestReset = async (email: string, locale = "de") => {
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/v2/users/auth/password/reset/?locale=${locale}`,
      payload: { email },
    });
    await ctx.app.deferredWork.idle();
    return res;
  };
  const confirm = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: "POST", url: "/auth/password/reset/confirm/", payload });
  const NEW = "Neues-Passwort2";

  it("mails a shop link with uid and token; confirming sets the password once and signs out everywhere", async () => {
    const { email, key } = await createVerifiedUser(ctx.app, mail, { email: "reset@example.org" });
    const res = await requestReset(email);
    expect(res.statusCode).toBe(200);
    const [resetMail] = await mail.receive(email);
    expect(resetMail?.subject).toBe("Passwort zurücksetzen");
    const link = new URL(resetMail?.link ?? "");
    expect(`${link.origin}${link.pathname}`).toBe("http://shop.test/");
    expect(link.searchParams.get("locale")).toBe("de");
    const uid = link.searchParams.get("uid") ?? "";
    const token = link.searchParams.get("token") ?? "";
    expect(uid).toMatch(/^[0-9a-z]+$/);

    const mismatch = await confirm({ uid, token, new_password1: NEW, new_password2: "Neues-Passwort3" });
    expect(errorCodes(mismatch)).toEqual({ new_password2: ["password_mismatch"] });
    expect(errorCodes(await confirm({ uid, token, new_password1: "neu", new_password2: "neu" }))).toEqual({
      new_password1: ["password_min_length", "password_uppercase", "password_digit"],
    });

    const done = await confirm({ uid, token, new_password1: NEW, new_password2: NEW });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: "Ihr Passwort wurde zurückgesetzt." });

    expect(errorCodes(await signIn(ctx.app, email, PASSWORD))).toEqual({
      non_field_errors: ["invalid_credentials"],
    });
    expect((await signIn(ctx.app, email, NEW)).statusCode).toBe(200);
    expect((await me(key)).statusCode).toBe(401);

    const reused = await confirm({
      uid,
      token,
      new_password1: "Drittes-Passwort3",
      new_password2: "Drittes-Passwort3",
    });
    expect(reused.statusCode).toBe(400);
    expect(errorCodes(reused)).toEqual({ token: ["invalid_token"] });
  });

  it("accepts Django's base64url uid as well", async () => {
    const { email } = await createVerifiedUser(ctx.app, mail, { email: "b64@example.org" });
    await requestReset(email);
    const link = new URL((await mail.receive(email))[0]?.link ?? "");
    const id = Number.parseInt(link.searchParams.get("uid") ?? "", 36);
    const uid = Buffer.from(String(id)).toString("base64url");
    const res = await confirm({
      uid,
      token: link.searchParams.get("token"),
      new_password1: NEW,
      new_password2: NEW,
    });
    expect(res.statusCode).toBe(200);
  });

  it("refuses an expired token, a token of another user and a made-up one", async () => {
    const { email } = await createVerifiedUser(ctx.app, mail, { email: "expired@example.org" });
    const other = await createVerifiedUser(ctx.app, mail, { email: "other-reset@example.org" });
    await requestReset(email, "ru");
    const [resetMail] = await mail.receive(email);
    expect(resetMail?.subject).toBe("Восстановление пароля");
    const link = new URL(resetMail?.link ?? "");
    const token = link.searchParams.get("token");
    const otherUid = (
      await ctx.database.db.select().from(users).where(eq(users.email, other.email))
    )[0]?.id.toString(36);

    const body = { new_password1: NEW, new_password2: NEW };
    expect(errorCodes(await confirm({ ...body, uid: otherUid, token }))).toEqual({
      token: ["invalid_token"],
    });
    expect(
      errorCodes(await confirm({ ...body, uid: link.searchParams.get("uid"), token: "made-up" })),
    ).toEqual({
      token: ["invalid_token"],
    });
    await ctx.database.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(userTokens.purpose, "password_reset"));
    expect(errorCodes(await confirm({ ...body, uid: link.searchParams.get("uid"), token }))).toEqual({
      token: ["invalid_token"],
    });
    expect((await signIn(ctx.app, email)).statusCode).toBe(200);
  });

  it("gives the same reply for an unknown e-mail and sends nothing", async () => {
    const { email } = await createVerifiedUser(ctx.app, mail, { email: "known-reset@example.org" });
    const known = await requestReset(email);
    const unknown = await requestReset("unknown-reset@example.org");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await mail.receive("unknown-reset@example.org")).toEqual([]);
  });
});

describe("password change", () => {
  const change = (key: string | undefined, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/v2/users/auth/password/change/",
      payload,
      headers: key ? auth(key) : {},
    });

  it("needs a token, sets the new password, keeps this session and ends the others", async () => {
    const NEW = "Anderes-Passwort5";
    expect((await change(undefined, { new_password1: NEW, new_password2: NEW })).statusCode).toBe(401);
    const { email, key } = await createVerifiedUser(ctx.app, mail, { email: "change@example.org" });
    const second = (await signIn(ctx.app, email)).json().key;

    expect(errorCodes(await change(key, { new_password1: NEW, new_password2: "Anderes-Passwort6" }))).toEqual(
      {
        new_password2: ["password_mismatch"],
      },
    );
    const res = await change(key, { new_password1: NEW, new_password2: NEW });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: "Ihr neues Passwort wurde gespeichert." });
    expect((await me(key)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await signIn(ctx.app, email, PASSWORD)).statusCode).toBe(400);
    expect((await signIn(ctx.app, email, NEW)).statusCode).toBe(200);
  });
});

describe("profile", () => {
  const patch = (key: string, payload: Record<string, unknown>, locale = "de") =>
    ctx.app.inject({
      method: "PATCH",
      url: `/api/v2/users/add_profile_info/?locale=${locale}`,
      payload,
      headers: auth(key),
    });

  it("changes any subset of the fields and leaves the others", async () => {
    const { key, email, phone } = await createVerifiedUser(ctx.app, mail, { email: "profile@example.org" });
    const res = await patch(key, { city: " Berlin ", post_code: "10115", street: "Kastanienallee 1" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email,
      first_name: "Anna",
      phone_number: phone,
      city: "Berlin",
      post_code: "10115",
      street: "Kastanienallee 1",
      country: "",
    });
    const second = await patch(key, {
      first_name: "Anja",
      company_name: "Atelier GmbH",
      state: "BE",
      country: "DE",
    });
    expect(second.json()).toMatchObject({ first_name: "Anja", city: "Berlin", company_name: "Atelier GmbH" });
    expect((await me(key)).json()).toEqual(second.json());
  });

  it("takes a post code that fits the country, checked against the stored one, and refuses others unwritten (D605)", async () => {
    const { key } = await createVerifiedUser(ctx.app, mail, { email: "postcode@example.org" });
    const german = await patch(key, { post_code: "ABCDE", city: "Berlin" });
    expect(german.statusCode).toBe(400);
    expect(german.json().error_codes).toEqual({ post_code: ["post_code_german"] });
    expect(german.json().post_code[0]).toContain("fünf Ziffern");
    const ru = await patch(key, { post_code: "1043" }, "ru");
    expect(ru.json().post_code[0]).toContain("пяти цифр");
    // Nothing of the refused change is written, not even its city.
    expect((await me(key)).json()).toMatchObject({ post_code: "", city: "" });
    // Abroad: the country first, then the post code alone, checked against the stored country.
    expect((await patch(key, { country: "Österreich" })).statusCode).toBe(200);
    expect((await patch(key, { post_code: "1010" })).json()).toMatchObject({
      post_code: "1010",
      country: "Österreich",
    });
    // Back to Germany with the Austrian post code: refused at the post code.
    const back = await patch(key, { country: "Deutschland" });
    expect(back.json().error_codes).toEqual({ post_code: ["post_code_german"] });
    expect((await patch(key, { post_code: "10/10" })).json().error_codes).toEqual({
      post_code: ["post_code_invalid"],
    });
    // An older post code sent back as it was read, beside a new name, is no change of it: saved (the existing
    // client sends the whole user back).
    await ctx.database.db
      .update(users)
      .set({ postCode: "ABCDE", country: "" })
      .where(eq(users.email, "postcode@example.org"));
    const renamed = await patch(key, { first_name: "Anja", post_code: "ABCDE", country: "" });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("accepts the whole user object back, but never changes e-mail, pk or id", async () => {
    const { key, email } = await createVerifiedUser(ctx.app, mail, { email: "readonly@example.org" });
    const user = (await me(key)).json();
    const same = await patch(key, {
      ...user,
      email: email.toUpperCase(),
      pk: 999_999,
      id: 999_999,
      city: "Potsdam",
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ ...user, city: "Potsdam" });
    const changed = await patch(key, { email: "new-address@example.org" });
    expect(changed.statusCode).toBe(400);
    expect(errorCodes(changed)).toEqual({ email: ["email_readonly"] });
    expect((await me(key)).json().email).toBe(email);
  });

  it("validates like sign-up: names, phone, text length 64, phone unique", async () => {
    const { key } = await createVerifiedUser(ctx.app, mail, { email: "profile-rules@example.org" });
    const other = await createVerifiedUser(ctx.app, mail, { email: "profile-other@example.org" });
    expect(errorCodes(await patch(key, { first_name: "  " }))).toEqual({ first_name: ["required"] });
    expect(errorCodes(await patch(key, { city: "x".repeat(65) }))).toEqual({ city: ["too_long"] });
    expect(errorCodes(await patch(key, { phone_number: "0301234567" }))).toEqual({
      phone_number: ["invalid_phone"],
    });
    const taken = await patch(key, { phone_number: other.phone }, "ru");
    expect(taken.json()).toEqual({
      phone_number: ["Этот номер телефона уже используется."],
      error_codes: { phone_number: ["phone_unique"] },
    });
    const phone = uniquePhone();
    expect((await patch(key, { phone_number: phone })).json().phone_number).toBe(phone);
    // An empty phone clears it back to the initial "+".
    expect((await patch(key, { phone_number: "" })).json().phone_number).toBe("+");
  });
});

describe("e-mail addresses are normalised once (trim, NFC, locale-independent lower case)", () => {
  it("an address with İ signs up, verifies and signs in; its lower-case twin cannot register again", async () => {
    // NFD input ("e" + combining acute) must meet its NFC twin too.
    const typed = "  İlse.Ce\u0301line@Example.org ";
    const { email } = await createVerifiedUser(ctx.app, mail, { email: typed });
    expect(email).toBe(typed);
    for (const address of ["İlse.Céline@example.org", "i\u0307lse.céline@EXAMPLE.org", typed]) {
      expect((await signIn(ctx.app, address)).statusCode, address).toBe(200);
    }
    const twin = await signUp(ctx.app, signUpBody({ email: "i\u0307lse.céline@example.org" }));
    expect(twin.statusCode).toBe(400);
    expect(errorCodes(twin).email).toEqual(["email_registered"]);
    const [row] = await ctx.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.email, "i\u0307lse.céline@example.org"));
    expect(row?.email).toBe("i\u0307lse.céline@example.org");
  });
});

describe("token auth", () => {
  it("logout revokes the token: 204, then 401 invalid token", async () => {
    const { key } = await createVerifiedUser(ctx.app, mail, { email: "logout@example.org" });
    const res = await ctx.app.inject({ method: "POST", url: "/api/v2/users/logout/", headers: auth(key) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    const after = await me(key);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      detail: "Ihre Anmeldung ist nicht mehr gültig. Bitte melden Sie sich erneut an.",
      error_codes: { detail: "authentication_failed" },
    });
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/v2/users/logout/", headers: auth(key) })).statusCode,
    ).toBe(401);
  });

  it("logout accepts a JSON content type with an empty body (the school's client sends one)", async () => {
    const { key } = await createVerifiedUser(ctx.app, mail, { email: "logout-json@example.org" });
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/users/logout/",
      headers: { ...auth(key), "content-type": "application/json" },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(key)).statusCode).toBe(401);
    // A route that needs a body still refuses an empty one, with a validation error.
    const empty = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/users/sign_in/",
      headers: { "content-type": "application/json" },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error_codes.non_field_errors).toEqual(["invalid_type"]);
  });

  it("answers 401 without a token, with a made-up one, and with another scheme, telling a missing token from an invalid one as Django REST does", async () => {
    for (const [headers, code] of [
      [{}, "not_authenticated"],
      [{ authorization: "Bearer abc" }, "not_authenticated"],
      [auth("made-up"), "authentication_failed"],
      [{ authorization: "token made-up" }, "authentication_failed"],
      [{ authorization: "Token" }, "authentication_failed"],
      [{ authorization: "Token two words" }, "authentication_failed"],
    ] as const) {
      const res = await ctx.app.inject({ method: "GET", url: "/api/v2/users/me/", headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().error_codes, JSON.stringify(headers)).toEqual({ detail: code });
      // As Django REST's TokenAuthentication: the 401 names the scheme the client is to sign in with.
      expect(res.headers["www-authenticate"], JSON.stringify(headers)).toBe("Token");
    }
    const russian = await ctx.app.inject({
      method: "GET",
      url: "/api/v2/users/me/?locale=ru",
      headers: auth("x"),
    });
    expect(russian.json()).toEqual({
      detail: "Ваш вход больше не действителен. Пожалуйста, войдите снова.",
      error_codes: { detail: "authentication_failed" },
    });
    const missing = await ctx.app.inject({ method: "GET", url: "/api/v2/users/me/?locale=ru" });
    expect(missing.json().detail).toBe("Учётные данные не были предоставлены.");
  });

  it("a stale token does not break public calls", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/v2/users/auth/sso/config/",
      headers: auth("stale"),
    });
    expect(res.statusCode).toBe(200);
  });

  it("a token expires after AUTH_TOKEN_TTL_DAYS", async () => {
    const { key } = await createVerifiedUser(ctx.app, mail, { email: "old-token@example.org" });
    await ctx.database.db
      .update(authTokens)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(eq(authTokens.keyHash, sha256(key)));
    expect((await me(key)).statusCode).toBe(401);
  });

  it("one user's token only ever reads and changes that user's data", async () => {
    const anna = await createVerifiedUser(ctx.app, mail, {
      email: "anna-iso@example.org",
      first_name: "Anna",
    });
    const boris = await createVerifiedUser(ctx.app, mail, {
      email: "boris-iso@example.org",
      first_name: "Boris",
    });
    const borisId = (await me(boris.key)).json().pk;
    expect((await me(anna.key)).json()).toMatchObject({ email: anna.email, first_name: "Anna" });
    const res = await ctx.app.inject({
      method: "PATCH",
      url: "/api/v2/users/add_profile_info/",
      headers: auth(anna.key),
      payload: { pk: borisId, id: borisId, first_name: "Eve" },
    });
    expect(res.json()).toMatchObject({ email: anna.email, first_name: "Eve" });
    expect((await me(boris.key)).json()).toMatchObject({ email: boris.email, first_name: "Boris" });
  });

  it("keys asked for at once share a statement (D432), and each request is its own user; a revoked or made-up key is refused", async () => {
    const anna = await createVerifiedUser(ctx.app, mail, { email: "anna-batch@example.org" });
    const boris = await createVerifiedUser(ctx.app, mail, { email: "boris-batch@example.org" });
    const gone = await createVerifiedUser(ctx.app, mail, { email: "gone-batch@example.org" });
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/v2/users/logout/", headers: auth(gone.key) }))
        .statusCode,
    ).toBe(204);
    const keys = [anna.key, boris.key, gone.key, "made-up", anna.key, boris.key];
    const answers = await Promise.all(keys.map((key) => me(key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 401, 200, 200]);
    expect([0, 1, 4, 5].map((index) => answers[index]?.json().email)).toEqual([
      anna.email,
      boris.email,
      anna.email,
      boris.email,
    ]);
  });

  it("requireStaff: 401 for guests, 403 for customers, passes staff", async () => {
    const url = "/api/v2/test-staff-only/";
    expect((await ctx.app.inject(url)).statusCode).toBe(401);
    const { key } = await createVerifiedUser(ctx.app, mail, { email: "customer-staff@example.org" });
    const customer = await ctx.app.inject({ url, headers: auth(key) });
    expect(customer.statusCode).toBe(403);
    expect(errorCodes(customer)).toEqual({ detail: "permission_denied" });
    const [staff] = await ctx.database.db
      .insert(users)
      .values({ email: "staff-member@example.org", role: "staff", emailVerifiedAt: new Date() })
      .returning();
    const staffKey = await issueAuthToken(ctx.database.db, staff?.id ?? 0);
    expect((await ctx.app.inject({ url, headers: auth(staffKey) })).json()).toEqual({ ok: true });
  });
});
