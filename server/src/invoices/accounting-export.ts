import { Readable } from "node:stream";
import { INTL_LOCALES, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { asc, sql } from "drizzle-orm";
import { centsForSpreadsheet, toCsv, ZipWriter } from "../common/index.ts";
import { type DbOrTx, invoices } from "../db/index.ts";
import { documentVatCents, VAT_RATE_PERCENT } from "./invoice-data.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import type { InvoiceRow } from "./invoices.repository.ts";
import type { Seller } from "./seller.ts";

/** The invoices and credit notes issued in one Berlin month (`YYYY-MM`), by number. */
export async function findMonthDocuments(db: DbOrTx, month: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(sql`to_char(${invoices.issuedAt} at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM') = ${month}`)
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
}

/** The Berlin calendar day of an instant, as the tax adviser reads dates: DD.MM.YYYY. */
function germanDay(at: Date): string {
  return new Intl.DateTimeFormat(INTL_LOCALES.de, {
    timeZone: SCHOOL_TIME_ZONE,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(at);
}

export const ACCOUNTING_CSV_HEADER = [
  "Belegnummer",
  "Belegart",
  "Datum",
  "Bestellung",
  "Kunde",
  "E-Mail",
  "Netto EUR",
  `USt ${VAT_RATE_PERCENT} % EUR`,
  "USt-Hinweis",
  "Brutto EUR",
  "Korrigiert Rechnung",
  "Zahlungsreferenz",
] as const;

/**
 * One row per document (D134). Net, VAT and gross are signed: a credit note's amounts are negative, so the
 * month's column sums are what the school kept. Gross is the document's total (a gift card's part
 * included); VAT is the included 19 % of the taxed lines; the VAT note names the exemption of the others.
 */
export function accountingCsv(rows: readonly InvoiceRow[], seller: Seller): string {
  return toCsv(
    ACCOUNTING_CSV_HEADER,
    rows.map((row) => {
      const sign = row.kind === "credit_note" ? -1 : 1;
      const vat = documentVatCents(row.data.lines);
      const exempt = row.data.lines.some((line) => line.vatExempt);
      const buyer = row.data.buyer;
      return [
        row.number,
        row.kind === "credit_note" ? "Gutschrift" : "Rechnung",
        germanDay(row.issuedAt),
        row.orderId,
        [buyer.first_name, buyer.last_name].filter(Boolean).join(" ") || buyer.company_name,
        buyer.email,
        centsForSpreadsheet(sign * (row.totalCents - vat)),
        centsForSpreadsheet(sign * vat),
        exempt ? (row.data.seller ?? seller).vatNote.de : "",
        centsForSpreadsheet(sign * row.totalCents),
        row.data.corrects ?? "",
        row.data.paymentReference ?? "",
      ];
    }),
  );
}

/**
 * The month's documents as PDFs in one ZIP (STORE), each named by its number, with the CSV beside them.
 * A stream (D397): each PDF goes out as soon as it is drawn, so the download starts at once and holds one
 * PDF and the directory in memory, not the month's archive; a month of 800 documents takes longer than a
 * request may stay silent. Pulled by the response, so a slow client slows the drawing down.
 */
export function accountingZip(rows: readonly InvoiceRow[], seller: Seller, month: string): Readable {
  return Readable.from(accountingZipParts(rows, seller, month), { objectMode: false });
}

async function* accountingZipParts(
  rows: readonly InvoiceRow[],
  seller: Seller,
  month: string,
): AsyncGenerator<Buffer> {
  const zip = new ZipWriter();
  for (const row of rows) {
    const data = await renderInvoicePdf(row, row.data.seller ?? seller);
    yield zip.add({ name: `${row.number}.pdf`, data, modified: row.issuedAt });
  }
  yield zip.add({ name: `belege-${month}.csv`, data: Buffer.from(accountingCsv(rows, seller), "utf8") });
  yield zip.finish();
}
