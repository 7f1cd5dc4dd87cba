import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";
import { type MailBox, openLink, signIn, signUpBody, startMailBox } from "./accounts-test-support.ts";

/**
 * Issue 31 items 6 and 18: the verification mail for the school's existing (Nuxt) front end. It knows only
 * spec §4's flow (its sign-in dialog opens on `email=confirmed`), and it sends no `?locale=`.
 */

const CLIENT = "http://client.test";
const CYRILLIC = /[А-Яа-яЁё]/;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let mail: MailBox;
beforeAll(async () => {
  ctx = await createTestApp({ env: { VERIFY_LINK_STYLE: "redirect", WEB_URL: CLIENT } });
  mail = await startMailBox(ctx.database);
}, 60_000);
afterAll(async () => {
  await mail?.close();
  await ctx?.close();
});

/** `POST /api/v2/users/sign_up/` as the existing client sends it: no `locale`, the browser's headers. */
const clientSignUp = (body: Record<string, unknown>, headers: Record<string, string>) =>
  ctx.app.inject({ method: "POST", url: "/api/v2/users/sign_up/", headers, payload: body });

describe("item 6: VERIFY_LINK_STYLE=redirect, the spec's flow", () => {
  it("the mail's link verifies on the API and redirects to WEB_URL with email=confirmed; once", async () => {
    const body = signUpBody({ email: "olga@example.org" });
    expect((await clientSignUp(body, { "accept-language": "ru-RU,ru;q=0.9" })).statusCode).toBe(201);
    // Registered but not verified: password sign-in is refused until the link is opened.
    expect((await signIn(ctx.app, "olga@example.org")).json().error_codes).toEqual({
      non_field_errors: ["email_not_verified"],
    });
    const [verification] = await mail.receive("olga@example.org");
    const link = new URL(verification?.link ?? "");
    expect(`${link.origin}${link.pathname}`).toBe(`${ctx.env.PUBLIC_URL}/api/v2/users/verify_email/`);
    expect(link.searchParams.get("verify_token")).toBeNull();

    const opened = await openLink(ctx.app, link.href);
    expect(opened.statusCode).toBe(302);
    const target = new URL(opened.headers.location as string);
    expect(target.origin).toBe(CLIENT);
    expect(target.searchParams.get("email")).toBe("confirmed");
    expect(target.searchParams.get("locale")).toBe("ru");
    expect((await signIn(ctx.app, "olga@example.org")).statusCode).toBe(200);

    // The link is used up: a second visit says so, and confirms nothing.
    const again = new URL((await openLink(ctx.app, link.href)).headers.location as string);
    expect(again.searchParams.get("email")).toBe("invalid");
  });

  it("an invalid token verifies nothing and does not say confirmed", async () => {
    const body = signUpBody({ email: "ivan@example.org" });
    expect((await clientSignUp(body, {})).statusCode).toBe(201);
    const [verification] = await mail.receive("ivan@example.org");
    const link = new URL(verification?.link ?? "");
    link.searchParams.set("token", "not-the-token");
    const opened = await openLink(ctx.app, link.href);
    expect(opened.statusCode).toBe(302);
    expect(new URL(opened.headers.location as string).searchParams.get("email")).toBe("invalid");
    expect((await signIn(ctx.app, "ivan@example.org")).json().error_codes).toEqual({
      non_field_errors: ["email_not_verified"],
    });
  });

  it("our own web keeps D167 by default: a page of WEB_URL with uid and verify_token", async () => {
    const own = await createTestApp({ database: ctx.database });
    try {
      const body = signUpBody({ email: "paula@example.org" });
      const res = await own.app.inject({
        method: "POST",
        url: "/api/v2/users/sign_up/?locale=de",
        payload: { ...body, next: "/cart" },
      });
      expect(res.statusCode).toBe(201);
      const [verification] = await mail.receive("paula@example.org");
      const link = new URL(verification?.link ?? "");
      expect(`${link.origin}${link.pathname}`).toBe(`${own.env.WEB_URL.replace(/\/$/, "")}/cart`);
      expect(link.searchParams.get("uid")).toBeTruthy();
      expect(link.searchParams.get("verify_token")).toBeTruthy();
    } finally {
      await own.app.close();
    }
  });
});

describe("item 18: without ?locale= the mail is in the browser's language", () => {
  it("a Russian browser (Accept-Language ru-RU) gets a Russian mail at sign-up and at resend", async () => {
    // The client's Nuxt i18n cookie (the same name as ours) may hold another language than the page's.
    const headers = { "accept-language": "ru-RU,ru;q=0.9", cookie: "i18n_redirected=de" };
    const body = signUpBody({ email: "mascha@example.org" });
    expect((await clientSignUp(body, headers)).statusCode).toBe(201);
    const [first] = await mail.receive("mascha@example.org");
    expect(first?.subject).toMatch(CYRILLIC);
    expect(first?.text).toMatch(/Здравствуйте/);

    const resent = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/users/resend_verification/",
      headers,
      payload: { email: "mascha@example.org" },
    });
    expect(resent.statusCode).toBe(200);
    await ctx.app.deferredWork.idle();
    const [second] = await mail.receive("mascha@example.org");
    expect(second?.subject).toMatch(CYRILLIC);
  });

  it("an explicit ?locale= still decides, and a German browser gets German", async () => {
    const ru = signUpBody({ email: "anja@example.org" });
    const asked = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/users/sign_up/?locale=de",
      headers: { "accept-language": "ru-RU,ru;q=0.9" },
      payload: ru,
    });
    expect(asked.statusCode).toBe(201);
    expect((await mail.receive("anja@example.org"))[0]?.subject).not.toMatch(CYRILLIC);
    const de = signUpBody({ email: "jonas@example.org" });
    expect((await clientSignUp(de, { "accept-language": "de-DE,de;q=0.9" })).statusCode).toBe(201);
    expect((await mail.receive("jonas@example.org"))[0]?.subject).not.toMatch(CYRILLIC);
  });
});
