import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socialAccounts, users } from "../db/schema/users.ts";
import { startOAuthProvider, type TestOAuthProvider } from "../test/oauth-provider.ts";
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
} from "./accounts-test-support.ts";

let google: TestOAuthProvider;
let facebook: TestOAuthProvider;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let mail: MailBox;

beforeAll(async () => {
  google = await startOAuthProvider({
    clientId: "google-client",
    clientSecret: "google-secret",
    redirectUri: "http://shop.test/?sso_provider=google",
  });
  facebook = await startOAuthProvider({
    clientId: "facebook-app",
    clientSecret: "facebook-secret",
    redirectUri: "http://shop.test/?sso_provider=facebook",
  });
  ctx = await createTestApp({
    env: {
      AUTH_RATE_LIMIT_PER_MINUTE: "10000",
      GOOGLE_CLIENT_ID: "google-client",
      GOOGLE_CLIENT_SECRET: "google-secret",
      GOOGLE_AUTH_URL: google.authUrl,
      GOOGLE_TOKEN_URL: google.tokenUrl,
      GOOGLE_USERINFO_URL: google.userInfoUrl,
      FACEBOOK_CLIENT_ID: "facebook-app",
      FACEBOOK_CLIENT_SECRET: "facebook-secret",
      FACEBOOK_AUTH_URL: facebook.authUrl,
      FACEBOOK_TOKEN_URL: facebook.tokenUrl,
      FACEBOOK_USERINFO_URL: facebook.userInfoUrl,
    },
  });
  mail = await startMailBox(ctx.database);
});

afterAll(async () => {
  await mail.close();
  await ctx.close();
  await google.close();
  await facebook.close();
});

const sso = (provider: string, code: string, locale = "de") =>
  ctx.app.inject({
    method: "POST",
    url: `/api/v2/users/auth/sso/${provider}/?locale=${locale}`,
    payload: { code },
  });
const me = (key: string) => ctx.app.inject({ method: "GET", url: "/api/v2/users/me/", headers: auth(key) });

describe("SSO configuration", () => {
  it("gives the web the client id and authorization page of each provider", async () => {
    const res = await ctx.app.inject("/api/v2/users/auth/sso/config/");
    expect(res.statusCode).toBe(200);
    const { google: g, facebook: f } = res.json();
    expect(g).toMatchObject({
      client_id: "google-client",
      authorize_url: google.authUrl,
      redirect_uri: "http://shop.test/?sso_provider=google",
      scope: "openid email profile",
    });
    const url = new URL(g.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "google-client",
      redirect_uri: "http://shop.test/?sso_provider=google",
      scope: "openid email profile",
    });
    expect(f).toMatchObject({
      client_id: "facebook-app",
      redirect_uri: "http://shop.test/?sso_provider=facebook",
    });
  });

  it("is off until a client id is configured: config null, sign-in 503 with a detail", async () => {
    const off = await createTestApp();
    try {
      expect((await off.app.inject("/api/v2/users/auth/sso/config/")).json()).toEqual({
        google: null,
        facebook: null,
      });
      const res = await off.app.inject({
        method: "POST",
        url: "/api/v2/users/auth/sso/google/",
        payload: { code: "x" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        detail: "Die Anmeldung mit diesem Anbieter ist nicht eingerichtet.",
        error_codes: { detail: "sso_not_configured" },
      });
    } finally {
      await off.close();
    }
  });
});

describe("Google sign-in", () => {
  it("creates a verified user for a new e-mail and signs in again through the link", async () => {
    const profile = {
      kind: "google" as const,
      sub: "g-1001",
      email: "marta@gmail.example",
      email_verified: true,
      given_name: "Marta",
      family_name: "Nowak",
    };
    const res = await sso("google", google.issueCode(profile), "ru");
    expect(res.statusCode, res.body).toBe(200);
    const { key } = res.json();
    expect((await me(key)).json()).toMatchObject({
      email: "marta@gmail.example",
      first_name: "Marta",
      last_name: "Nowak",
      phone_number: "+",
    });
    // Client credentials went by Basic auth, with the configured redirect URI.
    expect(google.tokenRequests.at(-1)).toMatchObject({
      basicAuth: true,
      form: { grant_type: "authorization_code", redirect_uri: "http://shop.test/?sso_provider=google" },
    });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, "marta@gmail.example"));
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user?.locale).toBe("ru");
    expect(user?.passwordHash).toBeNull();

    // The same Google account later, even with a changed address, is the same user.
    const again = await sso("google", google.issueCode({ ...profile, email: "marta.new@gmail.example" }));
    expect((await me(again.json().key)).json().pk).toBe(user?.id);
  });

  it("links to the existing account of the e-mail; its password keeps working", async () => {
    const { email } = await createVerifiedUser(ctx.app, mail, {
      email: "Linked@Example.org",
      first_name: "Ines",
    });
    const res = await sso(
      "google",
      google.issueCode({ kind: "google", sub: "g-2002", email: "linked@example.org", email_verified: true }),
    );
    expect(res.statusCode).toBe(200);
    const user = (await me(res.json().key)).json();
    // Stored in its normalised form.
    expect(email).toBe("Linked@Example.org");
    expect(user).toMatchObject({ email: "linked@example.org", first_name: "Ines" });
    const links = await ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user.pk));
    expect(links).toMatchObject([{ provider: "google", providerUserId: "g-2002" }]);
    expect((await signIn(ctx.app, email)).statusCode).toBe(200);
  });

  it("verifies an unverified account of the e-mail and drops its unproven password", async () => {
    await signUp(ctx.app, signUpBody({ email: "squat@example.org" }));
    const res = await sso(
      "google",
      google.issueCode({ kind: "google", sub: "g-3003", email: "squat@example.org", email_verified: true }),
    );
    expect(res.statusCode).toBe(200);
    expect(errorCodes(await signIn(ctx.app, "squat@example.org", PASSWORD))).toEqual({
      non_field_errors: ["invalid_credentials"],
    });
  });

  it("refuses a bad or used code with 400 sso_failed", async () => {
    const bad = await sso("google", "not-a-code");
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad)).toEqual({ non_field_errors: ["sso_failed"] });
    const code = google.issueCode({
      kind: "google",
      sub: "g-4004",
      email: "once@example.org",
      email_verified: true,
    });
    expect((await sso("google", code)).statusCode).toBe(200);
    expect(errorCodes(await sso("google", code))).toEqual({ non_field_errors: ["sso_failed"] });
    expect(errorCodes(await sso("google", " "))).toEqual({ code: ["required"] });
  });

  it("refuses an unverified or missing Google e-mail with sso_email_missing", async () => {
    const unverified = await sso(
      "google",
      google.issueCode({
        kind: "google",
        sub: "g-5005",
        email: "unverified@example.org",
        email_verified: false,
      }),
    );
    expect(unverified.statusCode).toBe(400);
    expect(errorCodes(unverified)).toEqual({ non_field_errors: ["sso_email_missing"] });
    const none = await sso("google", google.issueCode({ kind: "google", sub: "g-5006" }));
    expect(errorCodes(none)).toEqual({ non_field_errors: ["sso_email_missing"] });
  });
});

describe("Facebook sign-in", () => {
  it("creates a user, then links an existing e-mail, with credentials in the form body", async () => {
    const res = await sso(
      "facebook",
      facebook.issueCode({
        kind: "facebook",
        id: "fb-1",
        email: "fb@example.org",
        first_name: "Pia",
        last_name: "Lang",
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(res.json().key)).json()).toMatchObject({ email: "fb@example.org", first_name: "Pia" });
    expect(facebook.tokenRequests.at(-1)).toMatchObject({
      basicAuth: false,
      form: { client_id: "facebook-app", client_secret: "facebook-secret" },
    });

    const { email } = await createVerifiedUser(ctx.app, mail, { email: "fb-existing@example.org" });
    const linked = await sso("facebook", facebook.issueCode({ kind: "facebook", id: "fb-2", email }));
    expect((await me(linked.json().key)).json().email).toBe(email);
  });

  it("refuses a bad code with 400 and a provider that cannot be reached with 502", async () => {
    expect(errorCodes(await sso("facebook", "nope"))).toEqual({ non_field_errors: ["sso_failed"] });
    const down = await createTestApp({
      env: { FACEBOOK_CLIENT_ID: "facebook-app", FACEBOOK_TOKEN_URL: "http://127.0.0.1:9/token" },
    });
    try {
      const res = await down.app.inject({
        method: "POST",
        url: "/api/v2/users/auth/sso/facebook/",
        payload: { code: "c" },
      });
      expect(res.statusCode).toBe(502);
      expect(errorCodes(res)).toEqual({ detail: "sso_failed" });
    } finally {
      await down.close();
    }
  });
});
