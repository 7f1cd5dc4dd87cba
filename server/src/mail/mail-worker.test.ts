import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadEnv } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { createMailer, type Mailer } from "../mailer/index.ts";
import { createTestDatabase, usesPostgres } from "../test/test-database.ts";
import { createMailWorker, createTransport, requeueFailedMail, resendMail } from "./index.ts";
import { retryDelaySeconds } from "./mail-worker.ts";
import { createTestLogger, parseRawMail, startSmtpServer, type TestSmtpServer } from "./test-support.ts";

const LINK = "https://shop.example/?email=confirmed&key=k-42";

let database: Database;
let smtp: TestSmtpServer;
let logger: ReturnType<typeof createTestLogger>;
let mailer: Mailer;

function envFor(smtpUrl: string, intervalMs = "50") {
  return loadEnv({
    NODE_ENV: "test",
    SMTP_URL: smtpUrl,
    PUBLIC_URL: "https://shop.example",
    MAIL_WORKER_INTERVAL_MS: intervalMs,
  });
}

/** The address check's mail to `to`, greeting `firstName`. */
const verifyMail = (to: string, firstName: string) => ({
  to,
  template: "verify-email" as const,
  locale: "de" as const,
  data: { firstName, link: LINK },
});

async function rowOf(id: number) {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** Stands in for the clock moving past the backoff: makes every pending mail due now. */
async function makeAllDue() {
  await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp.close();
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
  smtp.received.length = 0;
  smtp.rejectWith = undefined;
  logger = createTestLogger();
  mailer = createMailer({ db: database.db, env: envFor(smtp.url), logger, maxAttempts: 3 });
});

describe("mail outbox and worker over real SMTP", () => {
  it("sends a mail enqueued in a transaction and marks it sent", async () => {
    const { id } = await database.db.transaction((tx) =>
      mailer.enqueue(tx, {
        to: "anna@example.org",
        template: "verify-email",
        locale: "de",
        data: { firstName: "Anna", link: LINK },
      }),
    );
    expect((await rowOf(id)).status).toBe("pending");

    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const received = smtp.received[0];
    expect(received?.to).toEqual(["anna@example.org"]);
    expect(received?.from).toBe("info@atelier-berlin.example");
    const mail = parseRawMail(received?.raw ?? "");
    expect(mail.subject).toBe("Bitte bestätigen Sie Ihre E-Mail-Adresse");
    expect(mail.headers.get("to")).toBe("anna@example.org");
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(LINK.replace("&", "&amp;"));
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Nothing left: a second drain sends nothing twice.
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("leaves no outbox row when the transaction of its cause rolls back", async () => {
    const rollback = new Error("sign-up failed after the mail was queued");
    await expect(
      database.db.transaction(async (tx) => {
        await mailer.enqueue(tx, {
          to: "boris@example.org",
          template: "password-reset",
          locale: "ru",
          data: { firstName: "Boris", link: LINK },
        });
        throw rollback;
      }),
    ).rejects.toBe(rollback);

    expect(await database.db.select().from(mailOutbox)).toEqual([]);
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("refuses an invalid recipient at enqueue time, inside the caller's transaction", async () => {
    await expect(
      mailer.enqueue(database.db, {
        to: "not an address",
        template: "verify-email",
        locale: "de",
        data: { firstName: "A", link: LINK },
      }),
    ).rejects.toThrow();
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });

  it("retries a rejected mail with backoff and gives up after maxAttempts", async () => {
    smtp.rejectWith = "mailbox temporarily unavailable";
    const { id } = await mailer.enqueue(database.db, {
      to: "clara@example.org",
      template: "contact-request",
      locale: "de",
      data: {
        kind: "callback",
        firstName: "Clara",
        lastName: "Schmidt",
        email: "clara@example.org",
        phone: "+4930123456",
      },
    });

    const before = Date.now();
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 1 });
    let row = await rowOf(id);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain("mailbox temporarily unavailable");
    // 30 s × 2^1 after the first failure; not due again yet.
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + retryDelaySeconds(1) * 1000 - 1000);
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 0 });
    expect(logger.entries.filter((e) => e.level === "warn")).toHaveLength(1);

    await makeAllDue();
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 1 });
    row = await rowOf(id);
    expect(row).toMatchObject({ status: "pending", attempts: 2 });

    await makeAllDue();
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 1 });
    row = await rowOf(id);
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row.sentAt).toBeNull();
    const errors = logger.entries.filter((e) => e.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]?.details).toMatchObject({ mailId: id, attempts: 3 });

    // A failed mail is never picked up again.
    smtp.rejectWith = undefined;
    await makeAllDue();
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("sends a mail on a later attempt once the server accepts again", async () => {
    smtp.rejectWith = "try later";
    const { id } = await mailer.enqueue(database.db, {
      to: "dmitri@example.org",
      template: "order-confirmation",
      locale: "ru",
      data: {
        firstName: "Dmitri",
        orderId: 12,
        invoiceNumber: "RE-2026-000012",
        items: [
          {
            name: "Workshop",
            visitorName: "Lev",
            when: "18.04.2026, 15:00–18:00",
            place: null,
            priceCents: 4500,
            monthlyCents: 0,
            contractNumber: null,
            qr: null,
          },
        ],
        totalCents: 4500,
        giftCardCents: 0,
        monthlyCents: 0,
        profileUrl: "https://shop.example/profile?tab=sales&locale=ru",
      },
    });
    await mailer.drainOnce();
    smtp.rejectWith = undefined;
    await makeAllDue();
    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(parseRawMail(smtp.received[0]?.raw ?? "").subject).toBe(
      "Ваше бронирование № 12 в «Ателье» подтверждено",
    );
  });

  it("lets two workers drain the same outbox without sending a mail twice", async () => {
    for (let i = 0; i < 25; i++) {
      await mailer.enqueue(database.db, {
        to: `visitor${i}@example.org`,
        template: "verify-email",
        locale: i % 2 ? "ru" : "de",
        data: { firstName: `V${i}`, link: LINK },
      });
    }
    const env = envFor(smtp.url);
    const workers = [1, 2].map(() =>
      createMailWorker({ db: database.db, transport: createTransport(env), logger, intervalMs: 50 }),
    );
    const results = await Promise.all(workers.map((worker) => worker.drainOnce()));

    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(25);
    const recipients = smtp.received.flatMap((mail) => mail.to);
    expect(new Set(recipients).size).toBe(25);
    expect(recipients).toHaveLength(25);
    const statuses = await database.db.select({ status: mailOutbox.status }).from(mailOutbox);
    expect(statuses.every((row) => row.status === "sent")).toBe(true);
  });

  // PGlite has a single connection, so a lock held by another session only exists on PostgreSQL.
  it.runIf(usesPostgres())("skips a mail another instance holds locked", async () => {
    const ids: number[] = [];
    for (const name of ["locked", "free"]) {
      const { id } = await mailer.enqueue(database.db, {
        to: `${name}@example.org`,
        template: "verify-email",
        locale: "de",
        data: { firstName: name, link: LINK },
      });
      ids.push(id);
    }
    const [lockedId, freeId] = ids as [number, number];
    // The other instance's lock comes through another pool (the catalogue's): a query of the worker's own
    // handle inside a transaction of that same handle is what the transaction guard refuses (D89).
    await database.readDb.transaction(async (tx) => {
      await tx.select().from(mailOutbox).where(eq(mailOutbox.id, lockedId)).for("update");
      expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });
    });
    expect(smtp.received.flatMap((mail) => mail.to)).toEqual(["free@example.org"]);
    expect((await rowOf(freeId)).status).toBe("sent");
    expect(await rowOf(lockedId)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("sends in the background after start() and stops cleanly", async () => {
    mailer.start();
    try {
      const { id } = await mailer.enqueue(database.db, verifyMail("erik@example.org", "Erik"));
      await vi.waitFor(async () => expect((await rowOf(id)).status).toBe("sent"), { timeout: 5000 });
    } finally {
      await mailer.stop();
    }
    expect(smtp.received).toHaveLength(1);
    expect(logger.entries.some((e) => e.message === "mail worker started")).toBe(true);
  });
});

describe("a mail written is sent at once, not at the worker's next round (D469)", () => {
  it("wakes the worker by the database's notice of the commit", async () => {
    const env = envFor(smtp.url, "60000");
    const woken = createMailer({ db: database.db, env, logger, changes: database.changes });
    woken.start();
    try {
      // The round at start is over and the next one is a minute away; the feed listens (on PostgreSQL its
      // own connection does, once asked).
      await vi.waitFor(() => expect(woken.lastRoundAt()).toBeDefined());
      await vi.waitFor(() => expect(database.changes.live).toBe(true));
      const { id } = await database.db.transaction((tx) =>
        woken.enqueue(tx, verifyMail("lina@example.org", "Lina")),
      );
      await vi.waitFor(async () => expect((await rowOf(id)).status).toBe("sent"), { timeout: 5000 });
    } finally {
      await woken.stop();
    }
    expect(smtp.received.map((mail) => mail.to)).toEqual([["lina@example.org"]]);
  });
});

describe("old sent mails' texts are cleared (D563)", () => {
  it("a week after a sign-in link, 90 days after any other; given-up mails too, waiting ones keep theirs", async () => {
    // Ages on the database's clock, which the clearing reads.
    const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
    const mail = (template: string, status: "sent" | "failed" | "pending", ageDays: number) => ({
      to: `${template}-${status}-${ageDays}@example.org`,
      subject: `Betreff ${template}`,
      html: `<p>Link ${LINK}</p>`,
      text: `Link ${LINK}`,
      template,
      locale: "de" as const,
      attachments: [{ kind: "invoice-pdf" as const, invoiceId: 1, filename: "RE-1.pdf" }],
      status,
      lastError: status === "failed" ? "550 no such user anna@example.org" : null,
      sentAt: status === "sent" ? daysAgo(ageDays) : null,
      createdAt: daysAgo(ageDays),
      nextAttemptAt: daysAgo(-1),
    });
    const rows = await database.db
      .insert(mailOutbox)
      .values([
        mail("verify-email", "sent", 8),
        mail("password-reset", "sent", 8),
        mail("password-reset", "sent", 6),
        mail("order-confirmation", "sent", 8),
        mail("order-confirmation", "sent", 91),
        mail("order-confirmation", "failed", 91),
        mail("order-confirmation", "failed", 10),
        mail("order-confirmation", "pending", 100),
      ])
      .returning({ id: mailOutbox.id });
    // The worker clears after its round, the first time at once.
    await mailer.drainOnce();
    const after = await Promise.all(rows.map((row) => rowOf(row.id)));
    const cleared = after.filter((row) => row.textsClearedAt !== null).map((row) => row.to);
    expect(cleared.sort()).toEqual([
      "order-confirmation-failed-91@example.org",
      "order-confirmation-sent-91@example.org",
      "password-reset-sent-8@example.org",
      "verify-email-sent-8@example.org",
    ]);
    for (const row of after)
      if (row.textsClearedAt) {
        expect(row).toMatchObject({ html: "", text: "", attachments: [], lastError: null });
        // What stays is the record that it went.
        expect(row.subject).toMatch(/^Betreff /);
      } else expect(row.text).toContain(LINK);
    // A cleared mail is not sent again empty: neither a sent one nor a given-up one.
    const id = (to: string) => after.find((row) => row.to === to)?.id ?? 0;
    expect(
      await database.db.transaction((tx) => resendMail(tx, id("order-confirmation-sent-91@example.org"))),
    ).toBe("cleared");
    expect(
      await database.db.transaction((tx) =>
        requeueFailedMail(tx, id("order-confirmation-failed-91@example.org")),
      ),
    ).toBeNull();
  });
});

describe("retryDelaySeconds", () => {
  it("doubles from 30 s and is capped at one hour", () => {
    expect([1, 2, 3, 6, 7, 20].map(retryDelaySeconds)).toEqual([60, 120, 240, 1920, 3600, 3600]);
  });
});
