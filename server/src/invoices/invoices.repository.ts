import { type BillingPeriod, paidDays } from "@atelier/contract";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import {
  type BillingDetails,
  creditNoteItems,
  type DbOrTx,
  type InvoiceData,
  invoiceCounters,
  invoices,
  orderItems,
  orders,
  payments,
  pgArray,
  ph,
  prepared,
  preparedSql,
  subscriptions,
  userBillingColumns,
  users,
} from "../db/index.ts";

/** The only code of the invoices that touches Drizzle tables. */

export type InvoiceKind = (typeof invoices.$inferSelect)["kind"];
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The next number of a series, counted in the caller's transaction. The upsert creates the series' row
 * on its first use and otherwise takes its row lock until the commit: concurrent payments wait for each
 * other only here, and a rollback gives the number back, so numbers have no gaps (D52).
 */
export async function takeNextNumber(tx: DbOrTx, series: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.series,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error("invoice_counters upsert returned no row");
  return row.lastNumber;
}

/**
 * An invoice to insert in its transaction's last statement with the next number of `series` (D404). Its id
 * is taken before (`findInvoiceStart`), so the mails `mailIds` of its transaction name it already; they name
 * its number as `placeholder` until that statement puts the number in.
 */
export type UnnumberedInvoice = {
  id: number;
  series: string;
  placeholder: string;
  mailIds: number[];
  values: { orderId: number; kind: InvoiceKind; issuedAt: Date; totalCents: number; data: InvoiceData };
};

/**
 * Inserts the invoice with the next number of its series in one statement, meant as its transaction's last
 * (D52, D404): the counter's upsert, the invoice's insert and its number in its mails, so the counter's row
 * is held from this statement to the commit only. `alsoAsk` (a boolean expression) is answered in the same
 * statement once the counter's row is held, as late as the statement can be: the capture asks there whether
 * its reservation outlasts the commit (D408).
 */
export async function insertNumberedInvoice(
  tx: DbOrTx,
  invoice: UnnumberedInvoice,
  fillMails: (placeholder: string, value: SQL, from: SQL) => SQL,
  alsoAsk?: SQL,
): Promise<{ id: number; number: string; answer: boolean }> {
  const { values } = invoice;
  const number = sql`"issued"."number"`;
  const result = (await tx.execute(sql`with "counter" as (
      insert into ${invoiceCounters} ("series", "last_number") values (${invoice.series}, 1)
      on conflict ("series") do update set "last_number" = ${invoiceCounters}."last_number" + 1
      returning "last_number"
    ), "issued" as (
      insert into ${invoices} ("id", "order_id", "kind", "number", "issued_at", "total_cents", "data")
      select ${invoice.id}::integer, ${values.orderId}::integer, ${values.kind}::"invoice_kind",
        ${invoice.series}::text || '-' || lpad("last_number"::text, greatest(6, length("last_number"::text)), '0'),
        ${values.issuedAt.toISOString()}::timestamptz, ${values.totalCents}::integer, ${JSON.stringify(values.data)}::jsonb
      from "counter"
      returning "id", "number", ${alsoAsk ?? sql`true`} as "answer"
    ), "mailed" as (${fillMails(invoice.placeholder, number, sql`"issued"`)})
    select "id", "number", "answer" from "issued"`)) as unknown as {
    rows: { id: number; number: string; answer: boolean }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error(`invoice ${invoice.id} was not inserted`);
  return { id: Number(row.id), number: row.number, answer: row.answer === true };
}

/** The contract numbers of an order's course subscriptions (D91), by order item. */
/** The contract number and first paid period (D91, D121) of each subscription item of an order. */
export async function findContractNumbers(
  tx: DbOrTx,
  orderId: number,
): Promise<Map<number, { number: string; period: BillingPeriod }>> {
  const rows = await tx
    .select({
      itemId: subscriptions.orderItemId,
      number: subscriptions.contractNumber,
      start: subscriptions.periodStart,
      end: subscriptions.periodEnd,
    })
    .from(subscriptions)
    .innerJoin(orderItems, eq(orderItems.id, subscriptions.orderItemId))
    .where(eq(orderItems.orderId, orderId));
  return new Map(
    rows.map((row) => [row.itemId, { number: row.number, period: paidDays(row.start, row.end) }]),
  );
}

export async function insertInvoice(
  tx: DbOrTx,
  values: {
    orderId: number;
    kind: InvoiceKind;
    number: string;
    issuedAt: Date;
    totalCents: number;
    data: InvoiceData;
    /** A contract's later month (D556). */
    subscriptionPaymentId?: number;
  },
): Promise<{ id: number; number: string }> {
  const [row] = await tx
    .insert(invoices)
    .values(values)
    .returning({ id: invoices.id, number: invoices.number });
  if (!row) throw new Error("invoices insert returned no row");
  return row;
}

/** The booking a credit note corrects (D567), written with the note. */
export async function linkCreditNoteItem(tx: DbOrTx, invoiceId: number, orderItemId: number): Promise<void> {
  await tx.insert(creditNoteItems).values({ invoiceId, orderItemId });
}

/**
 * The lines of the credit notes of `orderId` issued before that correct the invoice `corrects` (D639): of the
 * item's line when `orderItemId` names it (an order's invoice has a line per item), else every note of that
 * invoice (a contract month's has one line).
 */
export async function findEarlierCreditLines(
  tx: DbOrTx,
  credit: { orderId: number; corrects: string; orderItemId?: number },
): Promise<InvoiceData["lines"]> {
  const ofInvoice = and(
    eq(invoices.orderId, credit.orderId),
    eq(invoices.kind, "credit_note"),
    sql`${invoices.data}->>'corrects' = ${credit.corrects}`,
  );
  const rows =
    credit.orderItemId === undefined
      ? await tx.select({ data: invoices.data }).from(invoices).where(ofInvoice)
      : await tx
          .select({ data: invoices.data })
          .from(creditNoteItems)
          .innerJoin(invoices, eq(invoices.id, creditNoteItems.invoiceId))
          .where(and(eq(creditNoteItems.orderItemId, credit.orderItemId), ofInvoice));
  return rows.flatMap((row) => row.data.lines);
}

/** A credit note of an item, as the parent's history lists it (D567). */
export type ItemCreditNoteRow = { itemId: number; number: string; issuedAt: Date; amountCents: number };

/**
 * The credit notes of these items (D567), oldest first: a withdrawal's and a staff refund's too (the history
 * shows those with them), an order refunded whole in the gateway's dashboard, a contract month's.
 */
export async function findCreditNotesOfItems(db: DbOrTx, itemIds: number[]): Promise<ItemCreditNoteRow[]> {
  if (itemIds.length === 0) return [];
  // One array parameter and a kept plan (D413), through the links' index.
  const statement = prepared<ItemCreditNoteRow[]>(db, "credit_notes_of_items", () =>
    db
      .select({
        itemId: creditNoteItems.orderItemId,
        number: invoices.number,
        issuedAt: invoices.issuedAt,
        amountCents: invoices.totalCents,
      })
      .from(creditNoteItems)
      .innerJoin(invoices, eq(invoices.id, creditNoteItems.invoiceId))
      .where(sql`${creditNoteItems.orderItemId} = any(${ph("ids")}::int[])`)
      .orderBy(invoices.issuedAt, invoices.id),
  );
  return statement.execute({ ids: pgArray(itemIds) });
}

/**
 * An item's credit notes as one short text, for a parent's history's fingerprint (D442, D567): a credit note
 * never changes once issued (GoBD), so their ids tell. `itemId` names the item's id in the statement around it.
 */
export function creditNoteVersionsOfItem(itemId: SQL): SQL {
  return sql`coalesce((select string_agg(cn.invoice_id::text, '.' order by cn.invoice_id)
    from ${creditNoteItems} cn where cn.order_item_id = ${itemId}), '')`;
}

export async function findInvoice(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  // Prepared: every payment reads its invoice back for the mail's PDF (D457).
  const [row] = await prepared<InvoiceRow[]>(db, "invoice_by_id", () =>
    db
      .select()
      .from(invoices)
      .where(eq(invoices.id, ph("id"))),
  ).execute({ id });
  return row;
}

/** The order's own invoice: not a credit note, nor a contract's later month (D556); there is at most one. */
export const ownInvoiceOf = (orderId: number) =>
  and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice"), isNull(invoices.subscriptionPaymentId));

/** The invoice of an order ({@link ownInvoiceOf}). */
export async function findOrderInvoice(
  db: DbOrTx,
  orderId: number,
): Promise<{ id: number; number: string } | undefined> {
  const [row] = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(ownInvoiceOf(orderId));
  return row;
}

/** The invoice of a contract's later month (D556), by its payment. */
export async function findMonthInvoice(
  db: DbOrTx,
  subscriptionPaymentId: number,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionPaymentId, subscriptionPaymentId));
  return row;
}

/** The order's own invoice whole (its data too), which a contract's later month is described from (D556). */
export async function findOrderInvoiceRow(db: DbOrTx, orderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(ownInvoiceOf(orderId));
  return row;
}

/**
 * What issuing an order's invoice needs besides the order, in one statement (issue 36), read after the
 * order's lock so it sees a concurrent issuer's invoice: the invoice already issued, if any; otherwise an
 * id for the new one from its sequence (ids may have gaps; numbers do not), and the gateway's capture the
 * invoice names as its payment reference.
 */
export async function findInvoiceStart(
  tx: DbOrTx,
  orderId: number,
): Promise<
  | { existing: { id: number; number: string } }
  | {
      existing?: undefined;
      newInvoiceId: number;
      capture: { gateway: "paypal" | "demo" | "stripe"; captureId: string } | undefined;
    }
> {
  // Prepared: every payment asks it (D457).
  const result = await preparedSql<{
    existingId: number | null;
    existingNumber: string | null;
    newInvoiceId: number | null;
    captureGateway: "paypal" | "demo" | "stripe" | null;
    captureId: string | null;
  }>(
    tx,
    "invoice_start",
    () => sql`
    select ${invoices.id} as "existingId", ${invoices.number} as "existingNumber",
      case when ${invoices.id} is null then nextval(pg_get_serial_sequence('invoices', 'id'))::int end
        as "newInvoiceId",
      capture.gateway as "captureGateway", capture.capture_id as "captureId"
    from (select ${ph("orderId")}::int as order_id) as wanted
    left join ${invoices} on ${invoices.orderId} = wanted.order_id and ${invoices.kind} = 'invoice'
      and ${invoices.subscriptionPaymentId} is null
    left join lateral (
      select ${payments.gateway} as gateway, ${payments.captureId} as capture_id from ${payments}
      where ${payments.orderId} = wanted.order_id and ${payments.captureId} is not null
      order by ${payments.capturedAt} desc, ${payments.id} desc limit 1
    ) as capture on true
    limit 1`,
  ).execute({ orderId });
  const [row] = result.rows;
  if (!row) throw new Error("the invoice's start answered nothing");
  if (row.existingId !== null && row.existingNumber !== null)
    return { existing: { id: Number(row.existingId), number: row.existingNumber } };
  if (row.newInvoiceId === null) throw new Error("invoices id sequence answered nothing");
  return {
    newInvoiceId: Number(row.newInvoiceId),
    capture:
      row.captureGateway && row.captureId
        ? { gateway: row.captureGateway, captureId: row.captureId }
        : undefined,
  };
}

export type OrderForDocuments = {
  id: number;
  status: (typeof orders.$inferSelect)["status"];
  locale: (typeof orders.$inferSelect)["locale"];
  billing: BillingDetails | null;
  giftCardCents: number;
  totalCheckoutCents: number;
  totalRecurrentCents: number;
  paypalId: string | null;
  paidAt: Date | null;
  user: {
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    companyName: string;
    street: string;
    postCode: string;
    city: string;
    country: string;
  } | null;
};

/** The order with its buyer's profile, locked: `lockOrderForDocuments`'s statement. */
function documentsQuery(tx: DbOrTx) {
  return tx
    .select({
      id: orders.id,
      status: orders.status,
      locale: orders.locale,
      billing: orders.billing,
      giftCardCents: orders.giftCardCents,
      totalCheckoutCents: orders.totalCheckoutCents,
      totalRecurrentCents: orders.totalRecurrentCents,
      paypalId: orders.paypalId,
      paidAt: orders.paidAt,
      userId: users.id,
      ...userBillingColumns,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, ph("orderId")))
    .for("update", { of: orders });
}
type LockedForDocuments = Awaited<ReturnType<typeof documentsQuery>>[number];

/**
 * An order with its buyer's profile, its row locked to the end of the transaction: a second call for
 * the same order waits here and then finds the invoice the first one issued.
 */
export async function lockOrderForDocuments(
  tx: DbOrTx,
  orderId: number,
): Promise<OrderForDocuments | undefined> {
  // Prepared: every payment locks its order for its documents (D457).
  const [row] = await prepared<LockedForDocuments[]>(tx, "order_for_documents", () =>
    documentsQuery(tx),
  ).execute({
    orderId,
  });
  if (!row) return undefined;
  const { userId, email, firstName, lastName, phoneNumber, companyName, street, postCode, city, country } =
    row;
  return {
    id: row.id,
    status: row.status,
    locale: row.locale,
    billing: row.billing,
    giftCardCents: row.giftCardCents,
    totalCheckoutCents: row.totalCheckoutCents,
    totalRecurrentCents: row.totalRecurrentCents,
    paypalId: row.paypalId,
    paidAt: row.paidAt,
    user:
      userId === null
        ? null
        : {
            email: email ?? "",
            firstName: firstName ?? "",
            lastName: lastName ?? "",
            phoneNumber: phoneNumber ?? "",
            companyName: companyName ?? "",
            street: street ?? "",
            postCode: postCode ?? "",
            city: city ?? "",
            country: country ?? "",
          },
  };
}

/**
 * The active items of an order with their check-in codes, by id, in one statement (issue 36): each item
 * without a code gets the next of `fresh` on the way (as `setCheckinCode` would); an item left without one
 * (more such items than `fresh` codes) answers null for the caller to give it one.
 */
export async function claimCheckinCodes(
  tx: DbOrTx,
  orderId: number,
  fresh: string[],
): Promise<{ id: number; checkinCode: string | null }[]> {
  // Prepared: every payment gives its items their codes (D457).
  const offered = ph("offered");
  const result = await preparedSql<{ id: number; checkinCode: string | null }>(
    tx,
    "checkin_codes_claimed",
    () => sql`
    with active as (
      select ${orderItems.id} as id, ${orderItems.checkinCode} as code,
        row_number() over (partition by ${orderItems.checkinCode} is null order by ${orderItems.id}) as n
      from ${orderItems}
      where ${orderItems.orderId} = ${ph("orderId")}::int and ${orderItems.status} = 'active'
    ),
    given as (
      update ${orderItems} set checkin_code = (${offered}::text[])[active.n], updated_at = now()
      from active
      where ${orderItems.id} = active.id and active.code is null and active.n <= cardinality(${offered}::text[])
        and ${orderItems.checkinCode} is null
      returning ${orderItems.id} as id, ${orderItems.checkinCode} as code
    )
    select active.id as "id", coalesce(given.code, active.code) as "checkinCode"
    from active left join given on given.id = active.id
    order by active.id`,
  ).execute({ orderId, offered: pgArray(fresh) });
  return result.rows.map((row) => ({ id: Number(row.id), checkinCode: row.checkinCode }));
}

/** Gives an item its check-in code unless it has one already. */
export async function setCheckinCode(db: DbOrTx, itemId: number, code: string): Promise<void> {
  await db
    .update(orderItems)
    .set({ checkinCode: code, updatedAt: new Date() })
    .where(and(eq(orderItems.id, itemId), isNull(orderItems.checkinCode)));
}

/**
 * The invoices and credit notes of a user's orders. Erasure keeps them as issued, the buyer's name and
 * address as printed (§ 14b UStG, § 147 AO; D139): they are the only personal data an erased family leaves.
 */
export async function countInvoicesOfUser(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(orders.userId, userId));
  return row?.n ?? 0;
}
