import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, berlinDate, DATEV_DEFAULTS, todayInBerlin } from "@atelier/contract";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../config/env.ts";
import { invoices, orderItems, purchaseOptions } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createChild, createParent, createStaff, pageBySlug, SPECIAL_OFFER } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";
import { ACCOUNTING_CSV_HEADER, accountingCsv } from "./accounting-export.ts";
import { documentBookings } from "./datev-export.ts";
import { documentVatCents, formatDay, includedVatCents } from "./invoice-data.ts";
import { invoiceFacts, renderInvoicePdf } from "./invoice-pdf.ts";
import { sellerFromEnv } from "./seller.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
const dir = mkdtempSync(join(tmpdir(), "atelier-credit-note-"));
beforeAll(async () => {
  t = await createCheckoutTestApp();
  for (const slot of t.weekly) await t.setSeats(slot.id, 500);
  staff = await createStaff(t.db);
}, 60_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

function hasPdftotext(): boolean {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function textOf(pdf: Uint8Array): string {
  const file = join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

/** A paid course subscription whose first month a holiday lengthens (D122), refunded in part by staff. */
async function refundedSubscription() {
  // A holiday from the eighth to the 28th day from today, everywhere: the first paid month runs longer.
  const today = todayInBerlin();
  const holiday = await t.call("POST", "/api/v2/admin/closures/", {
    headers: staff.headers,
    body: {
      location_id: null,
      starts_on: addDays(today, 8),
      ends_on: addDays(today, 28),
      name: { de: "Ferien", ru: "Каникулы" },
    },
  });
  expect(holiday.statusCode, holiday.body).toBe(201);
  const parent = await t.parentWithCourse(0);
  const fulfilled = await t.fulfil(parent.headers);
  const { id, order_id: orderId } = fulfilled.json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  if (!item) throw new Error("no item");
  const refund = await t.call("POST", `/api/v2/admin/orders/${orderId}/refunds/`, {
    headers: staff.headers,
    body: {
      request_id: randomUUID(),
      item: item.id,
      amount_cents: 1000,
      cancel_item: false,
      reason: "Ausfall",
    },
  });
  expect(refund.statusCode, refund.body).toBe(200);
  const documents = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const invoice = documents.find((d) => d.kind === "invoice");
  const note = documents.find((d) => d.kind === "credit_note");
  if (!invoice || !note) throw new Error("documents missing");
  return { invoice, note, orderId: orderId as number };
}

describe(`a credit note as a credit note (D280, D281, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("describes the item's service period as its invoice does, by the contract's paid period", async () => {
    const { invoice, note } = await refundedSubscription();
    const invoiceLine = invoice.data.lines[0];
    const noteLine = note.data.lines[0];
    if (!invoiceLine || !noteLine) throw new Error("lines missing");
    // The first month, lengthened by the holiday, is the same on both; the note adds why money came back.
    const firstMonth = /erster Monat: [\d.]+–[\d.]+/.exec(invoiceLine.when)?.[0];
    expect(firstMonth).toBeDefined();
    expect(noteLine.when.startsWith(invoiceLine.when)).toBe(true);
    expect(noteLine.when).toContain(firstMonth);
    expect([note.data.serviceFrom, note.data.serviceTo]).toEqual([
      invoice.data.serviceFrom,
      invoice.data.serviceTo,
    ]);
    // The period is longer than a plain month: the holiday's three weeks are in it.
    const from = Date.parse(note.data.serviceFrom ?? "");
    const to = Date.parse(note.data.serviceTo ?? "");
    expect((to - from) / 86_400_000).toBeGreaterThan(40);
    expect(note.data.corrects).toBe(invoice.number);
    expect(note.data.correctsIssuedOn).toBe(berlinDate(invoice.issuedAt));
  });

  it("labels its own number and date and names the invoice it corrects, in German and Russian", async () => {
    const { invoice, note } = await refundedSubscription();
    const invoiceDay = formatDay(berlinDate(invoice.issuedAt));
    const de = invoiceFacts(note).facts.map(([label]) => label);
    expect(de).toContain("Gutschriftsnummer");
    expect(de).toContain("Gutschriftsdatum");
    expect(de).not.toContain("Rechnungsnummer");
    expect(de).not.toContain("Rechnungsdatum");
    expect(invoiceFacts(note).corrects).toBe(`zur Rechnung Nr. ${invoice.number} vom ${invoiceDay}`);
    const ru = invoiceFacts({ ...note, data: { ...note.data, locale: "ru" } });
    expect(ru.facts.map(([label]) => label)).toEqual(
      expect.arrayContaining(["Номер кредит-ноты", "Дата кредит-ноты"]),
    );
    expect(ru.corrects).toBe(`к счёту № ${invoice.number} от ${invoiceDay}`);
    // The invoice keeps its own labels.
    expect(invoiceFacts(invoice).facts.map(([label]) => label)).toContain("Rechnungsnummer");

    if (!hasPdftotext()) return;
    const seller = sellerFromEnv(loadEnv({}));
    const text = textOf(await renderInvoicePdf(note, note.data.seller ?? seller));
    for (const expected of [
      `Gutschrift / Rechnungskorrektur ${note.number}`,
      "Gutschriftsnummer",
      "Gutschriftsdatum",
      `zur Rechnung Nr. ${invoice.number} vom ${invoiceDay}`,
      "Erstattungsbetrag -10,00",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Rechnungsnummer");
    expect(text).not.toContain("Rechnungsdatum");
    const russian = textOf(
      await renderInvoicePdf({ ...note, data: { ...note.data, locale: "ru" } }, note.data.seller ?? seller),
    );
    expect(russian).toContain(`Кредит-нота (корректировка счёта) ${note.number}`);
    expect(russian).toContain(`к счёту № ${invoice.number} от ${invoiceDay}`);
  });
});

describe(`credit notes of a line refunded in parts (D639, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  /** Two tickets of 10,20 € at 19 % (a special offer), paid: the invoice charges 1,63 € of VAT on each. */
  async function twoTaxedTickets() {
    const offer = await pageBySlug(t.db, SPECIAL_OFFER);
    const option = offer.options[0];
    if (!option) throw new Error("the special offer has no option");
    await t.db
      .update(purchaseOptions)
      .set({ basePriceCents: 1_020 })
      .where(eq(purchaseOptions.id, option.id));
    const parent = await createParent(t.db);
    const child = await createChild(t.db, parent.id, 9);
    for (let i = 0; i < 2; i++) {
      const added = await t.call("POST", "/api/v2/orders/items/", {
        headers: parent.headers,
        body: { product_page: offer.page.id, purchase_option: option.id, visitor: child },
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const fulfilled = await t.fulfil(parent.headers);
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    const { id, order_id: orderId } = fulfilled.json();
    t.standIn.approve(id);
    expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
    const items = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    return { orderId: orderId as number, items: items.map((item) => item.id) };
  }

  const refund = (orderId: number, item: number, cents: number) =>
    t.call("POST", `/api/v2/admin/orders/${orderId}/refunds/`, {
      headers: staff.headers,
      body: { request_id: randomUUID(), item, amount_cents: cents, cancel_item: false, reason: "Ausfall" },
    });

  it("three thirds of one ticket and an uneven split of the other reverse exactly the invoice's VAT and net, in the CSV and in DATEV", async () => {
    const { orderId, items } = await twoTaxedTickets();
    const [thirds, uneven] = items;
    if (thirds === undefined || uneven === undefined) throw new Error("two items expected");
    // Turn by turn, so each item's notes count only that item's earlier ones.
    for (const [item, cents] of [
      [thirds, 340],
      [uneven, 100],
      [thirds, 340],
      [uneven, 410],
      [thirds, 340],
      [uneven, 510],
    ] as const) {
      const reply = await refund(orderId, item, cents);
      expect(reply.statusCode, reply.body).toBe(200);
    }
    const documents = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, orderId))
      .orderBy(asc(invoices.id));
    const [invoice, ...notes] = documents;
    if (!invoice) throw new Error("no invoice");
    expect(invoice.data.lines.map((line) => [line.totalCents, line.vatExempt])).toEqual([
      [1_020, false],
      [1_020, false],
    ]);
    expect(documentVatCents(invoice.data.lines)).toBe(2 * 163);
    const vat = notes.map((note) => documentVatCents(note.data.lines));
    // Each note rounding its own VAT reversed 0,54 € three times and 0,16 + 0,65 + 0,81 €: 1,62 € each.
    expect([vat[0], vat[2], vat[4]]).toEqual([54, 55, 54]);
    expect([vat[1], vat[3], vat[5]]).toEqual([16, 65, 82]);
    expect(vat.reduce((sum, cents) => sum + cents, 0)).toBe(documentVatCents(invoice.data.lines));

    // The month's CSV: the invoice's net and VAT less its notes' leave nothing.
    const csv = accountingCsv(documents, sellerFromEnv(loadEnv({})))
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(";"));
    const column = (name: (typeof ACCOUNTING_CSV_HEADER)[number]) => ACCOUNTING_CSV_HEADER.indexOf(name);
    const sum = (index: number) =>
      csv.reduce((total, fields) => total + Math.round(Number(fields[index]?.replace(",", ".")) * 100), 0);
    expect(sum(column("Netto EUR"))).toBe(0);
    expect(sum(column("USt 19 % EUR"))).toBe(0);
    expect(sum(column("Brutto EUR"))).toBe(0);

    // DATEV works the VAT out of each booking's gross: the notes' bookings carry the VAT each note states.
    for (const note of notes) {
      const bookings = documentBookings(note, DATEV_DEFAULTS);
      const booked = bookings.reduce(
        (total, booking) => total + (booking.side === "H" ? 1 : -1) * includedVatCents(booking.cents),
        0,
      );
      expect(booked, note.number).toBe(documentVatCents(note.data.lines));
      expect(bookings.reduce((total, b) => total + (b.side === "H" ? b.cents : -b.cents), 0)).toBe(
        note.totalCents,
      );
    }

    // The note's PDF states its own share.
    if (!hasPdftotext()) return;
    const second = notes[2];
    if (!second) throw new Error("no second note");
    const text = textOf(await renderInvoicePdf(second, second.data.seller ?? sellerFromEnv(loadEnv({}))));
    expect(text).toContain("0,55");
    expect(text).not.toContain("0,54");
  });
});
