import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadEnv } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { type InvoiceData, invoices, mailOutbox, orders } from "../db/schema/index.ts";
import { createMailWorker, createTransport, type MailRequest } from "../mail/index.ts";
import {
  createTestLogger,
  parseRawMail,
  startSmtpServer,
  type TestSmtpServer,
} from "../mail/test-support.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { createMailer } from "./index.ts";
import { checkinQrPng } from "./render-tasks.ts";

let database: Database;
let smtp: TestSmtpServer;
let dataDir: string;
let orderId: number;

const DATA: InvoiceData = {
  locale: "ru",
  buyer: {
    first_name: "Ольга",
    last_name: "Иванова",
    email: "olga@example.org",
    phone_number: "",
    company_name: "",
    street: "",
    post_code: "",
    city: "",
    country: "",
  },
  lines: [],
  totalCents: 0,
  giftCardCents: 0,
  serviceFrom: null,
  serviceTo: null,
  paymentReference: null,
};

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  dataDir = await mkdtemp(join(tmpdir(), "atelier-mail-attachments-"));
  const [order] = await database.db.insert(orders).values({ status: "paid" }).returning({ id: orders.id });
  orderId = order?.id ?? 0;
});

afterAll(async () => {
  await smtp.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
  // Issued invoices refuse row deletes (D300); TRUNCATE is the owner's and starts each test without one.
  await database.db.execute(sql`truncate invoices cascade`);
  smtp.received.length = 0;
});

async function insertInvoice(id?: number): Promise<number> {
  const [row] = await database.db
    .insert(invoices)
    .values({ ...(id ? { id } : {}), orderId, number: "RE-2026-000007", totalCents: 0, data: DATA })
    .returning({ id: invoices.id });
  if (!row) throw new Error("no invoice");
  return row.id;
}

const mailWith = (invoiceId: number): MailRequest => ({
  to: "olga@example.org",
  template: "verify-email",
  locale: "ru",
  data: { firstName: "Ольга", link: "https://shop.example/v" },
  attachments: [
    { kind: "invoice-pdf", invoiceId, filename: "RE-2026-000007.pdf" },
    {
      kind: "checkin-qr",
      code: "Zm9vYmFyYmF6cXV4cXV1eA",
      filename: "checkin-1.png",
      cid: "checkin-1@atelier",
    },
  ],
});

async function expectAttached(raw: string) {
  const mail = parseRawMail(raw);
  // nodemailer puts inline images beside the HTML (multipart/related) and files after it.
  const pdf = mail.attachments.find((file) => file.contentType === "application/pdf");
  const png = mail.attachments.find((file) => file.contentType === "image/png");
  expect(mail.attachments).toHaveLength(2);
  expect(pdf).toMatchObject({ filename: "RE-2026-000007.pdf", contentType: "application/pdf" });
  expect((await PDFDocument.load(pdf?.content ?? new Uint8Array())).getTitle()).toBe("Счёт RE-2026-000007");
  expect(png).toMatchObject({
    filename: "checkin-1.png",
    contentType: "image/png",
    cid: "checkin-1@atelier",
    disposition: "inline",
  });
  // The same QR code the shop makes for the item's check-in page: the PNG is deterministic.
  const expected = await checkinQrPng("https://shop.example/QrCodeScanner?code=Zm9vYmFyYmF6cXV4cXV1eA");
  expect(png?.content.equals(expected)).toBe(true);
}

describe("mail attachments", () => {
  it("are stored as references and rendered into the SMTP message when sent", async () => {
    const env = loadEnv({ NODE_ENV: "test", SMTP_URL: smtp.url, PUBLIC_URL: "https://shop.example" });
    const mailer = createMailer({ db: database.db, env, logger: createTestLogger() });
    const { id } = await mailer.enqueue(database.db, mailWith(await insertInvoice()));
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.attachments.map((a) => a.kind)).toEqual(["invoice-pdf", "checkin-qr"]);

    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    await expectAttached(smtp.received[0]?.raw ?? "");
  });

  it("are written into the .eml file without SMTP", async () => {
    const env = loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "https://shop.example" });
    const mailer = createMailer({ db: database.db, env, logger: createTestLogger() });
    const { id } = await mailer.enqueue(database.db, mailWith(await insertInvoice()));
    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });
    const file = (await readdir(join(dataDir, "outbox"))).find((name) => name.startsWith(`${id}-`));
    await expectAttached(await readFile(join(dataDir, "outbox", file ?? ""), "utf8"));
  });

  it("that fail to render fail the attempt, which is retried, and the mail goes out later", async () => {
    const env = loadEnv({ NODE_ENV: "test", SMTP_URL: smtp.url, PUBLIC_URL: "https://shop.example" });
    const logger = createTestLogger();
    const mailer = createMailer({ db: database.db, env, logger });
    const missingId = 987_654;
    const { id } = await mailer.enqueue(database.db, mailWith(missingId));

    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 1 });
    const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed?.lastError).toContain(`invoice ${missingId} not found`);
    expect(smtp.received).toHaveLength(0);

    await insertInvoice(missingId);
    await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });
    await expectAttached(smtp.received[0]?.raw ?? "");
  });

  it("keep a worker without a renderer from sending the mail bare", async () => {
    const env = loadEnv({ NODE_ENV: "test", SMTP_URL: smtp.url });
    const worker = createMailWorker({
      db: database.db,
      transport: createTransport(env),
      logger: createTestLogger(),
      intervalMs: 50,
    });
    const mailer = createMailer({ db: database.db, env, logger: createTestLogger() });
    await mailer.enqueue(database.db, mailWith(await insertInvoice()));
    expect(await worker.drainOnce()).toEqual({ sent: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
  });
});
