import { Readable } from "node:stream";
import { INTL_LOCALES, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { asc, sql } from "drizzle-orm";
import { centsForSpreadsheet, toCsv, ZipWriter } from "../common/index.ts";
import { type DbOrTx, invoices } from "../db/index.ts";
import { documentVatCents, VAT_RATE_PERCENT, vatTreatment } from "./invoice-data.ts";
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
  "davon steuerfrei EUR",
  "davon Gutscheinverkauf EUR",
  "davon mit Gutschein bezahlt EUR",
] as const;

/** The CSV's note for a gift card sold (D283, D535): why its row carries no VAT. */
export const VOUCHER_CSV_NOTE = "Mehrzweck-Gutschein (§ 3 Abs. 15 UStG): keine Umsatzsteuer beim Verkauf";

/**
 * One row per document (D134). Net, VAT and gross are signed: a credit note's amounts are negative. Gross is
 * the document's total (a gift card's part included); VAT is the included 19 % of the taxed lines. The VAT
 * note names why the other lines carry none, per kind, and the last two columns say how much of the gross
 * is exempt (§ 4 Nr. 21 UStG) and how much a gift card's sale (not revenue until the card is spent), so the
 * month's sums can be read as the school kept them (D535). The last says how much of an invoice a gift card
 * paid, so gross less it is what the gateway received (D554).
 */
export function accountingCsv(rows: readonly InvoiceRow[], seller: Seller): string {
  return toCsv(
    ACCOUNTING_CSV_HEADER,
    rows.map((row) => {
      const sign = row.kind === "credit_note" ? -1 : 1;
      const vat = documentVatCents(row.data.lines);
      const part = (treatment: ReturnType<typeof vatTreatment>) =>
        row.data.lines
          .filter((line) => vatTreatment(line) === treatment)
          .reduce((sum, line) => sum + line.totalCents, 0);
      const exemptCents = part("exempt");
      const voucherCents = part("voucher");
      const notes = [
        row.data.lines.some((line) => vatTreatment(line) === "exempt")
          ? (row.data.seller ?? seller).vatNote.de
          : "",
        row.data.lines.some((line) => vatTreatment(line) === "voucher") ? VOUCHER_CSV_NOTE : "",
      ].filter(Boolean);
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
        notes.join(" "),
        centsForSpreadsheet(sign * row.totalCents),
        row.data.corrects ?? "",
        row.data.paymentReference ?? "",
        centsForSpreadsheet(sign * exemptCents),
        centsForSpreadsheet(sign * voucherCents),
        centsForSpreadsheet(sign * (row.data.giftCardCents ?? 0)),
      ];
    }),
  );
}

/** What a document that could not be drawn leaves in the archive instead: its number, in both languages. */
export const MISSING_DOCUMENTS_FILE = "FEHLENDE-BELEGE.txt";

function missingDocumentsNote(numbers: readonly string[]): Buffer {
  const list = numbers.map((number) => `- ${number}`).join("\r\n");
  return Buffer.from(
    [
      "Diese Belege konnten nicht als PDF erstellt werden und fehlen in diesem Archiv (die CSV-Datei nennt sie).",
      "Bitte laden Sie das Archiv später erneut herunter oder öffnen Sie den Beleg in der Bestellung.",
      list,
      "",
      "Эти документы не удалось создать в PDF, поэтому их нет в архиве (в CSV-файле они есть).",
      "Пожалуйста, скачайте архив позже ещё раз или откройте документ в заказе.",
      list,
      "",
    ].join("\r\n"),
    "utf8",
  );
}

/**
 * The month's documents as PDFs in one ZIP (STORE), each named by its number, with the CSV beside them.
 * A stream (D397): each PDF goes out as soon as it is drawn, so the download starts at once and holds one
 * PDF and the directory in memory, not the month's archive; a month of 800 documents takes longer than a
 * request may stay silent. Pulled by the response, so a slow client slows the drawing down.
 * Once the first bytes are out the answer can no longer become an error: a PDF that fails to draw is
 * reported to `onFailure` (the server's log) and named in `FEHLENDE-BELEGE.txt` inside a whole archive,
 * so staff see what is missing instead of a broken download.
 */
export function accountingZip(
  rows: readonly InvoiceRow[],
  seller: Seller,
  month: string,
  onFailure: (number: string, error: unknown) => void = () => {},
): Readable {
  return Readable.from(accountingZipParts(rows, seller, month, onFailure), { objectMode: false });
}

async function* accountingZipParts(
  rows: readonly InvoiceRow[],
  seller: Seller,
  month: string,
  onFailure: (number: string, error: unknown) => void,
): AsyncGenerator<Buffer> {
  const zip = new ZipWriter();
  const missing: string[] = [];
  for (const row of rows) {
    let data: Uint8Array;
    try {
      data = await renderInvoicePdf(row, row.data.seller ?? seller);
    } catch (error) {
      missing.push(row.number);
      onFailure(row.number, error);
      continue;
    }
    yield zip.add({ name: `${row.number}.pdf`, data, modified: row.issuedAt });
  }
  yield zip.add({ name: `belege-${month}.csv`, data: Buffer.from(accountingCsv(rows, seller), "utf8") });
  if (missing.length) yield zip.add({ name: MISSING_DOCUMENTS_FILE, data: missingDocumentsNote(missing) });
  yield zip.finish();
}
