import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../config/index.ts";
import { type Database, openDatabase } from "../db/index.ts";
import { startSmtpServer, type TestSmtpServer } from "../mail/test-support.ts";
import { localRedisUp } from "../test/local-redis.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { preflightProblems, runPreflight } from "./index.ts";

/**
 * The preflight (D303) against local stand-ins of PayPal, Stripe and a mail server: a right installation
 * passes, and each wrong setting gives its own message in plain words.
 */

// Redis is optional here: the refused sign-in case runs where one listens on the default port.
const redisUp = await localRedisUp();

let database: Database;
let smtp: TestSmtpServer;
let payments: Server;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  // PayPal: keys "good"/"secret", webhook "WH-1"; Stripe: key "sk_good", one endpoint on the shop's URL.
  payments = createServer((request, response) => {
    const auth = request.headers.authorization ?? "";
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (request.url === "/v1/oauth2/token")
      return auth === `Basic ${Buffer.from("good:secret").toString("base64")}`
        ? send(200, { access_token: "A21" })
        : send(401, { error: "invalid_client" });
    if (request.url?.startsWith("/v1/notifications/webhooks/"))
      return auth !== "Bearer A21"
        ? send(401, {})
        : request.url.endsWith("/WH-1")
          ? send(200, { id: "WH-1" })
          : send(404, { name: "INVALID_RESOURCE_ID" });
    if (request.url?.startsWith("/v1/webhook_endpoints"))
      return auth !== "Bearer sk_good"
        ? send(401, { error: { type: "invalid_request_error" } })
        : send(200, {
            data: [{ url: "https://kunstschule.example/api/v2/payments/stripe/webhook/", status: "enabled" }],
          });
    send(404, {});
  });
  await new Promise<void>((resolve) => payments.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(payments.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await database?.close();
  await smtp?.close();
  payments?.close();
});

const RIGHT = () => ({
  NODE_ENV: "production",
  PUBLIC_URL: "https://kunstschule.example",
  SMTP_URL: smtp.url,
  PAYPAL_API_BASE: base,
  PAYPAL_CLIENT_ID: "good",
  PAYPAL_CLIENT_SECRET: "secret",
  PAYPAL_WEBHOOK_ID: "WH-1",
  STRIPE_API_BASE: base,
  STRIPE_SECRET_KEY: "sk_good",
  STRIPE_WEBHOOK_SECRET: "whsec_1",
  SCHOOL_LEGAL_NAME: "Kunstschule Pankow e. V.",
  SCHOOL_ADDRESS: "Breite Straße 3, 13187 Berlin",
  SCHOOL_TAX_ID: "DE123456789",
  SCHOOL_EMAIL: "info@kunstschule.example",
});

const envWith = (changes: Record<string, string | undefined>) => {
  const source: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...RIGHT(), ...changes }))
    if (value !== undefined) source[key] = value;
  return loadEnv(source);
};
const problems = (changes: Record<string, string | undefined>) => runPreflight(envWith(changes), database);
/** The stand-in mail server's address with another password (it takes any). */
const smtpWithPassword = (password: string) => {
  const url = new URL(smtp.url);
  url.username = "shop";
  url.password = password;
  return url.toString();
};

describe("preflight (D303)", () => {
  it("passes an installation whose every setting holds", async () => {
    expect(await problems({})).toEqual([]);
  });

  it.each([
    [
      "PUBLIC_URL on http",
      { PUBLIC_URL: "http://kunstschule.example" },
      /PUBLIC_URL is http:\/\/kunstschule\.example: it must start with https:\/\//,
    ],
    [
      "a mail server that does not answer",
      { SMTP_URL: "smtp://127.0.0.1:1" },
      /The mail server at SMTP_URL cannot be reached/,
    ],
    [
      "no mail server in production",
      { SMTP_URL: undefined },
      /SMTP_URL is not set: mails are written as files/,
    ],
    [
      "Redis that does not answer",
      { REDIS_URL: "redis://127.0.0.1:1" },
      /Redis at REDIS_URL cannot be reached/,
    ],
    [
      "a wrong PayPal secret",
      { PAYPAL_CLIENT_SECRET: "wrong" },
      /PayPal refuses PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET \(401\)/,
    ],
    [
      "a PayPal webhook id PayPal does not know",
      { PAYPAL_WEBHOOK_ID: "WH-9" },
      /PayPal knows no webhook with PAYPAL_WEBHOOK_ID WH-9/,
    ],
    ["a wrong Stripe key", { STRIPE_SECRET_KEY: "sk_wrong" }, /Stripe refuses STRIPE_SECRET_KEY \(401\)/],
    [
      "no Stripe webhook for the shop's address",
      { PUBLIC_URL: "https://andere-schule.example" },
      /Stripe has no webhook endpoint for https:\/\/andere-schule\.example/,
    ],
    [
      "no payment gateway",
      { PAYPAL_CLIENT_ID: undefined, STRIPE_SECRET_KEY: undefined },
      /PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set: the demo gateway would take PayPal's bookings without money\.$/,
    ],
    [
      "Stripe without PayPal (PayPal's buttons would pay on the demo gateway)",
      { PAYPAL_CLIENT_ID: undefined },
      /PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set: .* \(Stripe does not replace it\)\./,
    ],
    ["the demo seller's name", { SCHOOL_LEGAL_NAME: undefined }, /SCHOOL_LEGAL_NAME is still the demo's/],
    [
      "the demo seller's tax number",
      { SCHOOL_TAX_ID: undefined },
      /SCHOOL_TAX_ID is still the demo's \(DE000000000\)/,
    ],
  ])("names %s", async (_name, changes, message) => {
    // Its message (an http address also leaves Stripe's endpoint, registered for https, without a match).
    const found = await problems(changes);
    expect(found.filter((problem) => message.test(problem))).toHaveLength(1);
    expect(found.length).toBeLessThanOrEqual("PUBLIC_URL" in changes ? 2 : 1);
  });

  // A production start refuses a wrong setting and starts past a service that does not answer (D528).
  const SERVICE_CASES: [string, Record<string, string | undefined>, boolean][] = [
    ["Redis that does not answer", { REDIS_URL: "redis://127.0.0.1:1" }, true],
    ["a mail server that does not answer", { SMTP_URL: "smtp://127.0.0.1:1" }, true],
    ["PayPal that does not answer", { PAYPAL_API_BASE: "http://127.0.0.1:1" }, true],
    ["Stripe that does not answer", { STRIPE_API_BASE: "http://127.0.0.1:1" }, true],
    // A name that does not resolve is as often the DNS away as a typo: the start goes on, loudly (`.invalid`
    // never resolves, RFC 6761).
    ["a mail server whose name does not resolve", { SMTP_URL: "smtp://u:p@smtp.atelier.invalid:587" }, true],
    ["Redis whose name does not resolve", { REDIS_URL: "redis://redis.atelier.invalid:6379" }, true],
    ["PayPal whose name does not resolve", { PAYPAL_API_BASE: "https://api.atelier.invalid" }, true],
    ["Stripe whose name does not resolve", { STRIPE_API_BASE: "https://api.atelier.invalid" }, true],
    ["a wrong PayPal secret", { PAYPAL_CLIENT_SECRET: "wrong" }, false],
    ["a wrong Stripe key", { STRIPE_SECRET_KEY: "sk_wrong" }, false],
    ["PUBLIC_URL on http", { PUBLIC_URL: "http://kunstschule.example", STRIPE_SECRET_KEY: undefined }, false],
  ];
  // The machine's Redis knows no user "nobody": it refuses the sign-in, as it refuses a wrong password.
  if (redisUp)
    SERVICE_CASES.push([
      "Redis that refuses the sign-in",
      { REDIS_URL: "redis://nobody:wrong@127.0.0.1:6379" },
      false,
    ]);
  it.each(SERVICE_CASES)(
    "says whether %s is a service away (the start goes on) or a wrong setting",
    async (_name, changes, away) => {
      const found = await preflightProblems(envWith(changes), database);
      expect(found).toHaveLength(1);
      expect(found[0]?.unreachable === true).toBe(away);
    },
  );

  it.each([
    [
      "mail server",
      { SMTP_URL: "smtp://u:p@smtp.atelier.invalid:587" },
      /^The mail server at SMTP_URL cannot be reached: .*ENOTFOUND smtp\.atelier\.invalid/,
    ],
    [
      "PayPal",
      { PAYPAL_API_BASE: "https://api.atelier.invalid" },
      /^PayPal at https:\/\/api\.atelier\.invalid cannot be reached: fetch failed \(.*ENOTFOUND api\.atelier\.invalid\)/,
    ],
  ])(
    "names the %s whose name does not resolve and why, as a service away",
    async (_name, changes, message) => {
      const found = await preflightProblems(envWith(changes), database);
      expect(found).toHaveLength(1);
      expect(found[0]?.text).toMatch(message);
      expect(found[0]?.unreachable).toBe(true);
    },
  );

  it.each([
    [
      "PUBLIC_URL",
      { PUBLIC_URL: "https://shop.example.org", STRIPE_SECRET_KEY: undefined },
      "shop.example.org",
    ],
    [
      "the password in DATABASE_URL",
      { DATABASE_URL: "postgres://atelier:change-me@127.0.0.1:1/atelier" },
      "change-me",
    ],
    ["the password in SMTP_URL", { SMTP_URL: "smtp://shop:change-me@127.0.0.1:1" }, "change-me"],
    ["MAIL_FROM", { MAIL_FROM: "Atelier <info@school.example.org>" }, "school.example.org"],
    ["PAYPAL_WEBHOOK_ID", { PAYPAL_WEBHOOK_ID: "change-me" }, "change-me"],
    ["METRICS_TOKEN", { METRICS_TOKEN: "change-me-to-openssl-rand-hex-32" }, "change-me"],
  ])(
    "names %s still holding the example's placeholder, without the rest of the value",
    async (_name, changes, shown) => {
      const [name] = Object.keys(changes);
      const found = (await problems(changes)).filter((problem) => problem.includes("placeholder"));
      expect(found).toEqual([
        `${name} still holds the example's placeholder (${shown}): set the school's own value (docs/operations.md, "Settings").`,
      ]);
    },
  );

  it.each([
    ["SCHOOL_LEGAL_NAME", { SCHOOL_LEGAL_NAME: "Beispiel Kunstschule gGmbH" }],
    ["SCHOOL_ADDRESS", { SCHOOL_ADDRESS: "Musterstraße 1, 10115 Berlin" }],
    ["SCHOOL_EMAIL", { SCHOOL_EMAIL: "info@school.example.org" }],
  ])("names the seller's %s still holding the example's placeholder", async (name, changes) => {
    const found = await problems(changes);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^The seller's ${name} is still the example's placeholder \\(`));
  });

  it("leaves ADMIN_EMAIL alone: it names the first admin only, a login a running shop may keep", async () => {
    const found = await problems({ ADMIN_EMAIL: "admin@school.example.org" });
    expect(found.filter((problem) => problem.includes("ADMIN_EMAIL"))).toEqual([]);
  });

  it("names every placeholder of deploy/settings.env.example but ADMIN_EMAIL, one line each, as a setting to fix", async () => {
    const example = readFileSync(new URL("../../../deploy/settings.env.example", import.meta.url), "utf8");
    const source: Record<string, string> = {};
    for (const line of example.split("\n")) {
      const match = /^([A-Z_]+)=(.*)$/.exec(line);
      if (match?.[1]) source[match[1]] = (match[2] ?? "").replace(/^"(.*)"$/, "$1");
    }
    // Only the placeholders: the services they name are the stand-ins'.
    const env = loadEnv({
      ...source,
      SMTP_URL: smtpWithPassword("change-me"),
      PAYPAL_API_BASE: base,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
    });
    const found = await preflightProblems({ ...env, DATABASE_URL: source.DATABASE_URL }, database);
    const named = found
      .filter((problem) => /placeholder|still the demo's/.test(problem.text))
      .map((problem) => /^(?:The seller's )?([A-Z_]+)/.exec(problem.text)?.[1]);
    expect(named.sort()).toEqual(
      [
        "DATABASE_URL",
        "MAIL_FROM",
        "METRICS_TOKEN",
        "PAYPAL_CLIENT_ID",
        "PAYPAL_CLIENT_SECRET",
        "PAYPAL_WEBHOOK_ID",
        "PUBLIC_URL",
        "SCHOOL_ADDRESS",
        "SCHOOL_EMAIL",
        "SCHOOL_LEGAL_NAME",
        "SCHOOL_TAX_ID",
        "SMTP_URL",
      ].sort(),
    );
    // Each is a setting to fix: a production start refuses it.
    expect(found.filter((problem) => /placeholder/.test(problem.text)).every((p) => !p.unreachable)).toBe(
      true,
    );
    expect(found.map((problem) => problem.text).join("\n")).not.toContain(source.DATABASE_URL);
  });

  it("checks the seller before the first start too, on a database not migrated yet (D553)", async () => {
    const fresh = await openDatabase({ inMemory: true });
    try {
      const found = await runPreflight(envWith({ SCHOOL_TAX_ID: undefined }), fresh);
      expect(found.filter((problem) => /SCHOOL_TAX_ID is still the demo's/.test(problem))).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it("says when the database does not answer", async () => {
    const gone = { ...database, ping: () => Promise.reject(new Error("connection refused")) };
    const found = await runPreflight(loadEnv(RIGHT()), gone);
    expect(found[0]).toMatch(/The database does not answer \((pglite|postgres)\): connection refused/);
  });
});
