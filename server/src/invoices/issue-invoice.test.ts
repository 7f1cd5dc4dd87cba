import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { type InvoiceData, invoiceCounters, invoices, orders } from "../db/schema/index.ts";
import { createTestDatabase, usesPostgres } from "../test/test-database.ts";
import { formatInvoiceNumber, invoiceSeries, issueInvoice } from "./issue-invoice.ts";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
// Issued documents refuse row deletes (D300); each test starts from no document and no counter by
// TRUNCATE, which the trigger leaves to the table's owner.
beforeEach(async () => {
  await database.db.execute(sql`truncate invoices, invoice_counters cascade`);
});

const ISSUED_2026 = new Date("2026-05-04T10:00:00Z");

const DATA: InvoiceData = {
  locale: "de",
  buyer: {
    first_name: "Eva",
    last_name: "Muster",
    email: "eva@example.org",
    phone_number: "",
    company_name: "",
    street: "",
    post_code: "",
    city: "",
    country: "",
  },
  lines: [],
  totalCents: 4500,
  giftCardCents: 0,
  serviceFrom: null,
  serviceTo: null,
  paymentReference: null,
};

async function paidOrder(): Promise<number> {
  const [row] = await database.db
    .insert(orders)
    .values({ status: "paid", locale: "de" })
    .returning({ id: orders.id });
  if (!row) throw new Error("no order");
  return row.id;
}

const invoiceFor = (orderId: number) => ({
  orderId,
  kind: "invoice" as const,
  data: DATA,
  totalCents: 4500,
});

async function issuedNumbers(): Promise<string[]> {
  const rows = await database.db.select({ number: invoices.number }).from(invoices).orderBy(asc(invoices.id));
  return rows.map((row) => row.number);
}

describe("invoice numbers", () => {
  it("are consecutive per series and year: RE for invoices, GS for credit notes", async () => {
    const [a, b, c] = [await paidOrder(), await paidOrder(), await paidOrder()];
    const db = database.db;
    const first = await db.transaction((tx) => issueInvoice(tx, invoiceFor(a), ISSUED_2026));
    const second = await db.transaction((tx) => issueInvoice(tx, invoiceFor(b), ISSUED_2026));
    const credit = await db.transaction((tx) =>
      issueInvoice(
        tx,
        { orderId: a, kind: "credit_note", data: { ...DATA, corrects: first.number }, totalCents: 4500 },
        ISSUED_2026,
      ),
    );
    const nextYear = await db.transaction((tx) =>
      issueInvoice(tx, invoiceFor(c), new Date("2027-01-01T00:30:00+01:00")),
    );
    expect([first.number, second.number, credit.number, nextYear.number]).toEqual([
      "RE-2026-000001",
      "RE-2026-000002",
      "GS-2026-000001",
      "RE-2027-000001",
    ]);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, credit.id));
    expect(row).toMatchObject({ kind: "credit_note", orderId: a, totalCents: 4500 });
    expect(row?.data.corrects).toBe("RE-2026-000001");
  });

  it("take the year of the issue date in Berlin", () => {
    // 23:30 UTC on New Year's Eve is already the new year in Berlin.
    expect(invoiceSeries("invoice", new Date("2026-12-31T23:30:00Z"))).toBe("RE-2027");
    expect(invoiceSeries("credit_note", new Date("2026-12-31T22:30:00Z"))).toBe("GS-2026");
    expect(formatInvoiceNumber("RE-2026", 1234567)).toBe("RE-2026-1234567");
  });

  it("leave no gap when the paying transaction rolls back", async () => {
    const [a, b, c] = [await paidOrder(), await paidOrder(), await paidOrder()];
    const db = database.db;
    await db.transaction((tx) => issueInvoice(tx, invoiceFor(a), ISSUED_2026));
    const failure = new Error("capture failed after the invoice was issued");
    await expect(
      db.transaction(async (tx) => {
        const taken = await issueInvoice(tx, invoiceFor(b), ISSUED_2026);
        expect(taken.number).toBe("RE-2026-000002");
        throw failure;
      }),
    ).rejects.toBe(failure);
    const next = await db.transaction((tx) => issueInvoice(tx, invoiceFor(c), ISSUED_2026));
    expect(next.number).toBe("RE-2026-000002");
    expect(await issuedNumbers()).toEqual(["RE-2026-000001", "RE-2026-000002"]);
  });

  it("refuse a credit note that names no invoice", async () => {
    const orderId = await paidOrder();
    await expect(
      database.db.transaction((tx) =>
        issueInvoice(tx, { orderId, kind: "credit_note", data: DATA, totalCents: 100 }, ISSUED_2026),
      ),
    ).rejects.toThrow(/corrects/);
    expect(await issuedNumbers()).toEqual([]);
  });

  it("allow one invoice per order", async () => {
    const orderId = await paidOrder();
    await database.db.transaction((tx) => issueInvoice(tx, invoiceFor(orderId), ISSUED_2026));
    await expect(
      database.db.transaction((tx) => issueInvoice(tx, invoiceFor(orderId), ISSUED_2026)),
    ).rejects.toThrow();
    expect(await issuedNumbers()).toEqual(["RE-2026-000001"]);
  });

  // On PostgreSQL the transactions really overlap (a pool of connections); PGlite runs them one by one.
  it(`are 1..20 without gap or duplicate when 25 payments race and 5 roll back (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, async () => {
    const orderIds = await Promise.all(Array.from({ length: 25 }, () => paidOrder()));
    const rolledBack = new Error("rolled back on purpose");
    const results = await Promise.allSettled(
      orderIds.map((orderId, index) =>
        database.db.transaction(async (tx) => {
          const invoice = await issueInvoice(tx, invoiceFor(orderId), ISSUED_2026);
          // Hold the counter's row lock a moment, as a payment's transaction does, so the others queue.
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (index % 5 === 4) throw rolledBack;
          return invoice;
        }),
      ),
    );
    expect(results.filter((r) => r.status === "rejected").map((r) => r.reason)).toEqual(
      Array(5).fill(rolledBack),
    );
    const committed = await issuedNumbers();
    expect(committed).toHaveLength(20);
    expect([...committed].sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => formatInvoiceNumber("RE-2026", i + 1)),
    );
    const [counter] = await database.db.select().from(invoiceCounters);
    expect(counter).toEqual({ series: "RE-2026", lastNumber: 20 });
  });
});

describe(`issued documents (GoBD, D300) on ${usesPostgres() ? "PostgreSQL" : "PGlite"}`, () => {
  it("the database refuses to change or delete an issued invoice or credit note, whatever the column", async () => {
    const orderId = await paidOrder();
    const db = database.db;
    const invoice = await db.transaction((tx) => issueInvoice(tx, invoiceFor(orderId), ISSUED_2026));
    const credit = await db.transaction((tx) =>
      issueInvoice(
        tx,
        { orderId, kind: "credit_note", data: { ...DATA, corrects: invoice.number }, totalCents: 4500 },
        ISSUED_2026,
      ),
    );
    // The database's own message (Drizzle wraps it as the cause of its "Failed query").
    const refusal = (write: PromiseLike<unknown>) =>
      Promise.resolve(write).then(
        () => "accepted",
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    for (const id of [invoice.id, credit.id]) {
      expect(await refusal(db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, id)))).toMatch(
        /cannot be changed or deleted \(GoBD\): UPDATE refused/,
      );
      expect(
        await refusal(
          db.execute(sql`update invoices set data = jsonb_set(data, '{locale}', '"ru"') where id = ${id}`),
        ),
      ).toMatch(/GoBD/);
      expect(await refusal(db.delete(invoices).where(eq(invoices.id, id)))).toMatch(
        /cannot be changed or deleted \(GoBD\): DELETE refused/,
      );
    }
    const rows = await db.select().from(invoices).orderBy(asc(invoices.id));
    expect(rows.map((row) => [row.number, row.totalCents, row.data.locale])).toEqual([
      ["RE-2026-000001", 4500, "de"],
      ["GS-2026-000001", 4500, "de"],
    ]);
  });
});
