import { ContactCreatedSchema, todayInBerlin } from "@atelier/contract";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadEnv } from "../config/env.ts";
import { contactRequests, mailOutbox } from "../db/schema/index.ts";
import {
  createTestLogger,
  parseRawMail,
  startSmtpServer,
  type TestSmtpServer,
} from "../mail/test-support.ts";
import { createMailer } from "../mailer/index.ts";
import { createTestApp } from "../test/test-app.ts";
import { createContactService } from "./contact.service.ts";

const SCHOOL = "schule@atelier-test.example";
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let smtp: TestSmtpServer;
let ipCounter = 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { SCHOOL_EMAIL: SCHOOL } });
  smtp = await startSmtpServer();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await ctx.database.db.delete(contactRequests);
  await ctx.database.db.delete(mailOutbox);
  smtp.received.length = 0;
});

/** Each test posts from its own address, so the per-IP limit only bites where a test wants it to. */
function post(path: string, payload: unknown, options: { ip?: string; locale?: string } = {}) {
  const ip = options.ip ?? `203.0.113.${++ipCounter}`;
  return ctx.app.inject({
    method: "POST",
    url: `/api/v2/contact_us/${path}/?locale=${options.locale ?? "de"}`,
    remoteAddress: ip,
    payload: payload as Record<string, unknown>,
  });
}

const tomorrow = () => {
  const d = new Date(`${todayInBerlin()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
const yesterday = () => {
  const d = new Date(`${todayInBerlin()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

const person = {
  first_name: " Anna ",
  last_name: "Schmidt",
  email: "anna@example.org",
  phone: "+4915112345678",
};

const counts = async () => {
  const [requests] = await ctx.database.db.select({ n: count() }).from(contactRequests);
  const [mails] = await ctx.database.db.select({ n: count() }).from(mailOutbox);
  return { requests: requests?.n ?? 0, mails: mails?.n ?? 0 };
};

describe("POST /api/v2/contact_us/*", () => {
  it("stores an appointment request and queues the school's German mail", async () => {
    const date = tomorrow();
    const res = await post(
      "appointment",
      { ...person, comment: "Probestunde für meine Tochter", appointment_date: date },
      { locale: "ru" },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = ContactCreatedSchema.parse(res.json());

    const [row] = await ctx.database.db.select().from(contactRequests).where(eq(contactRequests.id, id));
    expect(row).toMatchObject({
      kind: "appointment",
      firstName: "Anna",
      lastName: "Schmidt",
      email: "anna@example.org",
      phone: "+4915112345678",
      comment: "Probestunde für meine Tochter",
      appointmentDate: date,
      locale: "ru",
    });
    const mails = await ctx.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({
      to: SCHOOL,
      template: "contact-request",
      locale: "de",
      status: "pending",
      subject: "Terminanfrage: Anna Schmidt",
    });
    expect(mails[0]?.text).toContain("Probestunde für meine Tochter");
    // The phone grouped as staff read it (D657).
    expect(mails[0]?.text).toContain("+49 151 12345678");
    // The parent's confirmation, in the language the form was sent in, lists what was sent.
    expect(mails[1]).toMatchObject({
      to: "anna@example.org",
      template: "contact-confirmation",
      locale: "ru",
      status: "pending",
      subject: "Ваш запрос в «Ателье»: Запись на встречу",
    });
    expect(mails[1]?.text).toContain("Probestunde für meine Tochter");
    expect(mails[1]?.text).toContain("Здравствуйте, Anna!");

    // The worker delivers them over SMTP, the school's first.
    const env = loadEnv({ NODE_ENV: "test", SMTP_URL: smtp.url, PUBLIC_URL: "http://shop.test" });
    const mailer = createMailer({ db: ctx.database.db, env, logger: createTestLogger() });
    await mailer.drainOnce();
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received.map((received) => received.to)).toContainEqual([SCHOOL]);
    expect(smtp.received.map((received) => received.to)).toContainEqual(["anna@example.org"]);
    const toSchool = smtp.received.find((received) => received.to.includes(SCHOOL));
    const mail = parseRawMail(toSchool?.raw ?? "");
    expect(mail.subject).toBe("Terminanfrage: Anna Schmidt");
    expect(mail.text).toContain("anna@example.org");
  });

  it("stores a callback request", async () => {
    const res = await post("callback", { ...person, comment: "Bitte nachmittags" });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(contactRequests);
    expect(row).toMatchObject({ kind: "callback", comment: "Bitte nachmittags", appointmentDate: null });
    const [mail, confirmation] = await ctx.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(mail?.subject).toBe("Rückrufbitte: Anna Schmidt");
    expect(confirmation).toMatchObject({ to: "anna@example.org", locale: "de" });
    expect(confirmation?.subject).toBe("Ihre Anfrage bei Atelier: Rückrufbitte");
    expect(confirmation?.text).toContain("Bitte nachmittags");
  });

  it("stores a partnership request without the optional fields", async () => {
    const res = await post("partnership", { ...person });
    expect(res.statusCode).toBe(201);
    const res2 = await post("partnership", {
      ...person,
      message: "Kooperation mit unserer Kita",
      position: "Leitung",
    });
    expect(res2.statusCode).toBe(201);
    const rows = await ctx.database.db.select().from(contactRequests).orderBy(contactRequests.id);
    expect(rows.map((r) => [r.kind, r.message, r.position])).toEqual([
      ["partnership", "", ""],
      ["partnership", "Kooperation mit unserer Kita", "Leitung"],
    ]);
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "contact-request"))
      .orderBy(mailOutbox.id);
    expect(mails[1]?.text).toContain("Kooperation mit unserer Kita");
    expect(mails[1]?.text).toContain("Leitung");
  });

  it.each([
    ["appointment", { ...person, appointment_date: "2020-01-01" }, { appointment_date: "date_in_past" }],
    ["appointment", { ...person, appointment_date: "2030-02-30" }, { appointment_date: "invalid_date" }],
    ["appointment", { ...person, appointment_date: "morgen" }, { appointment_date: "invalid_date" }],
    ["appointment", { ...person }, { appointment_date: "required" }],
    [
      "callback",
      { ...person, first_name: "   ", email: "anna@", phone: "015112345678" },
      {
        first_name: "required",
        email: "invalid_email",
        phone: "invalid_phone",
      },
    ],
    [
      "callback",
      { ...person, last_name: "x".repeat(65), comment: "x".repeat(2001) },
      {
        last_name: "too_long",
        comment: "too_long",
      },
    ],
    [
      "partnership",
      { ...person, position: "p".repeat(65), message: "m".repeat(2001) },
      {
        position: "too_long",
        message: "too_long",
      },
    ],
    [
      "partnership",
      {},
      { first_name: "required", last_name: "required", email: "required", phone: "required" },
    ],
  ])("rejects an invalid %s form naming the fields, and stores nothing", async (kind, payload, expected) => {
    const res = await post(kind, payload, { locale: "ru" });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    for (const [field, code] of Object.entries(expected)) {
      expect(body.error_codes[field], field).toEqual([code]);
      expect(body[field][0]).toEqual(expect.any(String));
    }
    expect(await counts()).toEqual({ requests: 0, mails: 0 });
  });

  it("accepts today's date for an appointment", async () => {
    const res = await post("appointment", { ...person, appointment_date: todayInBerlin() });
    expect(res.statusCode).toBe(201);
    expect(yesterday() < todayInBerlin()).toBe(true);
    const rejected = await post("appointment", { ...person, appointment_date: yesterday() });
    expect(rejected.statusCode).toBe(400);
  });

  it("reads the existing client's picked day sent as a timestamp, as its visit requests are (D628)", async () => {
    // The picker's midnight of 21 December 2030 in a Berlin browser, in UTC.
    const res = await post("appointment", { ...person, appointment_date: "2030-12-20T23:00:00.000Z" });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, ContactCreatedSchema.parse(res.json()).id));
    expect(row?.appointmentDate).toBe("2030-12-21");
    const past = await post("appointment", { ...person, appointment_date: "2020-01-01T23:00:00.000Z" });
    expect(past.json().error_codes).toEqual({ appointment_date: ["date_in_past"] });
  });

  it("limits each IP to 5 posts a minute with 429, Retry-After and a detail", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 5; i++) {
      expect((await post("callback", person, { ip })).statusCode).toBe(201);
    }
    const limited = await post("callback", person, { ip, locale: "ru" });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      detail: "Слишком много запросов. Попробуйте позже.",
      error_codes: { detail: "throttled" },
    });
    // The limit is per address: another visitor still gets through.
    expect((await post("callback", person, { ip: "198.51.100.8" })).statusCode).toBe(201);
    // Catalogue reads are not limited.
    for (let i = 0; i < 8; i++) {
      const res = await ctx.app.inject({
        method: "GET",
        url: "/api/v2/products/categories/?locale=de",
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe("client address behind proxies (TRUST_PROXY)", () => {
  const forged = (app: typeof ctx.app, n: number) =>
    app.inject({
      method: "POST",
      url: "/api/v2/contact_us/callback/?locale=de",
      remoteAddress: "192.0.2.50",
      headers: { "x-forwarded-for": `203.0.113.${n}` },
      payload: person,
    });

  it("by default ignores X-Forwarded-For, so a forged address per request does not pass the limit", async () => {
    const codes = [];
    for (let n = 1; n <= 6; n++) codes.push((await forged(ctx.app, n)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("believes X-Forwarded-For from a configured proxy", async () => {
    const behindProxy = await createTestApp({ env: { SCHOOL_EMAIL: SCHOOL, TRUST_PROXY: "192.0.2.50" } });
    try {
      for (let n = 1; n <= 6; n++) expect((await forged(behindProxy.app, n)).statusCode).toBe(201);
    } finally {
      await behindProxy.close();
    }
  });

  it("with a hop count believes that many proxies, counting from the socket", async () => {
    const behindProxy = await createTestApp({ env: { SCHOOL_EMAIL: SCHOOL, TRUST_PROXY: "1" } });
    try {
      for (let n = 1; n <= 6; n++) expect((await forged(behindProxy.app, n)).statusCode).toBe(201);
    } finally {
      await behindProxy.close();
    }
  });
});

describe("contact service", () => {
  it("stores nothing when the notification cannot be queued (one transaction)", async () => {
    const service = createContactService({
      db: ctx.database.db,
      schoolEmails: async () => ["not-an-address"],
      publicUrl: "http://shop.test",
    });
    await expect(
      service.submit({ kind: "callback", input: { ...person, first_name: "Anna", comment: "" } }, "de"),
    ).rejects.toThrow();
    expect(await counts()).toEqual({ requests: 0, mails: 0 });
  });
});
