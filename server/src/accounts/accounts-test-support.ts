import { normalizeEmail } from "@atelier/contract";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { App } from "../app.ts";
import { loadEnv } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import {
  createTestLogger,
  parseRawMail,
  startSmtpServer,
  type TestSmtpServer,
} from "../mail/test-support.ts";
import { createMailer, type Mailer } from "../mailer/index.ts";

/** Helpers of the account tests: mail through a real SMTP server, sign-up and sign-in through the API. */

export const PASSWORD = "Sicher-Passwort1";

export type MailBox = {
  smtp: TestSmtpServer;
  /** Sends the outbox and returns the mails that arrived for `to` since the last call (of either). */
  receive(to: string): Promise<{ subject: string; text: string; link: string }[]>;
  /** Sends the outbox and returns every mail that arrived since the last call, with its recipients. */
  receiveAll(): Promise<{ to: string[]; subject: string; text: string; link: string }[]>;
  close(): Promise<void>;
};

export async function startMailBox(database: Database): Promise<MailBox> {
  const smtp = await startSmtpServer();
  const mailer: Mailer = createMailer({
    db: database.db,
    env: loadEnv({ NODE_ENV: "test", SMTP_URL: smtp.url, PUBLIC_URL: "http://shop.test" }),
    logger: createTestLogger(),
  });
  let seen = 0;
  const receiveAll = async () => {
    await mailer.drainOnce();
    const fresh = smtp.received.slice(seen);
    seen = smtp.received.length;
    return fresh.map((mail) => {
      const parsed = parseRawMail(mail.raw);
      const link = /https?:\/\/\S+/.exec(parsed.text)?.[0] ?? "";
      return { to: mail.to.map(normalizeEmail), subject: parsed.subject, text: parsed.text, link };
    });
  };
  return {
    smtp,
    receiveAll,
    async receive(to) {
      return (await receiveAll())
        .filter((mail) => mail.to.includes(normalizeEmail(to)))
        .map(({ subject, text, link }) => ({ subject, text, link }));
    },
    close: () => smtp.close(),
  };
}

let phoneCounter = 0;
/** A valid German mobile number not used by any other test user. */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `+49151${String(1_000_000 + phoneCounter).padStart(8, "0")}`;
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    email: "anna@example.org",
    phone_number: uniquePhone(),
    password1: PASSWORD,
    password2: PASSWORD,
    first_name: "Anna",
    last_name: "Schmidt",
    ...overrides,
  };
}

export function signUp(app: App, body: Record<string, unknown>, locale = "de") {
  return app.inject({ method: "POST", url: `/api/v2/users/sign_up/?locale=${locale}`, payload: body });
}

export function signIn(app: App, email: string, password = PASSWORD) {
  return app.inject({ method: "POST", url: "/api/v2/users/sign_in/", payload: { email, password } });
}

/** Opens a link from a mail against the app (the shop's origin is http://shop.test). */
export function openLink(app: App, link: string) {
  const url = new URL(link);
  return app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
}

/**
 * What the shop page of a verification mail's link does (D167): posts the link's `uid` and `verify_token`
 * to the server, which verifies the address and answers a key.
 */
/**
 * Posts a verification link's values as the shop page does: from the registering browser (`key`, its
 * sign-up's session) or elsewhere with the sign-up's `password` (D540).
 */
export function verifyByLink(app: App, link: string, proof: { key?: string; password?: string } = {}) {
  const url = new URL(link);
  return app.inject({
    method: "POST",
    url: "/api/v2/users/verify_email/",
    ...(proof.key ? { headers: { authorization: `Token ${proof.key}` } } : {}),
    payload: {
      uid: url.searchParams.get("uid") ?? "",
      token: url.searchParams.get("verify_token") ?? "",
      ...(proof.password === undefined ? {} : { password: proof.password }),
    },
  });
}

/** Signs up, follows the verification mail's link and signs in; returns the key. */
export async function createVerifiedUser(
  app: App,
  mail: MailBox,
  overrides: Record<string, unknown> = {},
): Promise<{ key: string; email: string; phone: string }> {
  const body = signUpBody(overrides);
  const res = await signUp(app, body);
  expect(res.statusCode, res.body).toBe(201);
  const [verification] = await mail.receive(body.email as string);
  expect(verification).toBeDefined();
  const verified = await verifyByLink(app, verification?.link ?? "", { key: res.json().key });
  expect(verified.statusCode, verified.body).toBe(200);
  const signedIn = await signIn(app, body.email as string, body.password1 as string);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return { key: signedIn.json().key, email: body.email as string, phone: body.phone_number as string };
}

export const auth = (key: string) => ({ authorization: `Token ${key}` });

/** The `error_codes` of a DRF-style error body. */
export function errorCodes(res: LightMyRequestResponse): Record<string, unknown> {
  return res.json().error_codes;
}
