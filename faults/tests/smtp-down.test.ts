import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/api.ts";
import { freshDatabase, type TestDatabase } from "../support/postgres.ts";
import { type Shop, sleep, startShop, waitFor } from "../support/shop.ts";
import { deliveries, type SmtpStandIn, startSmtpStandIn } from "../support/smtp.ts";

type OutboxRow = { id: number; status: string; attempts: number; last_error: string | null };

describe("SMTP down: mails wait in the outbox and all go out once it returns, none twice", () => {
  let database: TestDatabase;
  let smtp: SmtpStandIn;
  let shop: Shop;
  let sender = 0;

  beforeAll(async () => {
    database = await freshDatabase("smtp");
    smtp = await startSmtpStandIn();
    shop = await startShop({
      name: "smtp",
      databaseUrl: database.url,
      // The suite plays the shop's proxy: each contact form comes from its own client address, so the
      // forms' per-address limit (5 a minute) does not end the test.
      env: { SMTP_URL: smtp.url, TRUST_PROXY: "127.0.0.1" },
    });
  });

  afterAll(async () => {
    await shop?.stop();
    await smtp?.stop();
    await database?.drop();
  });

  /** A call-back request: one mail to the school and a confirmation to the sender. */
  async function contactForm() {
    sender += 1;
    const answer = await call(shop.url, "POST", "/api/v2/contact_us/callback/?locale=de", {
      headers: { "x-forwarded-for": `192.0.2.${sender}` },
      body: {
        first_name: "Anna",
        last_name: "Schmidt",
        email: `sender-${sender}@example.org`,
        phone: "+4915112345678",
        comment: `Rückruf ${sender}`,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }

  const outbox = () => database.query<OutboxRow>("select id, status, attempts, last_error from mail_outbox");

  it("keeps mails while the relay refuses connections and sends each once when it is back", async () => {
    await contactForm();
    await waitFor("the first mails to reach the relay", () => smtp.received.length === 2);

    await smtp.stop();
    for (let i = 0; i < 5; i++) await contactForm();
    const waiting = (rows: OutboxRow[]) => rows.filter((row) => row.status !== "sent");
    // Every new mail was tried, failed, and waits for its next attempt (not given up).
    await waitFor("each new mail to have failed once", async () => {
      const rows = waiting(await outbox());
      return rows.length === 10 && rows.every((row) => row.attempts >= 1 && row.last_error !== null);
    });
    expect(waiting(await outbox()).map((row) => row.status)).toEqual(Array(10).fill("pending"));
    expect(smtp.received).toHaveLength(2);
    expect(shop.alive()).toBe(true);

    await smtp.start();
    // The first retry comes 60 s after the failed attempt (the worker's backoff).
    await waitFor(
      "every mail to be sent",
      async () => (await outbox()).every((row) => row.status === "sent"),
      { timeoutMs: 120_000, everyMs: 1000 },
    );
    // Another few worker rounds: nothing goes out a second time.
    await sleep(2000);
    const rows = await outbox();
    expect(rows).toHaveLength(12);
    const counts = deliveries(smtp.received);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
    expect(
      [...counts.values()].every((n) => n === 1),
      "each mail reached the relay once",
    ).toBe(true);
    expect(smtp.received.filter((mail) => mail.template === "contact-confirmation")).toHaveLength(6);
  });
});
