import { DOCUMENT_KINDS, type Locale } from "@atelier/contract";
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { type BillingDetails, orderItems, orders } from "./orders.ts";
import { subscriptionPayments } from "./subscriptions.ts";

export const invoiceKind = pgEnum("invoice_kind", DOCUMENT_KINDS);

/** A line of an invoice as issued (snapshot; the catalogue may change later). */
export type InvoiceLine = {
  name: string;
  productType: string;
  visitorName: string | null;
  /** Dates, weekdays or weeks booked, in the order's locale. */
  when: string;
  place: string | null;
  /** A course subscription's contract number (D91); absent on other lines and older invoices. */
  contractNumber?: string | null;
  listCents: number;
  discountCents: number;
  totalCents: number;
  vatExempt: boolean;
  /**
   * A gift card sold: a multi-purpose voucher (§ 3 Abs. 15 UStG, D283), whose sale is not subject to VAT;
   * the VAT arises on the services it pays for. Absent on other lines and on invoices issued before.
   */
  voucher?: true;
  /**
   * The VAT included in `totalCents` as issued, on a credit note's taxed line (D639): its share of what the
   * notes of the line reversed in all, so they add up to the invoice's VAT. Absent elsewhere and on notes
   * issued before: their VAT is the included 19 % of `totalCents`, rounded, as they printed it.
   */
  vatCents?: number;
};

/** What an invoice shows, frozen when it is issued (§ 14(4) UStG). */
export type InvoiceData = {
  locale: Locale;
  buyer: BillingDetails;
  lines: InvoiceLine[];
  totalCents: number;
  /** Paid from a gift card, deducted from the total due. */
  giftCardCents: number;
  /** The service period (§ 14(4) Nr. 6 UStG): first and last day booked, ISO dates. */
  serviceFrom: string | null;
  serviceTo: string | null;
  paymentReference: string | null;
  /** For a credit note: the number of the invoice it corrects. */
  corrects?: string;
  /** For a credit note: the Berlin day the corrected invoice was issued (absent on older credit notes). */
  correctsIssuedOn?: string;
  /**
   * The school as it was when the invoice was issued (name, address, tax id, VAT note): an invoice never
   * changes when the settings do. Invoices issued before this field render with the current settings.
   */
  seller?: {
    legalName: string;
    address: string;
    taxId: string;
    email: string;
    vatNote: { de: string; ru: string };
  };
};

/** Invoices and credit notes; numbers are consecutive without gaps (`invoice_counters`, D52). */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    kind: invoiceKind("kind").notNull().default("invoice"),
    number: text("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    totalCents: integer("total_cents").notNull(),
    data: jsonb("data").$type<InvoiceData>().notNull(),
    /**
     * A course contract's month paid after the first (D556): its invoice, one per payment. Null on the
     * order's own invoice and on credit notes.
     */
    subscriptionPaymentId: integer("subscription_payment_id").references(() => subscriptionPayments.id),
  },
  (t) => [
    uniqueIndex("invoices_number_idx").on(t.number),
    // The order's own invoice is one; a contract's later months each have theirs beside it (D556).
    uniqueIndex("invoices_one_per_order_idx")
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice' and ${t.subscriptionPaymentId} is null`),
    uniqueIndex("invoices_subscription_payment_idx").on(t.subscriptionPaymentId),
  ],
);

/**
 * The booking a credit note corrects (D567), so the parent's history lists the note with it. A row of its
 * own, written with the note: an issued document is never changed (GoBD, D300), not even to link it.
 */
export const creditNoteItems = pgTable(
  "credit_note_items",
  {
    invoiceId: integer("invoice_id")
      .primaryKey()
      .references(() => invoices.id),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id),
  },
  (t) => [index("credit_note_items_item_idx").on(t.orderItemId)],
);

/** The last number issued per series (year); taken under a row lock, so numbers have no gaps. */
export const invoiceCounters = pgTable("invoice_counters", {
  series: text("series").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});
