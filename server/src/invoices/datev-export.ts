import { CURRENCY, type DatevSettings, SCHOOL_TIME_ZONE } from "@atelier/contract";
import type { InvoiceLine } from "../db/index.ts";
import {
  documentVatCents,
  includedVatCents,
  lineVatCents,
  type VatTreatment,
  vatTreatment,
} from "./invoice-data.ts";
import type { InvoiceRow } from "./invoices.repository.ts";

/**
 * A month's invoices and credit notes as a DATEV "Buchungsstapel" (D282): the format DATEV documents at
 * developer.datev.de (DATEV-Format, header version 700, category 21, format version 13). A CSV with the
 * header line, the line of column names, then the bookings: semicolons, CR LF, text fields in double
 * quotes (inner quotes doubled), amounts with a decimal comma and no thousands separator, encoded in
 * Windows-1252 (ANSI), the encoding DATEV's import reads without being told.
 */

/** The 125 column names of a Buchungsstapel in format version 13, as DATEV's sample file writes them. */
export const DATEV_COLUMNS: readonly string[] = [
  "Umsatz (ohne Soll/Haben-Kz)",
  "Soll/Haben-Kennzeichen",
  "WKZ Umsatz",
  "Kurs",
  "Basis-Umsatz",
  "WKZ Basis-Umsatz",
  "Konto",
  "Gegenkonto (ohne BU-Schlüssel)",
  "BU-Schlüssel",
  "Belegdatum",
  "Belegfeld 1",
  "Belegfeld 2",
  "Skonto",
  "Buchungstext",
  "Postensperre",
  "Diverse Adressnummer",
  "Geschäftspartnerbank",
  "Sachverhalt",
  "Zinssperre",
  "Beleglink",
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  "KOST1 - Kostenstelle",
  "KOST2 - Kostenstelle",
  "Kost-Menge",
  "EU-Land u. UStID (Bestimmung)",
  "EU-Steuersatz (Bestimmung)",
  "Abw. Versteuerungsart",
  "Sachverhalt L+L",
  "Funktionsergänzung L+L",
  "BU 49 Hauptfunktionstyp",
  "BU 49 Hauptfunktionsnummer",
  "BU 49 Funktionsergänzung",
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  "Stück",
  "Gewicht",
  "Zahlweise",
  "Forderungsart",
  "Veranlagungsjahr",
  "Zugeordnete Fälligkeit",
  "Skontotyp",
  "Auftragsnummer",
  "Buchungstyp",
  "USt-Schlüssel (Anzahlungen)",
  "EU-Mitgliedstaat (Anzahlungen)",
  "Sachverhalt L+L (Anzahlungen)",
  "EU-Steuersatz (Anzahlungen)",
  "Erlöskonto (Anzahlungen)",
  "Herkunft-Kz",
  "Leerfeld",
  "KOST-Datum",
  "SEPA-Mandatsreferenz",
  "Skontosperre",
  "Gesellschaftername",
  "Beteiligtennummer",
  "Identifikationsnummer",
  "Zeichnernummer",
  "Postensperre bis",
  "Bezeichnung SoBil-Sachverhalt",
  "Kennzeichen SoBil-Buchung",
  "Festschreibung",
  "Leistungsdatum",
  "Datum Zuord. Steuerperiode",
  "Fälligkeit",
  "Generalumkehr (GU)",
  "Steuersatz",
  "Land",
  "Abrechnungsreferenz",
  "BVV-Position",
  "EU-Mitgliedstaat u. UStID (Ursprung)",
  "EU-Steuersatz (Ursprung)",
  "Abw. Skontokonto",
];

/** A text field: in double quotes, inner quotes doubled, no control characters, at most `max` characters. */
export function datevText(value: string, max: number): string {
  const clean = value.replace(/[\r\n\t]+/g, " ").slice(0, max);
  return `"${clean.replaceAll('"', '""')}"`;
}

/** An amount: positive, decimal comma, two places, no thousands separator ("1234,50"). */
export function datevAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** The parts of an instant on the Berlin clock. */
function berlinParts(at: Date): Record<string, string> {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: SCHOOL_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  return Object.fromEntries(parts.map((part) => [part.type, part.value]));
}

/** Belegdatum: the Berlin day of issue as DDMM (the year is the batch's). */
export function datevDay(at: Date): string {
  const p = berlinParts(at);
  return `${p.day}${p.month}`;
}

/** "Erzeugt am": YYYYMMDDHHMMSSFFF on the Berlin clock. */
function createdStamp(at: Date): string {
  const p = berlinParts(at);
  const ms = String(at.getUTCMilliseconds()).padStart(3, "0");
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}${ms}`;
}

function lastDayOf(month: string): string {
  const [year, mm] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  return `${month.replace("-", "")}${String(last).padStart(2, "0")}`;
}

/**
 * The header line (31 fields). Fields left empty are the ones DATEV reserves or fills on import
 * ("Importiert", "Importiert von", the reserved fields); Festschreibung 0 leaves fixing the batch to
 * the tax adviser; the fiscal year is the calendar year.
 */
export function datevHeader(settings: DatevSettings, month: string, createdAt: Date): (string | number)[] {
  const year = month.slice(0, 4);
  return [
    datevText("EXTF", 4), // 1 Kennzeichen: a file made outside DATEV
    700, // 2 Versionsnummer of the header
    21, // 3 Formatkategorie: Buchungsstapel
    datevText("Buchungsstapel", 14), // 4 Formatname
    13, // 5 Formatversion
    createdStamp(createdAt), // 6 Erzeugt am
    "", // 7 Importiert (DATEV's)
    datevText("RE", 2), // 8 Herkunft
    datevText("Atelier Shop", 25), // 9 Exportiert von
    datevText("", 25), // 10 Importiert von (DATEV's)
    settings.consultant_number, // 11 Beraternummer
    settings.client_number, // 12 Mandantennummer
    `${year}0101`, // 13 WJ-Beginn
    settings.account_length, // 14 Sachkontenlänge
    `${month.replace("-", "")}01`, // 15 Datum vom
    lastDayOf(month), // 16 Datum bis
    datevText(`Belege ${month}`, 30), // 17 Bezeichnung
    datevText("", 2), // 18 Diktatkürzel
    1, // 19 Buchungstyp: Finanzbuchführung
    0, // 20 Rechnungslegungszweck: independent of it
    0, // 21 Festschreibung: not fixed
    datevText(CURRENCY, 3), // 22 WKZ
    "", // 23 reserviert
    datevText("", 4), // 24 Derivatskennzeichen
    "", // 25 reserviert
    "", // 26 reserviert
    datevText(settings.chart, 2), // 27 Sachkontenrahmen
    "", // 28 ID der Branchenlösung
    "", // 29 reserviert
    datevText("", 16), // 30 reserviert
    datevText("", 16), // 31 Anwendungsinformation
  ];
}

/** One booking as the columns it fills; the other columns stay empty. */
export type DatevBooking = {
  cents: number;
  /** S: the account (Konto) is debited; H: credited. */
  side: "S" | "H";
  account: string;
  contraAccount: string;
  issuedAt: Date;
  number: string;
  text: string;
};

/** The row of a booking, 125 fields; text columns DATEV reads as text are quoted even when empty. */
export function datevRow(booking: DatevBooking): string[] {
  const row: string[] = DATEV_COLUMNS.map(() => "");
  row[0] = datevAmount(booking.cents); // Umsatz
  row[1] = datevText(booking.side, 1); // Soll/Haben-Kennzeichen
  row[2] = datevText(CURRENCY, 3); // WKZ Umsatz
  row[6] = booking.account; // Konto
  row[7] = booking.contraAccount; // Gegenkonto (ohne BU-Schlüssel)
  row[9] = datevDay(booking.issuedAt); // Belegdatum
  row[10] = datevText(booking.number, 36); // Belegfeld 1
  row[13] = datevText(booking.text, 60); // Buchungstext
  return row;
}

/**
 * The amounts one kind of tax is booked in: the lines' sum, in one booking. DATEV's automatic 19 % account
 * works the VAT out of each booking's gross amount; the document states the VAT of each line, rounded to the
 * cent. Where the two differ (two lines of 10,00 €: 1,60 € + 1,60 € on the invoice, 3,19 € of 20,00 €),
 * the taxed lines are booked one by one, so DATEV books the VAT the invoice shows (D509). A credit note's
 * line states its share of its line's VAT (D639), which may differ from its own gross's by a cent: it is
 * booked in two parts whose VAT adds up to it ({@link amountsCarryingVat}).
 */
function bookedAmounts(kind: VatTreatment, lines: readonly InvoiceLine[]): number[] {
  const sum = lines.reduce((total, line) => total + line.totalCents, 0);
  if (kind !== "taxed" || includedVatCents(sum) === documentVatCents(lines)) return [sum];
  return lines.flatMap((line) => amountsCarryingVat(line.totalCents, lineVatCents(line)));
}

/**
 * Gross amounts adding up to `grossCents` whose included VAT, each rounded as DATEV rounds it, adds up to
 * `vatCents` (D639): the amount itself where its VAT is that; else the amount less the smallest part that
 * carries the cent, and that part (3,36 € and 0,04 € for 3,40 € with 0,55 € of VAT). An amount too small to
 * split so (a few of 0,50 € or less) is booked as a larger amount and a smaller one on the other side; a negative
 * amount is booked on the other side. A VAT no such pair reaches (more than a cent off) is left to DATEV.
 */
export function amountsCarryingVat(grossCents: number, vatCents: number): number[] {
  if (includedVatCents(grossCents) === vatCents) return [grossCents];
  for (let part = 1; part < grossCents; part++)
    if (includedVatCents(grossCents - part) + includedVatCents(part) === vatCents)
      return [grossCents - part, part];
  // Amounts 119 cents apart carry VAT 19 cents apart, so the first 119 cents are every part there is.
  for (let part = 1; part <= 119; part++)
    if (includedVatCents(grossCents + part) - includedVatCents(part) === vatCents)
      return [grossCents + part, -part];
  return [grossCents];
}

/**
 * The bookings of one document (D282, D283): per kind of tax one booking of the lines' gross amount from
 * the clearing account (Geldtransit) to the revenue account of that kind (19 %: an automatic VAT account;
 * exempt; a sold gift card: the voucher liability, no revenue). A gift card's part of an invoice's payment
 * is booked from the voucher liability to the clearing account, so the clearing account keeps what the
 * gateway paid. A credit note books the same on the other side (H).
 */
export function documentBookings(row: InvoiceRow, settings: DatevSettings): DatevBooking[] {
  const credit = row.kind === "credit_note";
  const side = credit ? "H" : "S";
  const text = credit
    ? `Gutschrift zu ${row.data.corrects ?? ""}, Best. ${row.orderId}`
    : `Rechnung, Bestellung ${row.orderId}`;
  const revenue = {
    taxed: settings.revenue_taxed_account,
    exempt: settings.revenue_exempt_account,
    voucher: settings.voucher_account,
  } as const;
  const bookings: DatevBooking[] = [];
  for (const kind of ["taxed", "exempt", "voucher"] as const) {
    const lines = row.data.lines.filter((line) => vatTreatment(line) === kind);
    for (const cents of bookedAmounts(kind, lines)) {
      if (cents === 0) continue;
      bookings.push({
        cents: Math.abs(cents),
        // A part booked against the document's side carries a credit note's cent of VAT (D639).
        side: cents > 0 ? side : credit ? "S" : "H",
        account: settings.clearing_account,
        contraAccount: revenue[kind],
        issuedAt: row.issuedAt,
        number: row.number,
        text: kind === "voucher" ? `Gutscheinverkauf, Bestellung ${row.orderId}` : text,
      });
    }
  }
  if (!credit && row.data.giftCardCents > 0) {
    bookings.push({
      cents: row.data.giftCardCents,
      side: "S",
      account: settings.voucher_account,
      contraAccount: settings.clearing_account,
      issuedAt: row.issuedAt,
      number: row.number,
      text: `Gutschein eingelöst, Bestellung ${row.orderId}`,
    });
  }
  return bookings;
}

/** The file's text: header, column names, one or more rows per document, each line ended by CR LF. */
export function datevCsvText(
  rows: readonly InvoiceRow[],
  settings: DatevSettings,
  month: string,
  createdAt: Date,
): string {
  const lines = [datevHeader(settings, month, createdAt).join(";"), DATEV_COLUMNS.join(";")];
  for (const row of rows) {
    for (const booking of documentBookings(row, settings)) lines.push(datevRow(booking).join(";"));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** Windows-1252's characters beyond Latin-1 (0x80–0x9F), by Unicode code point. */
const CP1252_EXTRA: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};

/** Text as Windows-1252 bytes; a character it lacks (Cyrillic, say) becomes "?". */
export function toWindows1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(CP1252_EXTRA[code] ?? 0x3f);
  }
  return Buffer.from(bytes);
}

/** The month's Buchungsstapel as the file the tax adviser imports. */
export function datevBuchungsstapel(
  rows: readonly InvoiceRow[],
  settings: DatevSettings,
  month: string,
  createdAt = new Date(),
): Buffer {
  return toWindows1252(datevCsvText(rows, settings, month, createdAt));
}
