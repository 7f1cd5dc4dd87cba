import type { AdminOrderRow, AdminPaymentState, Locale, OrderStatus } from "@atelier/contract";
import { SCHOOL_TIME_ZONE } from "@atelier/contract";
import { and, asc, count, desc, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import { ordersWithDisputeNeedingAttention } from "../checkout/index.ts";
import {
  boundedTotal,
  type DbOrTx,
  inOrderOf,
  invoices,
  mailOutbox,
  orderItems,
  orders,
  payments,
  pgArray,
  ph,
  prepared,
  productPages,
  SEARCH_COUNT_LIMIT,
  searchTextContains,
  settledPaymentState,
  staffRefunds,
  users,
  visitors,
  wholeTableTotal,
  withdrawals,
} from "../db/index.ts";

/** Orders as the back office lists and shows them (D129): read only, across the order's tables. */

export const STAFF_ORDER_SORTS = {
  id: orders.id,
  created_at: orders.createdAt,
  paid_at: orders.paidAt,
  total_cents: orders.totalCheckoutCents,
};

export type StaffOrderFilter = {
  ids?: number[];
  statuses?: string[];
  paymentState?: AdminPaymentState;
  from?: string;
  to?: string;
  product?: number;
  parent?: number;
  child?: number;
  q?: string;
};

/** What was given back: refunded at the gateway, and onto the order's gift card by withdrawals and staff refunds. */
const givenBack = sql<number>`(${orders.paymentsRefundedCents} + ${orders.giftCardReturnedCents})`;

/**
 * The orders with a failed refund ("needs attention", D128), or with a payment disputed or taken back that
 * staff have not settled: small sets, read once per query and hashed, not tested per order, for the rows
 * and the filter alike.
 */
const failedRefundIds = sql`select r.order_id from ${staffRefunds} r where r.refund_state = 'failed'
  union all select w.order_id from ${withdrawals} w where w.refund_state = 'failed'
  union all ${ordersWithDisputeNeedingAttention}`;
const needsAttention = sql<boolean>`${orders.id} in (${failedRefundIds})`;

/**
 * The order's payment state (D129, D494): a failed refund first, then what its money says
 * (`settledPaymentState`, from the sums PostgreSQL's triggers keep on the order, D502).
 */
const paymentState = sql<AdminPaymentState>`case when ${needsAttention} then 'needs_attention' else ${settledPaymentState(orders)} end`;

/*
 * The payment-state filter (D501, D502): every state but "needs attention" is the settled one, compared as
 * the index `orders_payment_state_idx` holds it, so a page is read from that index newest first.
 */

/** The filter's condition for one state. */
function paymentStateIs(state: AdminPaymentState): SQL {
  switch (state) {
    case "needs_attention":
      // The rule's first case: exactly the orders with a failed refund.
      return needsAttention;
    default:
      return sql`(${settledPaymentState(orders)} = ${state} and not ${needsAttention})`;
  }
}

/** The gateway of the order's newest payment, for its row. */
const lastGateway = sql<
  string | null
>`(select p.gateway::text from ${payments} p where p.order_id = ${orders.id} order by p.id desc limit 1)`;

/** An offer's name in the staff member's language, German where the Russian one is empty (D286). */
const offerNameIn = (locale: Locale | Placeholder) =>
  sql<string>`coalesce(nullif(${productPages.name}->>${locale}::text, ''), ${productPages.name}->>'de')`;

const productsIn = (locale: Locale | Placeholder) =>
  sql<
    string[] | null
  >`(select array_agg(distinct ${offerNameIn(locale)}) from ${orderItems} join ${productPages} on ${productPages.id} = ${orderItems.productPageId} where ${orderItems.orderId} = ${orders.id})`;

const rowColumnsIn = (locale: Locale | Placeholder) => ({ ...rowColumns, products: productsIn(locale) });

const rowColumns = {
  id: orders.id,
  status: orders.status,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  userId: orders.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  billing: orders.billing,
  totalCents: orders.totalCheckoutCents,
  giftCardCents: orders.giftCardCents,
  locale: orders.locale,
  refundedCents: givenBack,
  paymentState,
  gateway: lastGateway,
  children: sql<
    string[] | null
  >`(select array_agg(distinct trim(${visitors.firstName} || ' ' || ${visitors.lastName})) from ${orderItems} join ${visitors} on ${visitors.id} = ${orderItems.visitorId} where ${orderItems.orderId} = ${orders.id})`,
  products: productsIn("de"),
};

type RawRow = {
  [K in keyof typeof rowColumns]: unknown;
};

function toRow(raw: RawRow): AdminOrderRow {
  const r = raw as {
    id: number;
    status: AdminOrderRow["status"];
    createdAt: Date;
    paidAt: Date | null;
    userId: number | null;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    billing: { first_name?: string; last_name?: string; email?: string } | null;
    totalCents: number;
    giftCardCents: number;
    locale: Locale;
    refundedCents: number;
    paymentState: AdminPaymentState;
    gateway: string | null;
    children: string[] | null;
    products: string[] | null;
  };
  const name = [r.firstName ?? r.billing?.first_name ?? "", r.lastName ?? r.billing?.last_name ?? ""]
    .join(" ")
    .trim();
  return {
    id: r.id,
    status: r.status,
    created_at: new Date(r.createdAt).toISOString(),
    paid_at: r.paidAt ? new Date(r.paidAt).toISOString() : null,
    parent: r.userId,
    parent_name: name,
    parent_email: r.email ?? r.billing?.email ?? "",
    children: r.children ?? [],
    products: r.products ?? [],
    total_cents: r.totalCents,
    gift_card_cents: r.giftCardCents,
    refunded_cents: Number(r.refundedCents),
    payment_state: r.paymentState,
    gateway: r.gateway,
    locale: r.locale,
  };
}

/**
 * Who a search names (D414): the parents whose e-mail or name holds the words, and the children whose name
 * does, with their families. Read once per search, then the page and its count use the ids.
 */
type SearchedPeople = { parents: number[]; children: number[]; families: number[] };

async function findSearchedPeople(db: DbOrTx, q: string): Promise<SearchedPeople> {
  // Each row's stored search text, lowercased when it was written (D418): the two ILIKE passes over every
  // parent and child were half of a search's time in PostgreSQL.
  const [parents, children] = await Promise.all([
    db.select({ id: users.id }).from(users).where(searchTextContains(users.searchText, q)),
    db
      .select({ id: visitors.id, family: visitors.userId })
      .from(visitors)
      .where(searchTextContains(visitors.searchText, q)),
  ]);
  return {
    parents: parents.map((row) => row.id),
    children: children.map((row) => row.id),
    families: [...new Set(children.map((row) => row.family))],
  };
}

/**
 * An order matches a search when its parent is named, when its number is the words, or when it books a
 * named child (D414). A child is booked only in its own family's orders (the cart takes only the parent's
 * own children, D24; a guest's children are not visitors), so the last test runs on those families' orders
 * only, one order's few items at a time: before, every named child's items of ten years were read and
 * hashed (15,000 for "Schmidt"), once for the page and again for its count.
 */
function searchCondition(q: string, people: SearchedPeople): SQL {
  const byNumber = /^[1-9][0-9]{0,8}$/.test(q) ? sql` or ${orders.id} = ${Number(q)}` : sql``;
  // A scalar subquery with a limit, not `exists`: PostgreSQL turns an `exists` under `or` into the hashed
  // read of every named child's items that this avoids.
  const booksChild = sql`(select true from ${orderItems} oi where oi.order_id = ${orders.id} and oi.visitor_id = any(${pgArray(people.children)}::int[]) limit 1)`;
  return sql`(${orders.userId} = any(${pgArray(people.parents)}::int[])${byNumber} or (${orders.userId} = any(${pgArray(people.families)}::int[]) and ${booksChild}))`;
}

function conditions(filter: StaffOrderFilter, people: SearchedPeople | null): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.ids) parts.push(filter.ids.length ? inArray(orders.id, filter.ids) : sql`false`);
  // Compared as the enum, not as text, so the status index finds them: a ten-year list's count of its
  // refunded orders read 40,000 rows as text (5.5 ms) and 1,001 as the enum (0.6 ms). The route has
  // refused any other value with a 400.
  if (filter.statuses) parts.push(inArray(orders.status, filter.statuses as OrderStatus[]));
  else parts.push(sql`${orders.status} <> 'cart'`);
  if (filter.paymentState) parts.push(paymentStateIs(filter.paymentState));
  if (filter.from)
    parts.push(sql`(${orders.createdAt} at time zone ${SCHOOL_TIME_ZONE})::date >= ${filter.from}::date`);
  if (filter.to)
    parts.push(sql`(${orders.createdAt} at time zone ${SCHOOL_TIME_ZONE})::date <= ${filter.to}::date`);
  if (filter.parent !== undefined) parts.push(eq(orders.userId, filter.parent));
  if (filter.product !== undefined)
    parts.push(
      sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.productPageId} = ${filter.product})`,
    );
  if (filter.child !== undefined)
    parts.push(
      sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.visitorId} = ${filter.child})`,
    );
  if (filter.q && people) parts.push(searchCondition(filter.q, people));
  return and(...parts);
}

export async function listOrdersForStaff(
  db: DbOrTx,
  filter: StaffOrderFilter,
  cut: {
    sort: SQL | import("drizzle-orm/pg-core").AnyPgColumn;
    descending: boolean;
    offset: number;
    limit: number;
    /** The language of the offers' names (D286); German when not given. */
    locale?: Locale | undefined;
  },
): Promise<{ rows: AdminOrderRow[]; total: number | null }> {
  const people = filter.q ? await findSearchedPeople(db, filter.q) : null;
  const where = conditions(filter, people);
  const order = [cut.descending ? desc(cut.sort) : asc(cut.sort), desc(orders.id)];
  const exact = async () =>
    (
      await db.select({ n: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(where)
    )[0]?.n ?? 0;
  // Every order but the carts: estimated once the history is long (D400). A search or filter counts exactly
  // up to SEARCH_COUNT_LIMIT and says "more than" past it (D407): "Schmidt" matches 5,600 orders of ten
  // years, and counting them all took ten times the page.
  const unfiltered = Object.values(filter).every((value) => value === undefined);
  if (filter.paymentState) {
    const { ids, total } = await pageAndCountInOnePass(db, where, order, cut);
    return { rows: inOrderOf(ids, await rowsOf(db, ids, cut.locale ?? "de"), (row) => row.id), total };
  }
  // The page's ids and its total side by side (D405); then the row's columns (payments, children, offers)
  // for those 25 only, so the rows an offset skips are not computed (issue 36, D401).
  const [page, total] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...order)
      .offset(cut.offset)
      .limit(cut.limit),
    unfiltered
      ? wholeTableTotal(db, orders, exact)
      : boundedTotal(
          db,
          db.select({ one: sql`1` }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(where),
        ),
  ]);
  const ids = page.map((row) => row.id);
  return { rows: inOrderOf(ids, await rowsOf(db, ids, cut.locale ?? "de"), (row) => row.id), total };
}

/**
 * A page and its total from one read (D501): the matching ids in the list's order, as many as the page
 * needs and at least one past SEARCH_COUNT_LIMIT. A payment-state filter reads them from its index
 * (`orders_payment_state_idx`, D502) newest first; page and count read it once, not twice side by side.
 */
async function pageAndCountInOnePass(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL[],
  cut: { offset: number; limit: number },
): Promise<{ ids: number[]; total: number | null }> {
  const wanted = Math.max(cut.offset + cut.limit, SEARCH_COUNT_LIMIT + 1);
  const found = await db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...order)
    .limit(wanted);
  const ids = found.map((row) => row.id);
  return {
    ids: ids.slice(cut.offset, cut.offset + cut.limit),
    total: ids.length > SEARCH_COUNT_LIMIT ? null : ids.length,
  };
}

export async function findOrderForStaff(
  db: DbOrTx,
  id: number,
  locale: Locale = "de",
): Promise<AdminOrderRow | undefined> {
  return (await rowsOf(db, [id], locale))[0];
}

/**
 * The back office's columns of the given orders, in no particular order. One prepared statement whatever
 * the list's filter, sort or page (D413): PostgreSQL planned its dozen subqueries on every page, about 4 ms
 * of a filtered page's 5.4 ms on ten years of data, and a kept plan for 25 ids by primary key cannot go wrong.
 */
async function rowsOf(db: DbOrTx, ids: number[], locale: Locale): Promise<AdminOrderRow[]> {
  if (ids.length === 0) return [];
  const statement = prepared<RawRow[]>(db, "staff_order_rows", () =>
    db
      .select(rowColumnsIn(ph("locale")))
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(sql`${orders.id} = any(${ph("ids")}::int[])`),
  );
  const rows = await statement.execute({ ids: pgArray(ids), locale });
  return rows.map(toRow);
}

/** The order's items with what they cost and what came back. */
export async function findOrderItemsForStaff(db: DbOrTx, orderId: number, locale: Locale = "de") {
  return db
    .select({
      id: orderItems.id,
      productPage: orderItems.productPageId,
      name: offerNameIn(locale),
      childFirst: visitors.firstName,
      childLast: visitors.lastName,
      status: orderItems.status,
      paidCents: sql<number>`${orderItems.calculatedPriceCents} - ${orderItems.siblingDiscountCents} - ${orderItems.promocodeDiscountCents}`,
    })
    .from(orderItems)
    .innerJoin(productPages, eq(productPages.id, orderItems.productPageId))
    .leftJoin(visitors, eq(visitors.id, orderItems.visitorId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

export async function findOrderPaymentsForStaff(db: DbOrTx, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

export async function findOrderDocumentsForStaff(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      totalCents: invoices.totalCents,
    })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.id));
}

/**
 * The mails of an order: the outbox keeps no order id, so those to the order's addresses whose subject
 * names the order's number (every order mail does: "Bestellung Nr. 914", "заказ № 914").
 */
export async function findOrderMailsForStaff(db: DbOrTx, orderId: number, addresses: string[]) {
  if (addresses.length === 0) return [];
  return db
    .select({
      id: mailOutbox.id,
      template: mailOutbox.template,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      textsCleared: sql<boolean>`${mailOutbox.textsClearedAt} is not null`,
    })
    .from(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.to, addresses),
        sql`${mailOutbox.subject} ~ ${`(^|[^0-9])${orderId}([^0-9]|$)`}`,
      ),
    )
    .orderBy(asc(mailOutbox.id));
}
