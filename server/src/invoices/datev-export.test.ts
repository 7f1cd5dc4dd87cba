import { DATEV_DEFAULTS, type DatevSettings } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import type { InvoiceData, InvoiceLine } from "../db/index.ts";
import {
  DATEV_COLUMNS,
  datevBuchungsstapel,
  datevCsvText,
  datevHeader,
  documentBookings,
  toWindows1252,
} from "./datev-export.ts";
import type { InvoiceRow } from "./invoices.repository.ts";

/**
 * The DATEV Buchungsstapel against DATEV's documented format (D282): developer.datev.de, DATEV-Format,
 * header (31 fields, version 700, category 21, format version 13) and the Buchungsstapel's 125 columns.
 */

const settings: DatevSettings = { ...DATEV_DEFAULTS, consultant_number: 29098, client_number: 55003 };

const line = (over: Partial<InvoiceLine>): InvoiceLine => ({
  name: "Kurs",
  productType: "Course",
  visitorName: null,
  when: "",
  place: null,
  listCents: 0,
  discountCents: 0,
  totalCents: 0,
  vatExempt: true,
  ...over,
});

const data = (lines: InvoiceLine[], over: Partial<InvoiceData> = {}): InvoiceData => ({
  locale: "de",
  buyer: {
    first_name: "Ольга",
    last_name: "Müller",
    email: "o@example.org",
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
  ...over,
});

const row = (over: Partial<InvoiceRow>): InvoiceRow =>
  ({
    id: 1,
    orderId: 4711,
    kind: "invoice",
    number: "RE-2026-000042",
    // 23:30 UTC on 30 November is 1 December in Berlin: the Belegdatum is Berlin's day.
    issuedAt: new Date("2026-11-30T23:30:00Z"),
    totalCents: 0,
    data: data([]),
    createdAt: new Date(),
    ...over,
  }) as InvoiceRow;

/** Splits one CSV line at the semicolons outside quotes. */
function fields(text: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (char === ";" && !quoted) {
      out.push(current);
      current = "";
    } else current += char;
  }
  out.push(current);
  return out;
}

describe("the DATEV Buchungsstapel (D282)", () => {
  it("writes the header line of 31 fields as DATEV documents it", () => {
    const created = new Date("2026-12-02T09:15:30.123Z");
    const header = fields(datevHeader(settings, "2026-11", created).join(";"));
    expect(header).toHaveLength(31);
    expect(header.slice(0, 6)).toEqual([
      '"EXTF"',
      "700",
      "21",
      '"Buchungsstapel"',
      "13",
      "20261202101530123",
    ]);
    expect(header[7]).toBe('"RE"');
    expect(header[10]).toBe("29098"); // Beraternummer
    expect(header[11]).toBe("55003"); // Mandantennummer
    expect(header[12]).toBe("20260101"); // WJ-Beginn
    expect(header[13]).toBe("4"); // Sachkontenlänge
    expect(header[14]).toBe("20261101"); // Datum vom
    expect(header[15]).toBe("20261130"); // Datum bis
    expect(header[16]).toBe('"Belege 2026-11"');
    expect(header[18]).toBe("1"); // Buchungstyp Finanzbuchführung
    expect(header[20]).toBe("0"); // not fixed
    expect(header[21]).toBe('"EUR"');
    expect(header[26]).toBe('"03"'); // SKR
    // February of a leap year ends on the 29th.
    expect(fields(datevHeader(settings, "2028-02", created).join(";"))[15]).toBe("20280229");
  });

  it("writes the 125 column names, then one row of 125 fields per document, CR LF", () => {
    expect(DATEV_COLUMNS).toHaveLength(125);
    expect(DATEV_COLUMNS.slice(0, 14)).toEqual([
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
    ]);
    expect(DATEV_COLUMNS[124]).toBe("Abw. Skontokonto");
    const invoice = row({ data: data([line({ totalCents: 123450 })]) });
    const text = datevCsvText([invoice], settings, "2026-12", new Date());
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(DATEV_COLUMNS.join(";"));
    const booking = fields(lines[2] ?? "");
    expect(booking).toHaveLength(125);
    expect(booking.slice(0, 14)).toEqual([
      "1234,50", // decimal comma, no thousands separator
      '"S"',
      '"EUR"',
      "",
      "",
      "",
      "1360", // Konto: Geldtransit
      "8100", // Gegenkonto: steuerfreie Umsätze
      "",
      "0112", // Belegdatum DDMM, Berlin's day
      '"RE-2026-000042"',
      "",
      "",
      '"Rechnung, Bestellung 4711"',
    ]);
  });

  it("books taxed and exempt lines to their revenue accounts, a credit note on the credit side", () => {
    const invoice = row({
      data: data([
        line({ totalCents: 7900 }),
        line({ totalCents: 2500, vatExempt: false, productType: "Event" }),
      ]),
    });
    expect(documentBookings(invoice, settings)).toMatchObject([
      { cents: 2500, side: "S", account: "1360", contraAccount: "8400" },
      { cents: 7900, side: "S", account: "1360", contraAccount: "8100" },
    ]);
    const note = row({
      kind: "credit_note",
      number: "GS-2026-000007",
      data: data([line({ totalCents: 1000 })], { corrects: "RE-2026-000042" }),
    });
    const [credit] = documentBookings(note, { ...settings, revenue_exempt_account: "4100" });
    expect(credit).toMatchObject({ cents: 1000, side: "H", contraAccount: "4100", number: "GS-2026-000007" });
    expect(credit?.text).toBe("Gutschrift zu RE-2026-000042, Best. 4711");
  });

  it("books taxed lines one by one where their VAT, rounded per line as the invoice prints it, differs from the sum's (D509)", () => {
    // Two children at one event: 1,60 € + 1,60 € VAT on the invoice; DATEV would take 3,19 € out of 20,00 €.
    const twins = row({
      data: data([
        line({ totalCents: 1000, vatExempt: false, productType: "Event" }),
        line({ totalCents: 1000, vatExempt: false, productType: "Event" }),
        line({ totalCents: 7900 }),
      ]),
    });
    expect(documentBookings(twins, settings)).toMatchObject([
      { cents: 1000, contraAccount: "8400" },
      { cents: 1000, contraAccount: "8400" },
      { cents: 7900, contraAccount: "8100" },
    ]);
    // 10,00 € and 20,00 €: 1,60 € + 3,19 € = 4,79 €, as 30,00 € gives: one booking.
    const same = row({
      data: data([
        line({ totalCents: 1000, vatExempt: false, productType: "Event" }),
        line({ totalCents: 2000, vatExempt: false, productType: "Event" }),
      ]),
    });
    expect(documentBookings(same, settings)).toMatchObject([{ cents: 3000, contraAccount: "8400" }]);
  });

  it("books a credit note's share of its line's VAT in two parts when its own gross carries another (D639)", () => {
    // The second of three thirds of a 10,20 € ticket: 3,40 € reversing 0,55 € (0,54 € + 0,55 € + 0,54 €).
    const note = (totalCents: number, vatCents: number) =>
      row({
        kind: "credit_note",
        number: "GS-2026-000008",
        data: data([line({ totalCents, vatCents, vatExempt: false, productType: "Event" })], {
          corrects: "RE-2026-000042",
        }),
      });
    expect(documentBookings(note(340, 55), settings)).toMatchObject([
      { cents: 336, side: "H", contraAccount: "8400", number: "GS-2026-000008" },
      { cents: 4, side: "H", contraAccount: "8400", number: "GS-2026-000008" },
    ]);
    // Its own gross's VAT: one booking, as before.
    expect(documentBookings(note(340, 54), settings)).toMatchObject([{ cents: 340, side: "H" }]);
    // Two cents reversing one: too little to split, so 0,04 € on H (0,01 € of VAT) and 0,02 € back on S.
    expect(documentBookings(note(2, 1), settings)).toMatchObject([
      { cents: 4, side: "H" },
      { cents: 2, side: "S" },
    ]);
  });

  it("books a gift card's sale to the voucher liability and its redemption out of it (D283)", () => {
    const sale = row({
      data: data([line({ productType: "GiftCard", vatExempt: false, voucher: true, totalCents: 5000 })]),
    });
    expect(documentBookings(sale, settings)).toMatchObject([
      { cents: 5000, side: "S", account: "1360", contraAccount: "1700" },
    ]);
    const redeemed = row({
      data: data([line({ productType: "Event", vatExempt: false, totalCents: 2500 })], {
        giftCardCents: 1000,
      }),
    });
    expect(documentBookings(redeemed, settings)).toMatchObject([
      { cents: 2500, side: "S", account: "1360", contraAccount: "8400" },
      { cents: 1000, side: "S", account: "1700", contraAccount: "1360" },
    ]);
  });

  it("encodes Windows-1252: umlauts as one byte, a character it lacks as ?, quotes doubled", () => {
    expect([...toWindows1252("Gegenkonto (ohne BU-Schlüssel) € Ж")]).toEqual([
      ...Buffer.from("Gegenkonto (ohne BU-Schl", "latin1"),
      0xfc,
      ...Buffer.from("ssel) ", "latin1"),
      0x80,
      0x20,
      0x3f,
    ]);
    const file = datevBuchungsstapel([], settings, "2026-11");
    expect(file.includes(Buffer.from([0xfc]))).toBe(true);
    expect(file.includes(Buffer.from("Ã¼", "latin1"))).toBe(false);
    const quoted = fields(
      datevCsvText(
        [row({ orderId: 1, data: data([line({ totalCents: 1 })]) })],
        settings,
        "2026-12",
        new Date(),
      ).split("\r\n")[2] ?? "",
    );
    expect(quoted[0]).toBe("0,01");
  });
});
