import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DeferredWork } from "../common/deferred-work.ts";
import { mailOutbox, userTokens } from "../db/schema/index.ts";
import { createTestApp } from "../test/test-app.ts";
import { createAccountsService } from "./accounts.service.ts";
import * as secrets from "./secrets.ts";
import { insertUser } from "./users.repository.ts";

// Counts the argon2 runs of the code under test; the real hash still runs.
vi.mock("./secrets.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./secrets.ts")>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(mailOutbox);
  await ctx.database.db.delete(userTokens);
});

describe("password reset confirm", () => {
  it("checks the link before hashing: a wrong token or uid never runs the password hasher", async () => {
    const user = await insertUser(ctx.database.db, {
      email: "hash-count@example.org",
      passwordHash: "x",
      firstName: "Anna",
      lastName: "Schmidt",
      emailVerifiedAt: new Date(),
    });
    const hasher = vi.mocked(secrets.hashPassword);
    hasher.mockClear();
    for (const uid of [user.id.toString(36), "zzzzzz", "!"]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/auth/password/reset/confirm/",
        payload: {
          uid,
          token: "guessed-token",
          new_password1: "Neues-Passwort2",
          new_password2: "Neues-Passwort2",
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_codes).toEqual({ token: ["invalid_token"] });
    }
    expect(hasher).not.toHaveBeenCalled();
  });
});

describe("reset and resend reveal nothing about registered addresses", () => {
  /** A stand-in that keeps the deferred tasks, so the test sees what the request itself did. */
  function recordingDeferred() {
    const tasks: (() => Promise<unknown>)[] = [];
    const deferred: DeferredWork = {
      run: (_name, task) => {
        tasks.push(task);
      },
      idle: async () => {},
    };
    return { tasks, deferred };
  }

  async function storedWork() {
    const db = ctx.database.db;
    return {
      tokens: (await db.select().from(userTokens)).length,
      mails: (await db.select().from(mailOutbox)).length,
    };
  }

  it.each([
    ["password reset", "requestPasswordReset", { emailVerifiedAt: new Date() }],
    ["resend verification", "resendVerification", { emailVerifiedAt: null }],
  ] as const)(
    "%s: known and unknown addresses take the same path; the lookup runs after the reply",
    async (_label, method, state) => {
      const known = `known-${method.toLowerCase()}@example.org`;
      await insertUser(ctx.database.db, {
        email: known,
        passwordHash: "x",
        firstName: "Anna",
        lastName: "Schmidt",
        ...state,
      });
      const { tasks, deferred } = recordingDeferred();
      const accounts = createAccountsService(ctx.database.db, ctx.env, deferred);

      const replies = [
        accounts[method](known, "de"),
        accounts[method](`unknown-${method}@example.org`, "de"),
      ];
      // Both calls returned at once, with nothing looked up, stored or queued yet, and one task each.
      expect(replies).toEqual([undefined, undefined]);
      expect(tasks).toHaveLength(2);
      expect(await storedWork()).toEqual({ tokens: 0, mails: 0 });

      for (const task of tasks) await task();
      const mails = await ctx.database.db.select().from(mailOutbox);
      expect(mails.map((mail) => mail.to)).toEqual([known]);
    },
  );
});

describe("WEB_URL", () => {
  it("puts the reset link on the web app's origin; PUBLIC_URL stays the API's", async () => {
    await insertUser(ctx.database.db, {
      email: "web-url@example.org",
      passwordHash: "x",
      firstName: "Anna",
      lastName: "Schmidt",
      emailVerifiedAt: new Date(),
    });
    const tasks: (() => Promise<unknown>)[] = [];
    const deferred: DeferredWork = { run: (_name, task) => void tasks.push(task), idle: async () => {} };
    const accounts = createAccountsService(
      ctx.database.db,
      { ...ctx.env, WEB_URL: "https://app.school.test/" },
      deferred,
    );
    accounts.requestPasswordReset("web-url@example.org", "de");
    for (const task of tasks) await task();
    const [sent] = await ctx.database.db.select().from(mailOutbox);
    expect(sent?.text).toMatch(/https:\/\/app\.school\.test\/\?uid=\w+&token=/);
    expect(ctx.env.WEB_URL).toBe(ctx.env.PUBLIC_URL);
  });

  it("sends the browser back to the web app after e-mail verification", async () => {
    const web = await createTestApp({ env: { WEB_URL: "https://app.school.test" }, database: ctx.database });
    try {
      const res = await web.app.inject({
        method: "GET",
        url: "/api/v2/users/verify_email/?uid=zz&token=made-up",
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("https://app.school.test/?email=invalid&locale=de");
    } finally {
      await web.close();
    }
  });
});
