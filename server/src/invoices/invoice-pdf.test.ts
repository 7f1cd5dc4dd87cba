import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnv } from "../config/env.ts";
import type { InvoiceData, InvoiceLine } from "../db/schema/index.ts";
import { type InvoiceForPdf, renderInvoicePdf } from "./invoice-pdf.ts";
import { sellerFromEnv } from "./seller.ts";

const seller = sellerFromEnv(loadEnv({}));
const dir = mkdtempSync(join(tmpdir(), "atelier-invoice-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text of a PDF as a reader extracts it (poppler's pdftotext), where the machine has it. */
function hasPdftotext(): boolean {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const canExtract = hasPdftotext();

function textOf(pdf: Uint8Array): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  // Lines joined: a wrapped cell must not split what a test looks for.
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

const course: InvoiceLine = {
  name: "Маленькие художники 5–7 – Абонемент: 1 раз в неделю",
  productType: "Course",
  visitorName: "Мила Иванова",
  when: "вторник 16:00–17:30 (еженедельно)",
  place: "Kastanienallee 12, 10435 Berlin",
  contractNumber: "K7QM-3XHD-9PRA",
  listCents: 7900,
  discountCents: 790,
  totalCents: 7110,
  vatExempt: true,
};
const event: InvoiceLine = {
  name: "Семейный вечер рисования – Билет",
  productType: "Event",
  visitorName: "Лев Иванов",
  when: "18.04.2026, 15:00–18:00",
  place: null,
  listCents: 2500,
  discountCents: 0,
  totalCents: 2500,
  vatExempt: false,
};

const data: InvoiceData = {
  locale: "ru",
  buyer: {
    first_name: "Ольга",
    last_name: "Иванова-Шмидт",
    email: "olga@example.org",
    phone_number: "",
    company_name: "",
    street: "Wilmersdorfer Straße 85",
    post_code: "10629",
    city: "Berlin",
    country: "Deutschland",
  },
  lines: [course, event],
  totalCents: 9610,
  giftCardCents: 1000,
  serviceFrom: "2026-03-03",
  serviceTo: "2026-04-18",
  paymentReference: "PayPal 5XJ12345AB678901C",
};

const invoice: InvoiceForPdf = {
  orderId: 4711,
  kind: "invoice",
  number: "RE-2026-000042",
  issuedAt: new Date("2026-03-02T10:00:00Z"),
  data,
};

describe("renderInvoicePdf", () => {
  it("renders a Russian invoice with a Cyrillic buyer as a PDF that loads", async () => {
    const pdf = await renderInvoicePdf(invoice, seller);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getPageCount()).toBe(1);
    expect(loaded.getTitle()).toBe("Счёт RE-2026-000042");
    expect(loaded.getAuthor()).toBe("Atelier Kunst- und Sprachschule gGmbH");
  });

  it.runIf(canExtract)(
    "shows the fields of § 14(4) UStG in Russian, with Cyrillic text extractable",
    async () => {
      const text = textOf(await renderInvoicePdf(invoice, seller));
      for (const expected of [
        // Seller: name, address, tax id.
        "Atelier Kunst- und Sprachschule gGmbH",
        "Kastanienallee 12 · 10435 Berlin",
        "Налоговый номер / USt-IdNr.: DE000000000",
        // Buyer, as far as filled.
        "Ольга Иванова-Шмидт",
        "Wilmersdorfer Straße 85",
        "10629 Berlin",
        // The full address of § 14(4) UStG, which an invoice over 250 € must carry (D170).
        "Deutschland",
        // Number, issue date, service period.
        "Счёт RE-2026-000042",
        "02.03.2026",
        "03.03.2026 – 18.04.2026",
        // Quantity and kind of each service, the child, the amounts.
        "Маленькие художники 5–7",
        "Участник: Мила Иванова",
        // The subscription's contract number, what the § 312k page asks for (D91).
        "Номер договора: K7QM-3XHD-9PRA",
        "71,10",
        "-7,90",
        // The exemption note in Russian with the German legal text, and 19 % VAT on the event.
        "Освобождено от НДС согласно § 4 Nr. 21 UStG. (Umsatzsteuerfrei gemäß § 4 Nr. 21 UStG.)",
        "включает НДС (USt) 19 %: 3,99",
        "Итого",
        "96,10",
        "из них оплачено подарочным сертификатом",
        "Сумма платежа 86,10",
        "PayPal 5XJ12345AB678901C",
      ]) {
        expect(text).toContain(expected);
      }
    },
  );

  it.runIf(canExtract)("labels a German invoice in German", async () => {
    const text = textOf(await renderInvoicePdf({ ...invoice, data: { ...data, locale: "de" } }, seller));
    for (const expected of [
      "Rechnung RE-2026-000042",
      "Rechnungsdatum",
      "Leistungszeitraum",
      "Umsatzsteuerfrei gemäß § 4 Nr. 21 UStG.",
      "enthält 19 % USt: 3,99",
      "Gesamtbetrag",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Освобождено");
  });

  it.runIf(canExtract)("shows on a credit note the invoice it corrects", async () => {
    const text = textOf(
      await renderInvoicePdf(
        {
          ...invoice,
          kind: "credit_note",
          number: "GS-2026-000001",
          data: {
            ...data,
            locale: "de",
            lines: [event],
            totalCents: 2500,
            corrects: "RE-2026-000042",
            correctsIssuedOn: "2026-03-02",
          },
        },
        seller,
      ),
    );
    expect(text).toContain("Gutschrift / Rechnungskorrektur GS-2026-000001");
    expect(text).toContain("Gutschriftsnummer");
    expect(text).toContain("Bezug zur Rechnung Nr. RE-2026-000042 vom 02.03.2026");
    expect(text).toContain("zur Rechnung Nr. RE-2026-000042 vom 02.03.2026");
    expect(text).not.toContain("Rechnungsnummer");
    expect(text).toContain("Erstattungsbetrag -25,00");
  });

  it("continues a long invoice on further pages, each numbered", async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({ ...course, name: `${course.name} ${i + 1}` }));
    const pdf = await renderInvoicePdf({ ...invoice, data: { ...data, lines } }, seller);
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(2);
    if (canExtract) {
      const text = textOf(pdf);
      expect(text).toContain(`Страница ${pages} из ${pages}`);
      expect(text).toContain(`${course.name} 40`);
    }
  });

  it("prints a gift card's sale without VAT, as a multi-purpose voucher; the redeeming order carries the VAT (D283)", async () => {
    const voucher: InvoiceLine = {
      name: "Geschenkgutschein",
      productType: "GiftCard",
      visitorName: null,
      when: "",
      place: null,
      listCents: 5000,
      discountCents: 0,
      totalCents: 5000,
      vatExempt: false,
      voucher: true,
    };
    const sale = {
      ...invoice,
      data: { ...data, locale: "de" as const, lines: [voucher], totalCents: 5000, giftCardCents: 0 },
    };
    const pdf = await renderInvoicePdf(sale, seller);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    if (!canExtract) return;
    const text = textOf(pdf);
    expect(text).toContain("Mehrzweck-Gutschein (§ 3 Abs. 15 UStG): keine Umsatzsteuer beim Verkauf");
    expect(text).toContain("Der Verkauf unterliegt nicht der Umsatzsteuer");
    expect(text).not.toContain("USt:");
    expect(text).not.toContain("19 %");
    const russian = textOf(await renderInvoicePdf({ ...sale, data: { ...sale.data, locale: "ru" } }, seller));
    expect(russian).not.toContain("НДС (USt) 19 %");
    expect(russian).toContain("Многоцелевой сертификат (§ 3 Abs. 15 UStG)");
    // The order a card pays for: the event's full 19 % VAT, the card is only how it was paid.
    const redeemed = textOf(
      await renderInvoicePdf(
        {
          ...invoice,
          data: { ...data, locale: "de", lines: [event], totalCents: 2500, giftCardCents: 1000 },
        },
        seller,
      ),
    );
    expect(redeemed).toContain("enthält 19 % USt: 3,99");
    expect(redeemed).toContain("davon mit Gutschein bezahlt");
    expect(redeemed).toContain("Zahlbetrag 15,00");
  });
});
