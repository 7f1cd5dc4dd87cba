import { randomUUID } from "node:crypto";
import {
  addDays,
  type BillingPeriod,
  BOOKING_RULES,
  berlinDate,
  type ClosedRange,
  type Locale,
  offerName,
  shownPhone,
} from "@atelier/contract";
import type { SQL } from "drizzle-orm";
import type { BillingDetails, DbOrTx, InvoiceData, InvoiceLine, MailAttachmentRef } from "../db/index.ts";
import type { OrderConfirmationItem, RefundReason } from "../mail/index.ts";
import { enqueueMail, fillPlaceholderSql } from "../mail/index.ts";
import { type CartItemRow, findCartItems, type NamedItemRow } from "../orders/index.ts";
import { GATEWAY_LABELS } from "../payments/index.ts";
import { newCheckinCode } from "./checkin-code.ts";
import {
  buildInvoiceData,
  type DocumentItem,
  invoiceLine,
  isMeetingCard,
  itemPeriod,
} from "./invoice-data.ts";
import {
  claimCheckinCodes,
  findContractNumbers,
  findInvoiceStart,
  type InvoiceRow,
  insertNumberedInvoice,
  lockOrderForDocuments,
  type OrderForDocuments,
  setCheckinCode,
  type UnnumberedInvoice,
} from "./invoices.repository.ts";
import { invoiceSeries } from "./issue-invoice.ts";
import type { Seller } from "./seller.ts";

/**
 * What a paid order gets (issue #8): check-in codes for its items, the invoice, and the confirmation
 * mail with both attached. All in the caller's transaction, so they exist exactly when the payment does.
 */

export type IssueOrderDocumentsInput = {
  orderId: number;
  /** PUBLIC_URL: the mail's footer link. */
  publicUrl: string;
  /** WEB_URL (default `publicUrl`): the link to the bookings in the profile. */
  webUrl?: string;
  /** The school as configured now, frozen into the invoice. */
  seller?: Seller;
  /**
   * Leave the invoice for the caller to insert with its number by `numberOrderInvoice` as its
   * transaction's last statement (D404); by default it is inserted at once.
   */
  numberLater?: boolean;
  /** How the order's items are read: by default `findCartItems`; the payment's documents share one read. */
  itemsOf?: OrderItemsOf;
  /**
   * Starts the contracts (course subscriptions) of the items with a monthly price, so the invoice and the
   * mail print their numbers (D91); called only when an active item has such a price (D453).
   */
  startContracts?: (tx: DbOrTx, orderId: number) => Promise<void>;
  /** The course's closed days of a page, for a meeting card's last meeting (D548). */
  closedDaysOf?: ClosedDaysOf;
};

/**
 * The closed days (D122) of a product page that end on or after `from` (a Berlin day): the subscriptions'
 * `findPauses`, handed down by the wiring and the withdrawals, since the invoices sit beside them.
 */
export type ClosedDaysOf = (tx: DbOrTx, productPageId: number, from: string) => Promise<ClosedRange[]>;

/** Reads an order's items in a locale (`findCartItems`, or a caller's read of it shared between documents). */
export type OrderItemsOf = (tx: DbOrTx, orderId: number, locale: Locale) => Promise<CartItemRow[]>;

/** What `issueOrderDocuments` answers: the invoice's number, or the invoice to number last (`numberLater`). */
export type OrderDocumentsIssued = (
  | { invoiceNumber: string; unnumbered?: undefined }
  | { invoiceNumber?: undefined; unnumbered: UnnumberedInvoice }
) & {
  /** The order as locked for the documents, for the caller's next document in the same transaction. */
  order: OrderForDocuments;
};

/**
 * Inserts the invoice `issueOrderDocuments` left unnumbered with the next number of its series, and puts
 * the number into its mails, in one statement (D52, D404); `alsoAsk` is answered in that statement, after
 * the counter's row is held.
 */
export function numberOrderInvoice(
  tx: DbOrTx,
  invoice: UnnumberedInvoice,
  alsoAsk?: SQL,
): Promise<{ id: number; number: string; answer: boolean }> {
  return insertNumberedInvoice(
    tx,
    invoice,
    (placeholder, value, from) => fillPlaceholderSql(invoice.mailIds, placeholder, value, from),
    alsoAsk,
  );
}

export function profileOf(order: OrderForDocuments): BillingDetails | null {
  const user = order.user;
  if (!user) return null;
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    // The profile's empty phone is "+" (the form's prefix), which is no number.
    phone_number: shownPhone(user.phoneNumber),
    company_name: user.companyName,
    street: user.street,
    post_code: user.postCode,
    city: user.city,
    country: user.country,
  };
}

/**
 * Fresh codes offered to one statement that reads the active items' codes and gives them to items
 * without one: enough for most orders, so an order is one round trip (issue 36); more items each get
 * theirs in a statement of their own.
 */
const CODES_OFFERED = 4;

/** Every active item gets a check-in code once; returns the codes of the active items by id. */
async function ensureCheckinCodes(tx: DbOrTx, orderId: number): Promise<Map<number, string>> {
  const offered = Array.from({ length: CODES_OFFERED }, newCheckinCode);
  const codes = new Map<number, string>();
  for (const item of await claimCheckinCodes(tx, orderId, offered)) {
    const code = item.checkinCode ?? newCheckinCode();
    if (!item.checkinCode) await setCheckinCode(tx, item.id, code);
    codes.set(item.id, code);
  }
  return codes;
}

/** The items as a document describes them: read with their names, so nothing more is read (D451). */
export function documentItems(
  // A document shows no booking terms (house, closures, options); the history's rows have none.
  items: NamedItemRow[],
): DocumentItem[] {
  return items.map(
    (item): DocumentItem => ({
      ...item,
      // A gift card is not attended anywhere, whatever its page says.
      place: (BOOKING_RULES[item.scheduleType].visitor && item.pageLocation) || null,
    }),
  );
}

/**
 * The items as their documents describe them, each with its subscription's contract number and paid
 * period (D91, D121). The invoice and every credit note of an item read the period here (D281).
 */
export async function contractItems(
  tx: DbOrTx,
  order: Pick<OrderForDocuments, "id" | "locale">,
  items: CartItemRow[],
  closedSince?: { closedDaysOf?: ClosedDaysOf; from: Date },
): Promise<DocumentItem[]> {
  // Only an item with a monthly price has a contract (startSubscriptions): an order without one skips the read.
  const contractNumbers = items.some((item) => item.recurrentPriceCents > 0)
    ? await findContractNumbers(tx, order.id)
    : new Map<number, { number: string; period: BillingPeriod }>();
  // A meeting card's closed days, one read per page; an order without a card reads none.
  const closedOfPage = new Map<number, ClosedRange[]>();
  const closedDaysOf = closedSince?.closedDaysOf;
  if (closedSince && closedDaysOf) {
    for (const page of new Set(items.filter(isMeetingCard).map((item) => item.productPageId)))
      closedOfPage.set(page, await closedDaysOf(tx, page, berlinDate(closedSince.from)));
  }
  return documentItems(items).map((item, index) => {
    const row = items[index];
    const contract = contractNumbers.get(row?.id ?? 0);
    const closed = row && isMeetingCard(row) ? closedOfPage.get(row.productPageId) : undefined;
    return {
      ...item,
      contractNumber: contract?.number ?? null,
      paidPeriod: contract?.period ?? null,
      ...(closed ? { closed } : {}),
    };
  });
}

/**
 * The line and data of a credit note correcting `invoice` for one item by `refundCents` (D280, D281). The
 * item is described by the same rule and the same inputs as on the invoice (the contract's paid period,
 * the moment the invoice was issued), so the two never disagree on the service period; the credit note's
 * period is the item's. `notes` say why the money is given back.
 */
export async function creditNoteData(
  tx: DbOrTx,
  input: {
    invoice: InvoiceRow;
    orderId: number;
    item: CartItemRow;
    refundCents: number;
    notes: readonly string[];
    seller: InvoiceData["seller"];
    closedDaysOf?: ClosedDaysOf;
  },
): Promise<{ line: InvoiceLine; data: InvoiceData } | null> {
  const { invoice, refundCents } = input;
  const locale = invoice.data.locale;
  const [documentItem] = await contractItems(tx, { id: input.orderId, locale }, [input.item], {
    closedDaysOf: input.closedDaysOf,
    from: invoice.issuedAt,
  });
  if (!documentItem) return null;
  const base = invoiceLine(documentItem, locale, invoice.issuedAt);
  const period = itemPeriod(documentItem, invoice.issuedAt);
  const line: InvoiceLine = {
    ...base,
    when: [base.when, input.notes.join(", ")].filter(Boolean).join("; "),
    listCents: refundCents,
    discountCents: 0,
    totalCents: refundCents,
  };
  const data: InvoiceData = {
    ...invoice.data,
    lines: [line],
    totalCents: refundCents,
    giftCardCents: 0,
    serviceFrom: period?.from ?? invoice.data.serviceFrom,
    serviceTo: period?.to ?? invoice.data.serviceTo,
    corrects: invoice.number,
    correctsIssuedOn: berlinDate(invoice.issuedAt),
    ...(input.seller ? { seller: input.seller } : {}),
  };
  return { line, data };
}

function recipientOf(order: OrderForDocuments, buyer: BillingDetails): string | undefined {
  return order.user?.email || buyer.email || undefined;
}

/**
 * Call once the order is marked paid, in the transaction that records the payment. Gives every active
 * item a check-in code, issues the invoice (the next number, D52) and enqueues the confirmation mail
 * with the invoice PDF and a QR code per attending item. Called again for the same order, it does
 * nothing and answers the invoice already issued.
 */
export async function issueOrderDocuments(
  tx: DbOrTx,
  input: IssueOrderDocumentsInput & { numberLater: true },
): Promise<OrderDocumentsIssued>;
export async function issueOrderDocuments(
  tx: DbOrTx,
  input: IssueOrderDocumentsInput & { numberLater?: false },
): Promise<{ invoiceNumber: string; order: OrderForDocuments }>;
export async function issueOrderDocuments(
  tx: DbOrTx,
  input: IssueOrderDocumentsInput,
): Promise<OrderDocumentsIssued> {
  const order = await lockOrderForDocuments(tx, input.orderId);
  if (!order) throw new Error(`order ${input.orderId} not found`);
  if (order.status !== "paid") throw new Error(`order ${order.id} is ${order.status}, not paid`);
  // Read after the order's lock: a second call for the order finds the invoice the first one issued.
  const start = await findInvoiceStart(tx, order.id);
  if (start.existing) return { invoiceNumber: start.existing.number, order };

  const codes = await ensureCheckinCodes(tx, order.id);
  // The cart's item query, less the items cancelled before payment (codes are given to active ones).
  const itemsOf = input.itemsOf ?? findCartItems;
  const items = (await itemsOf(tx, order.id, order.locale)).filter((item) => codes.has(item.id));
  // Only an item with a monthly price has a contract: an order without one starts none (issue 36).
  if (input.startContracts && items.some((item) => item.recurrentPriceCents > 0))
    await input.startContracts(tx, order.id);
  const issuedAt = new Date();
  const { capture } = start;
  const documented = await contractItems(tx, order, items, {
    closedDaysOf: input.closedDaysOf,
    from: issuedAt,
  });
  const data = buildInvoiceData({
    locale: order.locale,
    buyer: { billing: order.billing, profile: profileOf(order) },
    items: documented,
    giftCardCents: order.giftCardCents,
    paymentReference: capture ? `${GATEWAY_LABELS[capture.gateway]} ${capture.captureId}` : null,
    today: issuedAt,
  });
  // Inserted with its number in the last statement; the mail names it by its id and a placeholder (D404).
  const series = invoiceSeries("invoice", issuedAt);
  const placeholder = `${series}-pending-${randomUUID()}`;
  const invoice = { id: start.newInvoiceId, number: placeholder };
  const unnumbered: UnnumberedInvoice = {
    id: invoice.id,
    series,
    placeholder,
    mailIds: [],
    values: {
      orderId: order.id,
      kind: "invoice",
      issuedAt,
      totalCents: data.totalCents,
      data: input.seller ? { ...data, seller: input.seller } : data,
    },
  };
  const done = async (): Promise<OrderDocumentsIssued> =>
    input.numberLater
      ? { unnumbered, order }
      : { invoiceNumber: (await numberOrderInvoice(tx, unnumbered)).number, order };

  const to = recipientOf(order, data.buyer);
  // A paid order always has its parent; without any address there is nobody to write to.
  if (!to) return done();

  const attachments: MailAttachmentRef[] = [
    { kind: "invoice-pdf", invoiceId: invoice.id, filename: `${invoice.number}.pdf` },
  ];
  const mailItems = items.map((item, index): OrderConfirmationItem => {
    const line = data.lines[index];
    const code = codes.get(item.id);
    // Only who attends checks in: a gift card has no child and no QR code.
    const attends = BOOKING_RULES[item.scheduleType].visitor && code !== undefined;
    const qr =
      attends && code
        ? { cid: `checkin-${item.id}@atelier`, filename: `checkin-${index + 1}.png`, code }
        : null;
    if (qr) attachments.push({ kind: "checkin-qr", code: qr.code, cid: qr.cid, filename: qr.filename });
    return {
      name: line?.name ?? item.pageName,
      visitorName: line?.visitorName ?? null,
      when: line?.when ?? "",
      place: line?.place ?? null,
      priceCents: line?.totalCents ?? 0,
      monthlyCents: item.recurrentPriceCents - item.recurrentDiscountCents,
      contractNumber: documented[index]?.contractNumber ?? null,
      nextPayment: nextPaymentOf(
        documented[index]?.paidPeriod,
        item.recurrentPriceCents - item.recurrentDiscountCents,
      ),
      qr,
    };
  });
  const webUrl = (input.webUrl ?? input.publicUrl).replace(/\/+$/, "");
  const mail = await enqueueMail(
    tx,
    {
      to,
      template: "order-confirmation",
      locale: order.locale,
      data: {
        firstName: order.user?.firstName || data.buyer.first_name,
        orderId: order.id,
        invoiceNumber: invoice.number,
        items: mailItems,
        totalCents: data.totalCents - data.giftCardCents,
        giftCardCents: data.giftCardCents,
        monthlyCents: order.totalRecurrentCents,
        profileUrl: `${webUrl}/profile?tab=sales&locale=${order.locale}`,
        giftCardsOnly: items.length > 0 && items.every((item) => item.productType === "GiftCard"),
      },
      attachments,
    },
    { publicUrl: input.publicUrl },
  );
  unnumbered.mailIds.push(mail.id);
  return done();
}

/** A subscription's next payment: due the day after its paid period ends, at its monthly amount (D292). */
const nextPaymentOf = (paidPeriod: { to: string } | null | undefined, cents: number) =>
  paidPeriod && cents > 0 ? { dueOn: addDays(paidPeriod.to, 1), cents } : null;

/** An item as the parent's notices name it, with its option as every mail does: "Töpfern – 10er-Karte (Mila Muster)". */
function itemWithChild(item: CartItemRow): string {
  const child = [item.visitorFirstName, item.visitorLastName].filter(Boolean).join(" ");
  const offer = offerName(item.pageName, item.optionName);
  return child ? `${offer} (${child})` : offer;
}

export type RefundNoticeInput = {
  orderId: number;
  amountCents: number;
  reason: RefundReason;
  /** PUBLIC_URL: the mail's footer link. */
  publicUrl: string;
  /** The gateway refused the refund: the school pays it another way (D578). */
  refundFailed?: boolean;
};

/**
 * Tells the parent that a payment is refunded in full because it came after the reservation ended and
 * the seats were taken meanwhile (D51), or, with `refundFailed`, that the gateway refused that refund and the
 * school pays it another way (D578). Call it in the transaction that records the refund or its failure.
 */
export async function enqueueRefundNotice(tx: DbOrTx, input: RefundNoticeInput): Promise<void> {
  const order = await lockOrderForDocuments(tx, input.orderId);
  if (!order) throw new Error(`order ${input.orderId} not found`);
  const profile = profileOf(order);
  const to = order.user?.email || order.billing?.email;
  if (!to) return;
  const items = await findCartItems(tx, order.id, order.locale);
  await enqueueMail(
    tx,
    {
      to,
      template: "refund-notice",
      locale: order.locale,
      data: {
        firstName: profile?.first_name || order.billing?.first_name || "",
        orderId: order.id,
        amountCents: input.amountCents,
        reason: input.reason,
        items: items.map(itemWithChild),
        ...(input.refundFailed ? { refundFailed: true } : {}),
      },
    },
    { publicUrl: input.publicUrl },
  );
}

export type RefundFailedNoticeInput = {
  orderId: number;
  amountCents: number;
  /** The card's bank refused it after the gateway took it; else the gateway refused it. */
  atBank: boolean;
  /** The refunded item (a withdrawal's or staff refund's); absent: the order's items (a payment not kept). */
  itemId?: number;
  /** PUBLIC_URL: the mail's footer link. */
  publicUrl: string;
};

/**
 * Tells the parent that a refund they were told of did not reach them and that the school pays it another
 * way (D578). Call it in the transaction that records the refund failed, which holds the order's lock.
 */
export async function enqueueRefundFailedNotice(tx: DbOrTx, input: RefundFailedNoticeInput): Promise<void> {
  const order = await lockOrderForDocuments(tx, input.orderId);
  const to = order?.user?.email || order?.billing?.email;
  if (!order || !to) return;
  const items = await findCartItems(tx, order.id, order.locale, input.itemId);
  await enqueueMail(
    tx,
    {
      to,
      template: "refund-failed",
      locale: order.locale,
      data: {
        firstName: profileOf(order)?.first_name || order.billing?.first_name || "",
        orderId: order.id,
        amountCents: input.amountCents,
        atBank: input.atBank,
        items: items.map(itemWithChild),
      },
    },
    { publicUrl: input.publicUrl },
  );
}
