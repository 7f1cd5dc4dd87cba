import { berlinDate, INTL_LOCALES, type Locale } from "@atelier/contract";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import type { InvoiceLine } from "../db/index.ts";
import { formatMoney } from "../mail/index.ts";
import { cachingFontkit, dejaVu, wrapText } from "../pdf/index.ts";
import {
  documentVatCents,
  formatDay,
  lineVatCents,
  VAT_RATE_PERCENT,
  type VatTreatment,
  vatTreatment,
} from "./invoice-data.ts";
import { INVOICE_TEXTS, type InvoiceTexts } from "./invoice-texts.ts";
import type { InvoiceRow } from "./invoices.repository.ts";
import type { Seller } from "./seller.ts";

/**
 * The invoice as a PDF (A4), drawn from the data frozen when it was issued (D52, D53). The standard PDF
 * fonts have no Cyrillic, so DejaVu Sans is embedded (as a subset of the glyphs used).
 */

export type InvoiceForPdf = Pick<InvoiceRow, "orderId" | "kind" | "number" | "issuedAt" | "data">;

/** Each font file parsed once per process, not once per document (D397). */
const fonts = cachingFontkit(fontkit);

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 50, right: 50, top: 50, bottom: 64 };
const RIGHT = PAGE.width - MARGIN.right;
const INK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.4, 0.4, 0.42);
const RULE = rgb(0.75, 0.75, 0.75);

/** Table columns: left edge (or right edge for amounts) in points. */
const COL = {
  pos: MARGIN.left,
  service: MARGIN.left + 26,
  serviceWidth: 250,
  quantityRight: 370,
  listRight: 430,
  discountRight: 488,
  amountRight: RIGHT,
};

type Style = { font: PDFFont; size: number; color?: ReturnType<typeof rgb> };

/** Draws top-down on pages that are added as the content needs them. */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    readonly pdf: PDFDocument,
    readonly onNewPage: (writer: Writer) => void,
  ) {
    this.addPage();
  }

  addPage(): void {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
    if (this.pages.length > 1) this.onNewPage(this);
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (this.y - height < MARGIN.bottom) this.addPage();
  }

  text(text: string, x: number, style: Style, align: "left" | "right" = "left"): void {
    const left = align === "right" ? x - style.font.widthOfTextAtSize(text, style.size) : x;
    this.page.drawText(text, {
      x: left,
      y: this.y - style.size,
      size: style.size,
      font: style.font,
      color: style.color ?? INK,
    });
  }

  rule(thickness = 0.5, color = RULE): void {
    this.page.drawLine({
      start: { x: MARGIN.left, y: this.y },
      end: { x: RIGHT, y: this.y },
      thickness,
      color,
    });
  }
}

function lineHeight(style: Style): number {
  return style.size * 1.35;
}

/**
 * What every part of the document draws with: the writer, the texts of the invoice's language, the seller,
 * the fonts and styles, and money as this document prints it (negative on a credit note).
 */
type Sheet = {
  w: Writer;
  invoice: InvoiceForPdf;
  seller: Seller;
  t: InvoiceTexts;
  title: string;
  credit: boolean;
  money: (cents: number) => string;
  fonts: { regular: PDFFont; bold: PDFFont };
  styles: { small: Style; body: Style; strong: Style; detail: Style };
};

/** Renders an invoice or a credit note; the seller is the school as configured. */
export async function renderInvoicePdf(invoice: InvoiceForPdf, seller: Seller): Promise<Uint8Array> {
  const locale = invoice.data.locale;
  const t: InvoiceTexts = INVOICE_TEXTS[locale];
  const credit = invoice.kind === "credit_note";
  const title = `${t.title[invoice.kind]} ${invoice.number}`;
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fonts);
  const files = dejaVu();
  const regular = await pdf.embedFont(files.regular, { subset: true });
  const bold = await pdf.embedFont(files.bold, { subset: true });
  pdf.setTitle(title);
  pdf.setAuthor(seller.legalName);
  pdf.setSubject(title);
  pdf.setLanguage(INTL_LOCALES[locale]);
  pdf.setCreator("Atelier Shop");
  pdf.setProducer("Atelier Shop");
  // Rendered again whenever it is needed; the dates of the issued invoice keep the copies alike.
  pdf.setCreationDate(invoice.issuedAt);
  pdf.setModificationDate(invoice.issuedAt);

  const small: Style = { font: regular, size: 8, color: GREY };
  const sheet: Omit<Sheet, "w"> = {
    invoice,
    seller,
    t,
    title,
    credit,
    // A credit note gives money back: its amounts print negative.
    money: (cents: number) => formatMoney(credit && cents !== 0 ? -cents : cents, locale),
    fonts: { regular, bold },
    styles: {
      small,
      body: { font: regular, size: 9.5 },
      strong: { font: bold, size: 9.5 },
      detail: { font: regular, size: 8.5, color: GREY },
    },
  };
  // A page after the first repeats who issued what, and the table's header.
  const continuation = (w: Writer) => {
    w.text(`${seller.legalName} · ${title}`, MARGIN.left, small);
    w.y -= lineHeight(small) + 10;
    drawTableHeader({ ...sheet, w });
  };
  const full: Sheet = { ...sheet, w: new Writer(pdf, continuation) };

  drawLetterhead(full);
  drawBuyerAndFacts(full);
  drawTableHeader(full);
  for (const [index, line] of invoice.data.lines.entries()) drawLine(full, line, index);
  drawTotals(full);
  drawNotes(full);
  drawFooters(full);
  return pdf.save();
}

function drawTableHeader({ w, t, styles: { small }, fonts: { bold } }: Sheet) {
  w.text(t.position, COL.pos, { ...small, font: bold });
  w.text(t.service, COL.service, { ...small, font: bold });
  w.text(t.quantity, COL.quantityRight, { ...small, font: bold }, "right");
  w.text(t.listPrice, COL.listRight, { ...small, font: bold }, "right");
  w.text(t.discount, COL.discountRight, { ...small, font: bold }, "right");
  w.text(t.amount, COL.amountRight, { ...small, font: bold }, "right");
  w.y -= lineHeight(small) + 2;
  w.rule(0.8, INK);
  w.y -= 6;
}

/** Letterhead: the seller (§ 14(4) Nr. 1, 2 UStG). */
function drawLetterhead({ w, seller, t, fonts, styles: { detail } }: Sheet) {
  w.text(seller.legalName, MARGIN.left, { font: fonts.bold, size: 14 });
  w.y -= 20;
  const sellerLine = [...splitAddress(seller.address), seller.email].join(" · ");
  for (const row of wrapText(sellerLine, fonts.regular, 8.5, RIGHT - MARGIN.left)) {
    w.text(row, MARGIN.left, detail);
    w.y -= lineHeight(detail);
  }
  w.text(`${t.taxId}: ${seller.taxId}`, MARGIN.left, detail);
  w.y -= lineHeight(detail) + 6;
  w.rule();
  w.y -= 18;
}

/** The buyer on the left, the invoice's facts on the right; below both the title (and what it corrects). */
function drawBuyerAndFacts({
  w,
  invoice,
  t,
  title,
  fonts: { regular, bold },
  styles: { small, body },
}: Sheet) {
  const top = w.y;
  w.text(t.buyer, MARGIN.left, small);
  w.y -= lineHeight(small) + 2;
  for (const row of buyerLines(invoice.data.buyer)) {
    for (const part of wrapText(row, regular, body.size, 250)) {
      w.text(part, MARGIN.left, body);
      w.y -= lineHeight(body);
    }
  }
  const leftBottom = w.y;

  w.y = top;
  const { facts, corrects } = invoiceFacts(invoice, t);
  const factsLeft = 330;
  for (const [label, value] of facts) {
    w.text(label, factsLeft, small);
    w.y -= lineHeight(small);
    for (const part of wrapText(value, regular, body.size, RIGHT - factsLeft)) {
      w.text(part, factsLeft, body);
      w.y -= lineHeight(body);
    }
    w.y -= 3;
  }
  w.y = Math.min(w.y, leftBottom) - 18;

  w.text(title, MARGIN.left, { font: bold, size: 16 });
  w.y -= 30;
  if (corrects) {
    w.text(corrects, MARGIN.left, body);
    w.y -= lineHeight(body) + 10;
  }
}

/** One row per line: quantity and kind of the service (§ 14(4) Nr. 5), its amounts and its tax (Nr. 7, 8). */
function drawLine(sheet: Sheet, line: InvoiceLine, index: number) {
  const { w, t, money, fonts, styles } = sheet;
  const { body, strong, detail } = styles;
  const nameRows = wrapText(line.name, fonts.bold, strong.size, COL.serviceWidth);
  const details: string[] = [];
  if (line.visitorName) details.push(`${t.participant}: ${line.visitorName}`);
  if (line.when) details.push(line.when);
  if (line.place) details.push(`${t.place}: ${line.place}`);
  if (line.contractNumber) details.push(`${t.contractNumber}: ${line.contractNumber}`);
  details.push(lineVatNote(line, sheet.seller, sheet.invoice.data.locale, money));
  const detailRows = details.flatMap((d) => wrapText(d, fonts.regular, detail.size, COL.serviceWidth));
  const height = nameRows.length * lineHeight(strong) + detailRows.length * lineHeight(detail) + 10;
  w.ensure(height);
  w.text(String(index + 1), COL.pos, body);
  w.text("1", COL.quantityRight, body, "right");
  w.text(money(line.listCents), COL.listRight, body, "right");
  w.text(line.discountCents ? money(-line.discountCents) : "–", COL.discountRight, body, "right");
  w.text(money(line.totalCents), COL.amountRight, strong, "right");
  for (const row of nameRows) {
    w.text(row, COL.service, strong);
    w.y -= lineHeight(strong);
  }
  for (const row of detailRows) {
    w.text(row, COL.service, detail);
    w.y -= lineHeight(detail);
  }
  w.y -= 5;
  w.rule();
  w.y -= 5;
}

/** The total, and what a gift card paid of it and what was left to pay. */
function drawTotals({ w, invoice, t, credit, money, styles: { body, strong } }: Sheet) {
  const { data } = invoice;
  const totals: [string, string, Style][] = [[t.total[invoice.kind], money(data.totalCents), strong]];
  if (data.giftCardCents > 0 && !credit) {
    totals.push([t.giftCard, money(data.giftCardCents), body]);
    totals.push([t.paid, money(data.totalCents - data.giftCardCents), body]);
  }
  w.ensure(totals.length * 16 + 16);
  w.y -= 4;
  for (const [label, value, style] of totals) {
    w.text(label, COL.discountRight - 80, style, "right");
    w.text(value, COL.amountRight, style, "right");
    w.y -= lineHeight(style) + 3;
  }
  w.y -= 8;
}

/** The tax per rate (§ 14(4) Nr. 8 UStG), exempt and voucher sums, and how it was paid. */
function drawNotes({ w, invoice, seller, t, credit, money, fonts, styles: { body } }: Sheet) {
  const { data } = invoice;
  const sumOf = (kind: VatTreatment) =>
    data.lines.filter((line) => vatTreatment(line) === kind).reduce((sum, l) => sum + l.totalCents, 0);
  const [taxed, exempt, vouchers] = [sumOf("taxed"), sumOf("exempt"), sumOf("voucher")];
  const notes: string[] = [];
  if (taxed > 0) {
    // The sum of the lines' tax, so the summary matches the amounts printed on the lines.
    const vat = documentVatCents(data.lines);
    notes.push(t.vatSummary(VAT_RATE_PERCENT, money(taxed - vat), money(vat)));
  }
  if (exempt > 0) notes.push(`${t.exemptSummary(money(exempt))} ${vatNote(seller, data.locale)}`);
  if (vouchers > 0) notes.push(t.voucherSummary(money(vouchers)));
  if (!credit) notes.push(t.paidNote(data.paymentReference));
  for (const note of notes) {
    const rows = wrapText(note, fonts.regular, body.size, RIGHT - MARGIN.left);
    w.ensure(rows.length * lineHeight(body) + 4);
    for (const row of rows) {
      w.text(row, MARGIN.left, body);
      w.y -= lineHeight(body);
    }
    w.y -= 4;
  }
}

/** Every page: who issued it and where it is in the document. */
function drawFooters({ w, seller, t, fonts: { regular } }: Sheet) {
  const footer = `${seller.legalName} · ${splitAddress(seller.address).join(", ")} · ${t.taxId}: ${seller.taxId}`;
  w.pages.forEach((page, index) => {
    const rows = wrapText(footer, regular, 7.5, RIGHT - MARGIN.left - 90);
    rows.forEach((row, i) => {
      page.drawText(row, { x: MARGIN.left, y: 36 - i * 10, size: 7.5, font: regular, color: GREY });
    });
    const pageLabel = t.page(index + 1, w.pages.length);
    page.drawText(pageLabel, {
      x: RIGHT - regular.widthOfTextAtSize(pageLabel, 7.5),
      y: 36,
      size: 7.5,
      font: regular,
      color: GREY,
    });
  });
}

/**
 * The document's facts beside the buyer, label and value: its own number and date (a credit note's are
 * the credit note's, D280), the order, the service period, the invoice a credit note corrects ("zur
 * Rechnung Nr. … vom …", also printed under the title) and the payment.
 */
export function invoiceFacts(
  invoice: InvoiceForPdf,
  t: InvoiceTexts = INVOICE_TEXTS[invoice.data.locale],
): { facts: [string, string][]; corrects: string | null } {
  const { data } = invoice;
  const facts: [string, string][] = [
    [t.number[invoice.kind], invoice.number],
    [t.issueDate[invoice.kind], formatDay(berlinDate(invoice.issuedAt))],
    [t.orderNumber, String(invoice.orderId)],
    [
      t.servicePeriod,
      data.serviceFrom && data.serviceTo
        ? data.serviceFrom === data.serviceTo
          ? formatDay(data.serviceFrom)
          : `${formatDay(data.serviceFrom)} – ${formatDay(data.serviceTo)}`
        : t.serviceOnIssueDate,
    ],
  ];
  const corrects = data.corrects
    ? t.correctsInvoice(data.corrects, data.correctsIssuedOn ? formatDay(data.correctsIssuedOn) : null)
    : null;
  if (corrects) facts.push([t.corrects, corrects]);
  if (data.paymentReference) facts.push([t.payment, data.paymentReference]);
  return { facts, corrects };
}

/** What a line says of its tax: 19 % included, the exemption note, or a voucher's sale (D283). */
function lineVatNote(
  line: InvoiceLine,
  seller: Seller,
  locale: Locale,
  money: (cents: number) => string,
): string {
  const t = INVOICE_TEXTS[locale];
  const treatment = vatTreatment(line);
  if (treatment === "voucher") return t.voucherNote;
  if (treatment === "exempt") return vatNote(seller, locale);
  // As stated when issued: a credit note's share of its line's VAT (D639).
  return t.vatIncluded(VAT_RATE_PERCENT, money(lineVatCents(line)));
}

/** The exemption note: the German legal text, and on a Russian invoice the translation beside it. */
function vatNote(seller: Seller, locale: Locale): string {
  return locale === "ru" ? `${seller.vatNote.ru} (${seller.vatNote.de})` : seller.vatNote.de;
}

function splitAddress(address: string): string[] {
  return address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The buyer's name and address as far as they are filled (an invoice up to 250 EUR needs no address). */
function buyerLines(buyer: InvoiceForPdf["data"]["buyer"]): string[] {
  const name = `${buyer.first_name} ${buyer.last_name}`.trim();
  const city = `${buyer.post_code} ${buyer.city}`.trim();
  return [buyer.company_name, name, buyer.street, city, buyer.country]
    .map((part) => part.trim())
    .filter(Boolean);
}
