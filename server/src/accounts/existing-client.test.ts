import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactRequests } from "../db/schema/index.ts";
import { users } from "../db/schema/users.ts";
import { createTestApp } from "../test/test-app.ts";
import { auth, createVerifiedUser, type MailBox, PASSWORD, startMailBox } from "./accounts-test-support.ts";

/**
 * The school's existing (Nuxt) client, unchanged: its input mask formats phone numbers, and it tells the
 * sign-up errors apart by Django's English messages (spec §8, decision D40).
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let mail: MailBox;
beforeAll(async () => {
  // Many sign-ups from one address: the limits have their own tests.
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "1000" } });
  mail = await startMailBox(ctx.database);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
});

/** A registration exactly as the existing client posts it. */
const registration = (overrides: Record<string, unknown> = {}) => ({
  email: "kunde@example.org",
  phone_number: "+49 1511 2345678",
  password1: PASSWORD,
  password2: PASSWORD,
  first_name: "Karl",
  last_name: "Kunde",
  ...overrides,
});

const signUp = (body: Record<string, unknown>, locale = "de") =>
  ctx.app.inject({ method: "POST", url: `/api/v2/users/sign_up/?locale=${locale}`, payload: body });

describe("sign-up as the existing client sends it", () => {
  it("accepts a phone formatted by the input mask and stores the bare number", async () => {
    const res = await signUp(
      registration({ email: "masked@example.org", phone_number: "+49 (151) 2345-6789" }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(eq(users.email, "masked@example.org"));
    expect(row?.phone).toBe("+4915123456789");
  });

  it.each(["de", "ru"])("answers each registration error with Django's text (locale %s)", async (locale) => {
    const taken = await createVerifiedUser(ctx.app, mail, {
      email: `taken-${locale}@example.org`,
      phone_number: locale === "de" ? "+4917011111111" : "+4917022222222",
    });
    const formattedTakenPhone = taken.phone.replace(/^\+49(\d{3})(\d+)$/, "+49 $1 $2");

    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { email: taken.email.toUpperCase() },
        { email: ["A user is already registered with this e-mail address."] },
      ],
      [{ email: "not-an-address" }, { email: ["Enter a valid email address."] }],
      [{ phone_number: "+49 0000" }, { phone_number: ["Enter a valid phone number."] }],
      [{ phone_number: formattedTakenPhone }, { phone_number: ["This field must be unique."] }],
      [{ password2: "Sicher-Passwort2" }, { non_field_errors: ["The two password fields didn't match."] }],
      [
        { email: taken.email, phone_number: formattedTakenPhone },
        {
          email: ["A user is already registered with this e-mail address."],
          phone_number: ["This field must be unique."],
          username: ["A user with that username already exists."],
        },
      ],
    ];
    for (const [overrides, expected] of cases) {
      const res = await signUp(registration({ email: `new-${locale}@example.org`, ...overrides }), locale);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const { error_codes: codes, ...messages } = res.json();
      expect(messages, JSON.stringify(overrides)).toEqual(expected);
      // Our web still reads stable codes for every field.
      expect(Object.keys(codes).sort()).toEqual(Object.keys(expected).sort());
    }
  });

  it("keeps localized texts for other codes", async () => {
    const res = await signUp(registration({ first_name: " " }), "ru");
    expect(res.json().first_name).toEqual(["Это поле обязательно."]);
  });
});

describe("formatted phones elsewhere", () => {
  it("profile and contact forms accept masked numbers and store the bare number", async () => {
    const { key } = await createVerifiedUser(ctx.app, mail, { email: "profile-phone@example.org" });
    const profile = await ctx.app.inject({
      method: "PATCH",
      url: "/api/v2/users/add_profile_info/",
      headers: auth(key),
      payload: { phone_number: "+44 (7911) 123-456" },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().phone_number).toBe("+447911123456");

    const person = {
      first_name: "Anna",
      last_name: "Schmidt",
      email: "anna@example.org",
      phone: "+49 1511 2345678",
    };
    for (const [kind, extra] of [
      ["callback", { comment: "" }],
      ["partnership", { message: "", position: "" }],
      ["appointment", { comment: "", appointment_date: "2099-01-02" }],
    ] as const) {
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/v2/contact_us/${kind}/`,
        remoteAddress: `198.51.100.${kind.length}`,
        payload: { ...person, ...extra },
      });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(201);
    }
    const stored = await ctx.database.db.select().from(contactRequests);
    expect(stored.map((row) => row.phone)).toEqual(["+4915112345678", "+4915112345678", "+4915112345678"]);
  });
});
