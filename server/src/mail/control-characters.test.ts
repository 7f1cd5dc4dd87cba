import { CONTROL_CHARACTER, ERROR_MESSAGES, type Locale } from "@atelier/contract";
import { eq, gt } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, users, visitors } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent, pageBySlug } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";
import { renderMail } from "./mail-templates.ts";

/**
 * Issue 30 item 4, D206: a line break (or any control character) in a one-line field is refused at the
 * field, in German and Russian; a person's multi-line text reaches a mail only quoted as their words; and,
 * over generated values, no control character of what a family types reaches a mail but the line breaks of
 * such a quote.
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let party: Awaited<ReturnType<typeof pageBySlug>>;
beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo", env: { AUTH_RATE_LIMIT_PER_MINUTE: "100000" } });
  party = await pageBySlug(t.db, "roboter-geburtstag");
}, 60_000);
afterAll(() => t?.close());

const FORGED = "Eve\n\nIhr Konto ist gesperrt: https://evil.example";
const FORGED_LINE = "Ihr Konto ist gesperrt: https://evil.example";
let ip = 0;
let unique = 0;

const inDays = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

type Headers = Record<string, string>;
const post = (url: string, payload: unknown, locale: Locale = "de", headers?: Headers, method = "POST") =>
  t.app.inject({
    method: method as "POST",
    url: `${url}?locale=${locale}`,
    remoteAddress: `10.30.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
    ...(headers ? { headers } : {}),
    payload: payload as Record<string, unknown>,
  });

/** Valid bodies of every form a family fills in; a test replaces one field. */
const forms = {
  signUp: () => ({
    url: "/api/v2/users/sign_up/",
    body: {
      email: `cc-${++unique}-${Date.now()}@example.org`,
      phone_number: `+49151${String(1_000_000 + unique).padStart(8, "0")}`,
      password1: "Sicher-Passwort1",
      password2: "Sicher-Passwort1",
      first_name: "Anna",
      last_name: "Schmidt",
    } as Record<string, unknown>,
  }),
  callback: () => ({
    url: "/api/v2/contact_us/callback/",
    body: {
      first_name: "Anna",
      last_name: "Schmidt",
      email: "anna@example.org",
      phone: "+4930123456",
      comment: "Bitte nachmittags",
    } as Record<string, unknown>,
  }),
  partnership: () => ({
    url: "/api/v2/contact_us/partnership/",
    body: {
      first_name: "Anna",
      last_name: "Schmidt",
      email: "anna@example.org",
      phone: "+4930123456",
      message: "Wir sind eine Kita",
      position: "Leitung",
    } as Record<string, unknown>,
  }),
  trial: () => ({
    url: "/api/v2/orders/visit_request/",
    body: {
      product_page: t.course.page.id,
      children: [{ first_name: "Mila", last_name: "Petrova", birth_date: "2019-05-02" }],
      adults: [
        {
          first_name: "Olga",
          last_name: "Petrova",
          email: "olga@example.org",
          phone: "+4915112345678",
          relation: "Mutter",
        },
      ],
      date: inDays(3),
    } as Record<string, unknown>,
  }),
};

/** The body with `path` (`first_name`, `adults.0.relation`) set to `value`. */
function withField(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split(".");
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1) as string] = value;
  return copy;
}

const lastMailId = async () =>
  (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).reduce((max, row) => Math.max(max, row.id), 0);
const mailsAfter = (id: number) => t.db.select().from(mailOutbox).where(gt(mailOutbox.id, id));

const ONLY_LINE_BREAKS = new RegExp(
  CONTROL_CHARACTER.source.replace("\\u0000-\\u001f", "\\u0000-\\u0009\\u000b-\\u001f"),
);

/**
 * A mail as it leaves: no control character in the subject, none but line feeds in the bodies, and each
 * line of a person's multi-line `quoted` text only on a quote line ("> …").
 */
function expectClean(
  mail: { subject: string; text: string; html: string; template: string },
  quoted: string[],
) {
  expect(mail.subject, mail.template).not.toMatch(CONTROL_CHARACTER);
  expect(mail.text, mail.template).not.toMatch(ONLY_LINE_BREAKS);
  expect(mail.html, mail.template).not.toMatch(ONLY_LINE_BREAKS);
  const lines = mail.text.split("\n");
  for (const words of quoted)
    for (const part of words.split(/\r\n|\r|\n|\u0085|\u2028|\u2029/)) {
      const line = part.replace(new RegExp(CONTROL_CHARACTER.source, "g"), " ").trim();
      if (line.length < 8) continue;
      for (const found of lines.filter((candidate) => candidate.includes(line)))
        expect(found.startsWith("> "), `${mail.template}: ${JSON.stringify(found)}`).toBe(true);
    }
}

describe(`one-line fields refuse control characters (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  const cases: [string, () => { url: string; body: Record<string, unknown> }, string, string][] = [
    ["sign-up", forms.signUp, "first_name", "first_name"],
    ["sign-up", forms.signUp, "last_name", "last_name"],
    ["sign-up", forms.signUp, "phone_number", "phone_number"],
    ["sign-up", forms.signUp, "email", "email"],
    ["callback", forms.callback, "first_name", "first_name"],
    ["callback", forms.callback, "phone", "phone"],
    ["callback", forms.callback, "email", "email"],
    ["partnership", forms.partnership, "position", "position"],
    ["trial", forms.trial, "children.0.first_name", "children"],
    ["trial", forms.trial, "adults.0.last_name", "adults"],
    ["trial", forms.trial, "adults.0.relation", "adults"],
  ];
  for (const locale of ["de", "ru"] as const)
    it(`answers 400 at the field with the ${locale} text, and writes no mail`, async () => {
      for (const [form, make, path, field] of cases) {
        const { url, body } = make();
        const value = path.includes("phone")
          ? "+4930\n123456"
          : path.includes("email")
            ? "eve\n@example.org"
            : FORGED;
        const before = await lastMailId();
        const res = await post(url, withField(body, path, value), locale);
        expect(res.statusCode, `${form} ${path}: ${res.body}`).toBe(400);
        // Nested fields answer at their path (`children.0.first_name`, or nested objects): read by prefix.
        const at = (reply: Record<string, unknown>) =>
          JSON.stringify(Object.entries(reply).filter(([key]) => key.startsWith(field)));
        expect(at(res.json().error_codes), `${form} ${path}: ${res.body}`).toContain("control_characters");
        expect(at(res.json())).toContain(ERROR_MESSAGES.control_characters[locale]);
        expect(await mailsAfter(before)).toEqual([]);
      }
      const parent = await createParent(t.db);
      for (const [url, payload, method] of [
        ["/api/v2/users/add_profile_info/", { first_name: FORGED }, "PATCH"],
        ["/api/v2/users/add_profile_info/", { city: "Berlin\u2028Mitte" }, "PATCH"],
        ["/api/v2/users/add_profile_info/", { phone_number: "+4930\t123456" }, "PATCH"],
        ["/api/v2/visitors/", { first_name: FORGED, last_name: "Muster", birth_date: "2018-01-01" }, "POST"],
        [
          "/api/v2/visitors/",
          { first_name: "Lev", last_name: "Mu\u001b[31mster", birth_date: "2018-01-01" },
          "POST",
        ],
      ] as const) {
        const res = await post(url, payload, locale, parent.headers, method);
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(Object.values(res.json().error_codes).flat()).toEqual(["control_characters"]);
      }
      const [stored] = await t.db.select().from(users).where(eq(users.id, parent.id));
      expect(stored?.firstName).toBe("Eva");
      expect(await t.db.select().from(visitors).where(eq(visitors.userId, parent.id))).toEqual([]);
    });
});

describe("mails render names with control characters as one line, and quote a person's text", () => {
  it("greets 'Eve  Ihr Konto ist gesperrt…' on the greeting's own line in every mail that names a person", () => {
    for (const locale of ["de", "ru"] as const) {
      const verify = renderMail("verify-email", locale, {
        firstName: FORGED,
        link: "https://shop.example/?k=1",
      });
      const reset = renderMail("password-reset", locale, {
        firstName: `Eve\r\u0085${FORGED_LINE}`,
        link: "https://shop.example/",
      });
      const contact = renderMail("contact-confirmation", locale, {
        kind: "callback",
        firstName: FORGED,
        lastName: "Muster\u2028Bcc: x@example.org",
        email: "eve@example.org",
        phone: "+4930123456",
      });
      for (const mail of [verify, reset, contact]) {
        expectClean({ ...mail, template: "named" }, []);
        for (const line of mail.text.split("\n"))
          expect(line.trimStart().startsWith("Ihr Konto")).toBe(false);
        expect(mail.html).not.toMatch(/<br>\s*Ihr Konto/);
      }
    }
  });

  it("quotes a contact message and a party comment as the sender's words, in the staff copy and the confirmation", async () => {
    const words = `Danke!\n${FORGED_LINE}\r\nMit Gruß`;
    const before = await lastMailId();
    const { url, body } = forms.partnership();
    const sent = await post(url, { ...body, message: words }, "de");
    expect(sent.statusCode, sent.body).toBe(201);
    const parent = await createParent(t.db);
    const asked = await post(
      "/api/v2/party_requests/",
      {
        product_page: party.page.id,
        purchase_option: party.options[0]?.id,
        dates: [inDays(30)],
        children_count: 6,
        ages: [7],
        comment: words,
      },
      "ru",
      parent.headers,
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const mails = await mailsAfter(before);
    expect(mails.map((mail) => mail.template).sort()).toEqual([
      "contact-confirmation",
      "contact-request",
      "party-request-notification",
      "party-request-received",
    ]);
    for (const mail of mails) {
      expectClean(mail, [words]);
      expect(mail.text).toContain(`> ${FORGED_LINE}`);
      expect(mail.html).toContain("<blockquote");
    }
    const staffCopy = mails.find((mail) => mail.template === "contact-request");
    expect(staffCopy?.text).toContain("Nachricht von Anna Schmidt:\n> Danke!");
  });
});

describe("fast-check: no control character a family types reaches a mail (D206)", () => {
  const piece = fc.oneof(
    fc.constantFrom(
      "\n",
      "\r\n",
      "\r",
      "\t",
      "\u0000",
      "\u0007",
      "\u001b[31m",
      "\u007f",
      "\u0085",
      "\u2028",
      "\u2029",
    ),
    fc.string({ maxLength: 6 }),
    fc.constantFrom("Eve", FORGED_LINE, "Ольга", " "),
  );
  const typed = fc.array(piece, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(""));
  const runs = Number(process.env.CONTROL_CHARACTER_RUNS ?? 40);

  it("sign-up, contact and request forms: refused (400), or every mail clean", async () => {
    const fields: [keyof typeof forms, string, boolean][] = [
      ["signUp", "first_name", false],
      ["signUp", "last_name", false],
      ["signUp", "phone_number", false],
      ["callback", "first_name", false],
      ["callback", "last_name", false],
      ["callback", "phone", false],
      ["callback", "email", false],
      ["callback", "comment", true],
      ["partnership", "message", true],
      ["partnership", "position", false],
      ["trial", "children.0.first_name", false],
      ["trial", "children.0.last_name", false],
      ["trial", "adults.0.first_name", false],
      ["trial", "adults.0.relation", false],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fields),
        typed,
        fc.constantFrom<Locale>("de", "ru"),
        async ([form, path, multi], value, locale) => {
          const { url, body } = forms[form]();
          const before = await lastMailId();
          const res = await post(url, withField(body, path, value), locale);
          const mails = await mailsAfter(before);
          if (res.statusCode >= 400) {
            expect(res.statusCode, res.body).toBe(400);
            expect(mails).toEqual([]);
            return;
          }
          expect(res.statusCode, res.body).toBeLessThan(300);
          // A one-line value with a control character inside it is never accepted.
          if (!multi) expect(value.trim()).not.toMatch(CONTROL_CHARACTER);
          expect(mails.length).toBeGreaterThan(0);
          for (const mail of mails) expectClean(mail, multi ? [value] : []);
        },
      ),
      { numRuns: runs },
    );
  }, 120_000);

  it("profile and children: refused (400), or stored without a control character, and the mails naming them clean", async () => {
    const parent = await createParent(t.db);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("first_name", "last_name", "city", "street", "company_name", "phone_number"),
        fc.constantFrom("first_name", "last_name"),
        typed,
        async (profileField, childField, value) => {
          const profile = await post(
            "/api/v2/users/add_profile_info/",
            { [profileField]: value },
            "de",
            parent.headers,
            "PATCH",
          );
          expect([200, 400], profile.body).toContain(profile.statusCode);
          const child = await post(
            "/api/v2/visitors/",
            { first_name: "Lev", last_name: "Muster", birth_date: "2018-01-01", [childField]: value },
            "ru",
            parent.headers,
          );
          expect([201, 400], child.body).toContain(child.statusCode);
          const [stored] = await t.db.select().from(users).where(eq(users.id, parent.id));
          const kids = await t.db.select().from(visitors).where(eq(visitors.userId, parent.id));
          for (const text of [
            stored?.firstName,
            stored?.lastName,
            stored?.city,
            stored?.street,
            stored?.phoneNumber,
            ...kids.flatMap((kid) => [kid.firstName, kid.lastName]),
          ])
            expect(text ?? "").not.toMatch(CONTROL_CHARACTER);
          // A mail that greets the parent by the stored name.
          const before = await lastMailId();
          await post(
            "/api/v2/users/auth/password/reset/",
            { email: (stored as { email: string }).email },
            "de",
          );
          await t.app.deferredWork.idle();
          const mails = await mailsAfter(before);
          expect(mails.length).toBe(1);
          for (const mail of mails) expectClean(mail, []);
        },
      ),
      { numRuns: Math.max(10, Math.floor(runs / 2)) },
    );
  }, 120_000);
});
