import { DATEV_DEFAULTS } from "@atelier/contract";
import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { type InvoiceData, type InvoiceLine, invoices, orders } from "../db/schema/index.ts";
import { propertyRuns } from "../test/property-runs.ts";
import { createTestDatabase, usesPostgres } from "../test/test-database.ts";
import { amountsCarryingVat, documentBookings } from "./datev-export.ts";
import { documentVatCents, includedVatCents } from "./invoice-data.ts";
import { issueInvoice } from "./issue-invoice.ts";

/**
 * fast-check over credit notes of one 19 % line refunded in parts (D639): whatever the parts, the notes
 * reverse in all exactly the VAT and net the invoice charged, and DATEV books the VAT each note states.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const RUNS = propertyRuns(100);

const line = (totalCents: number): InvoiceLine => ({
  name: "Familien-Keramikabend",
  productType: "SpecialOffer",
  visitorName: null,
  when: "12.03.2027, 18:00–20:30",
  place: null,
  listCents: totalCents,
  discountCents: 0,
  totalCents,
  vatExempt: false,
});

const data = (lines: InvoiceLine[], corrects?: string): InvoiceData => ({
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
  lines,
  totalCents: lines.reduce((sum, l) => sum + l.totalCents, 0),
  giftCardCents: 0,
  serviceFrom: null,
  serviceTo: null,
  paymentReference: null,
  ...(corrects ? { corrects } : {}),
});

/** A gross amount and the parts it is refunded in, in their order: the whole, or up to six parts. */
const refundedInParts = fc.integer({ min: 1, max: 60_000 }).chain((gross) =>
  fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, gross - 1) }), { maxLength: 5 }).map((cuts) => {
    const points = [0, ...cuts.filter((cut) => cut < gross).sort((a, b) => a - b), gross];
    return { gross, parts: points.slice(1).map((point, i) => point - (points[i] ?? 0)) };
  }),
);

describe(`credit notes of a line refunded in parts (D639, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("reverse in all the invoice's VAT and net, and what was refunded so far carries its own VAT at every step", async () => {
    await fc.assert(
      fc.asyncProperty(refundedInParts, async ({ gross, parts }) => {
        const db = database.db;
        const [order] = await db.insert(orders).values({ status: "paid" }).returning({ id: orders.id });
        if (!order) throw new Error("no order");
        const invoice = await db.transaction((tx) =>
          issueInvoice(tx, {
            orderId: order.id,
            kind: "invoice",
            data: data([line(gross)]),
            totalCents: gross,
          }),
        );
        for (const part of parts)
          await db.transaction((tx) =>
            issueInvoice(tx, {
              orderId: order.id,
              kind: "credit_note",
              data: data([line(part)], invoice.number),
              totalCents: part,
            }),
          );
        const notes = await db
          .select()
          .from(invoices)
          .where(eq(invoices.orderId, order.id))
          .orderBy(asc(invoices.id));
        const credited = notes.filter((note) => note.kind === "credit_note");
        expect(credited).toHaveLength(parts.length);
        let grossSoFar = 0;
        let vatSoFar = 0;
        for (const note of credited) {
          const vat = documentVatCents(note.data.lines);
          grossSoFar += note.totalCents;
          vatSoFar += vat;
          expect(vatSoFar).toBe(includedVatCents(grossSoFar));
          // A cent at most from what the note's own gross carries.
          expect(Math.abs(vat - includedVatCents(note.totalCents))).toBeLessThanOrEqual(1);
          // DATEV's automatic account books what the note states.
          const bookings = documentBookings(note, DATEV_DEFAULTS);
          const sign = (side: "S" | "H") => (side === "H" ? 1 : -1);
          expect(bookings.reduce((sum, b) => sum + sign(b.side) * includedVatCents(b.cents), 0)).toBe(vat);
          expect(bookings.reduce((sum, b) => sum + sign(b.side) * b.cents, 0)).toBe(note.totalCents);
        }
        expect(grossSoFar).toBe(gross);
        expect(vatSoFar).toBe(includedVatCents(gross));
        expect(grossSoFar - vatSoFar).toBe(gross - includedVatCents(gross));
      }),
      RUNS,
    );
  }, 300_000);

  it("DATEV: any note's share of a line's VAT is carried by the amounts it is booked in", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (before, gross) => {
          const vat = includedVatCents(before + gross) - includedVatCents(before);
          const amounts = amountsCarryingVat(gross, vat);
          expect(amounts.reduce((sum, cents) => sum + cents, 0)).toBe(gross);
          expect(
            amounts.reduce((sum, cents) => sum + Math.sign(cents) * includedVatCents(Math.abs(cents)), 0),
          ).toBe(vat);
          expect(amounts.length).toBeLessThanOrEqual(2);
        },
      ),
      propertyRuns(2_000),
    );
  });
});
