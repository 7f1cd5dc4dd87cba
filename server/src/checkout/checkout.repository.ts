import type { Locale } from "@atelier/contract";
import { and, asc, eq, getTableName, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../db/index.ts";
import {
  academyWeeks,
  allInOrder,
  type BillingDetails,
  changesAsPlaceholders,
  invoices,
  orderItemAcademyWeeks,
  orderItemSlots,
  orderItems,
  orders,
  paymentEvents,
  paymentIssues,
  payments,
  pgArray,
  ph,
  prepared,
  preparedSql,
  promocodeRedemptions,
  promocodes,
  refunds,
  scheduleSlots,
  userBillingColumns,
  users,
  waitingListEntries,
} from "../db/index.ts";
import type { GatewayName } from "../payments/index.ts";
import { holdsSeats, SLOT_UNITS, slotSeatsTaken, WEEK_UNITS, weekSeatsTaken } from "../seats/index.ts";

/** The only code of checkout that touches the tables: orders in payment, payments, events, refunds. */

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export async function findOrder(db: DbOrTx, orderId: number, lock = false): Promise<OrderRow | undefined> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/**
 * An order with the payment rows whose gateway order id is the order's current one (`paypal_id`), in one
 * statement (issue 36: a capture and an order's page read both). The caller picks the row of the gateway
 * that issued the id.
 */
export async function findOrderWithPayments(
  db: DbOrTx,
  orderId: number,
): Promise<{ order: OrderRow; payments: PaymentRow[] } | undefined> {
  // Prepared: every capture reads it (D457).
  const rows = await prepared<{ order: OrderRow; payment: PaymentRow | null }[]>(
    db,
    "order_with_payments",
    () =>
      db
        .select({ order: orders, payment: payments })
        .from(orders)
        // Through the order's own payments (an index, a few rows): a gateway order id is made for one order.
        .leftJoin(
          payments,
          and(eq(payments.orderId, orders.id), eq(payments.gatewayOrderId, orders.paypalId)),
        )
        .where(eq(orders.id, ph("orderId"))),
  ).execute({ orderId });
  const [first] = rows;
  if (!first) return undefined;
  return { order: first.order, payments: rows.flatMap((row) => (row.payment ? [row.payment] : [])) };
}

/** A payment by its gateway's order id with its order, in one statement (the payment's order never changes). */
export async function findPaymentWithOrder(
  db: DbOrTx,
  gateway: GatewayName,
  gatewayOrderId: string,
): Promise<{ order: OrderRow; payment: PaymentRow } | undefined> {
  // Prepared: every Stripe payment's webhook reads it (D457).
  const [row] = await prepared<{ order: OrderRow; payment: PaymentRow }[]>(db, "payment_with_order", () =>
    db
      .select({ order: orders, payment: payments })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.gateway, ph("gateway")), eq(payments.gatewayOrderId, ph("gatewayOrderId")))),
  ).execute({ gateway, gatewayOrderId });
  return row;
}

/** An order with the number of its invoice (null before it is paid), in one statement. */
export async function findOrderWithInvoiceNumber(
  db: DbOrTx,
  orderId: number,
): Promise<{ order: OrderRow; invoiceNumber: string | null } | undefined> {
  const [row] = await db
    .select({
      order: orders,
      // Spelt out: in a one-table select Drizzle writes columns without their table, and "id" would be the invoice's.
      invoiceNumber: sql<
        string | null
      >`(select i.number from ${invoices} i where i.order_id = "orders"."id" and i.kind = 'invoice'
          and i.subscription_payment_id is null)`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/**
 * The order a gateway order pays, its row locked: found through the payment in the same statement (the
 * payment's order never changes), so a capture locks its order in one round trip (issue 36).
 */
export async function lockOrderOfPayment(
  tx: Tx,
  gateway: GatewayName,
  gatewayOrderId: string,
): Promise<OrderRow | undefined> {
  // Prepared: every capture and every Stripe payment takes it (issue 36).
  const [row] = await prepared<OrderRow[]>(tx, "order_of_payment_locked", () =>
    tx
      .select()
      .from(orders)
      .where(
        eq(
          orders.id,
          tx
            .select({ orderId: payments.orderId })
            .from(payments)
            .where(
              and(eq(payments.gateway, ph("gateway")), eq(payments.gatewayOrderId, ph("gatewayOrderId"))),
            ),
        ),
      )
      .for("update", { of: orders }),
  ).execute({ gateway, gatewayOrderId });
  return row;
}

export async function findOrderByCartId(db: DbOrTx, cartId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.cartId, cartId));
  return row;
}

export async function findPayment(
  db: DbOrTx,
  gateway: GatewayName,
  gatewayOrderId: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  // Prepared: every payment reads it (D457).
  const [row] = await prepared<PaymentRow[]>(db, lock ? "payment_locked" : "payment", () => {
    const query = db
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, ph("gateway")), eq(payments.gatewayOrderId, ph("gatewayOrderId"))));
    return lock ? query.for("update") : query;
  }).execute({ gateway, gatewayOrderId });
  return row;
}

export async function findPaymentById(db: DbOrTx, id: number, lock = false): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/**
 * Stores a gateway order just created for an order: its payment row (once per gateway order) and the
 * order's reference to it, in one statement, so both or neither are written without a transaction's
 * three round trips (issue 36).
 */
export async function recordGatewayOrder(
  db: DbOrTx,
  payment: { orderId: number; gateway: GatewayName; gatewayOrderId: string; amountCents: number },
): Promise<void> {
  // Prepared, built once per connection: every payment opens one (D457).
  await prepared(db, "gateway_order_recorded", () => {
    const inserted = db.$with("inserted_payment").as(
      db
        .insert(payments)
        .values({
          orderId: ph("orderId"),
          gateway: ph("gateway"),
          gatewayOrderId: ph("gatewayOrderId"),
          amountCents: ph("amountCents"),
        })
        .onConflictDoNothing({ target: [payments.gateway, payments.gatewayOrderId] })
        .returning({ id: payments.id }),
    );
    return db
      .with(inserted)
      .update(orders)
      .set({ paypalId: sql`${ph("gatewayOrderId")}`, updatedAt: sql`now()` })
      .where(eq(orders.id, ph("orderId")));
  }).execute(payment);
}

export async function updatePayment(
  db: DbOrTx,
  id: number,
  changes: Partial<typeof payments.$inferInsert>,
): Promise<void> {
  const asValues = changesAsPlaceholders(changes);
  if (!asValues) {
    await db
      .update(payments)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(payments.id, id));
    return;
  }
  // Prepared per set of columns changed: each payment changes its row two or three times (D457).
  await prepared(db, `payment_update_${asValues.key}`, () =>
    db
      .update(payments)
      .set({ ...(asValues.set as PgUpdateSetSource<typeof payments>), updatedAt: sql`now()` })
      .where(eq(payments.id, ph("rowId"))),
  ).execute({ ...asValues.values, rowId: id });
}

export async function updateOrder(
  db: DbOrTx,
  id: number,
  changes: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const asValues = changesAsPlaceholders(changes);
  // Prepared per set of columns changed: each payment marks its order (D457).
  const [row] = asValues
    ? await prepared<OrderRow[]>(db, `order_update_${asValues.key}`, () =>
        db
          .update(orders)
          .set({ ...(asValues.set as PgUpdateSetSource<typeof orders>), updatedAt: sql`now()` })
          .where(eq(orders.id, ph("rowId")))
          .returning(),
      ).execute({ ...asValues.values, rowId: id })
    : await db
        .update(orders)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(orders.id, id))
        .returning();
  if (!row) throw new Error(`order ${id} vanished`);
  return row;
}

/** Moves an order into payment: seats held until `minutes` from now by the database clock. */
export async function stageOrder(
  tx: Tx,
  id: number,
  staging: {
    minutes: number;
    billing: BillingDetails;
    termsAccepted: boolean;
    locale: Locale;
    /** A parent's checkout: the reprice's totals, written by this update (issue 36: not by one of their own). */
    totals?: Pick<
      OrderRow,
      | "promocodeId"
      | "giftCardId"
      | "giftCardCents"
      | "totalPriceCents"
      | "discountCents"
      | "totalCheckoutCents"
      | "totalRecurrentCents"
    >;
  },
): Promise<OrderRow> {
  // Prepared per shape (the totals' null ids, terms accepted or not), the values as placeholders: every
  // checkout stages its order (D457).
  const totals = changesAsPlaceholders(staging.totals ?? {});
  if (!totals) throw new Error("an order's totals are values");
  const shape = `${totals.key}_${staging.termsAccepted ? "terms" : "noterms"}`;
  const [row] = await prepared<OrderRow[]>(tx, `order_staged_${shape}`, () =>
    tx
      .update(orders)
      .set({
        ...(totals.set as PgUpdateSetSource<typeof orders>),
        status: "awaiting_payment",
        reservedUntil: sql`now() + ${ph("minutes")}::integer * interval '1 minute'`,
        stagedAt: sql`now()`,
        billing: sql`${ph("billing")}::jsonb`,
        termsAcceptedAt: staging.termsAccepted ? sql`now()` : null,
        payerFirstName: sql`${ph("payerFirstName")}`,
        payerLastName: sql`${ph("payerLastName")}`,
        paymentAttempt: sql`${orders.paymentAttempt} + 1`,
        // The language the parent checks out in: PayPal's window, the mail and the invoice follow it.
        locale: sql`${ph("locale")}`,
        paypalId: null,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, ph("rowId")))
      .returning(),
  ).execute({
    ...totals.values,
    minutes: staging.minutes,
    billing: JSON.stringify(staging.billing),
    payerFirstName: staging.billing.first_name,
    payerLastName: staging.billing.last_name,
    locale: staging.locale,
    rowId: id,
  });
  if (!row) throw new Error(`order ${id} vanished`);
  return row;
}

/**
 * Whether `until` (a reservation's end, read under the order's lock) is at least `marginSeconds` away by the
 * database's clock now, not the transaction's start: a capture that keeps a running reservation without the
 * units' locks (D408) asks it as its last statement, so the reservation outlasts the commit.
 */
export function outlastsCommitSql(until: Date, marginSeconds: number): SQL {
  return sql`${until.toISOString()}::timestamptz > clock_timestamp() + ${marginSeconds}::integer * interval '1 second'`;
}

/** `outlastsCommitSql` asked alone, when the capture's last statement could not ask it. */
export async function outlastsCommit(
  db: DbOrTx,
  orderId: number,
  until: Date,
  marginSeconds: number,
): Promise<boolean> {
  const [row] = await db
    .select({
      runs: sql<boolean>`${outlastsCommitSql(until, marginSeconds)}`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.runs === true;
}

/** Whether the order's reservation still runs, by the database clock. */
export async function reservationRuns(db: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ runs: sql<boolean>`${orders.reservedUntil} is not null and ${orders.reservedUntil} > now()` })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.runs ?? false;
}

/**
 * Locks the schedule slots and academy weeks an order books, always slots before weeks and each in
 * ascending id order, so two checkouts sharing units wait for each other instead of deadlocking
 * (pretix's lock_objects). Held until the transaction ends. NO KEY UPDATE: checkouts wait for each other,
 * while a cart add that links an item to the unit (a KEY SHARE lock through its foreign key) does not.
 */
export async function lockUnits(tx: Tx, slotIds: number[], weekIds: number[]): Promise<void> {
  // Both asked at once, slots first, so they can go in one write with what is asked beside them (D456).
  await allInOrder([lockRows(tx, scheduleSlots, slotIds), lockRows(tx, academyWeeks, weekIds)]);
}

/** The units' rows of `ids` locked in id order (`for no key update`), the statement asked at once. */
function lockRows(tx: Tx, table: typeof scheduleSlots | typeof academyWeeks, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  // Prepared per table, the ids as one array: every checkout and every capture near its reservation's end
  // takes it (D457).
  return prepared<{ id: number }[]>(tx, `units_locked_${getTableName(table)}`, () =>
    tx
      .select({ id: table.id })
      .from(table)
      .where(sql`${table.id} = any(${ph("ids")}::int[])`)
      .orderBy(asc(table.id))
      .for("no key update"),
  ).execute({ ids: pgArray(sorted) });
}

/** The slots and weeks an order's active items book (one entry per item and unit). */
export async function orderUnits(db: DbOrTx, orderId: number) {
  const [slots, weeks] = await Promise.all([
    db
      .select({ unitId: orderItemSlots.scheduleSlotId })
      .from(orderItemSlots)
      .innerJoin(orderItems, eq(orderItems.id, orderItemSlots.orderItemId))
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, "active"))),
    db
      .select({ unitId: orderItemAcademyWeeks.academyWeekId })
      .from(orderItemAcademyWeeks)
      .innerJoin(orderItems, eq(orderItems.id, orderItemAcademyWeeks.orderItemId))
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, "active"))),
  ]);
  return { slotIds: slots.map((s) => s.unitId), weekIds: weeks.map((w) => w.unitId) };
}

/**
 * True when every slot and week the order books still has a seat for it beside the seats held by
 * other orders (paid, or reserved and running). Call with the units locked. `units` are the order's own
 * (one entry per item and unit, as `orderUnits` answers) when the caller knows them already.
 */
export async function seatsStillFree(
  db: DbOrTx,
  orderId: number,
  units?: { slotIds: number[]; weekIds: number[] },
): Promise<boolean> {
  const asked = unitsAsked(units ?? (await orderUnits(db, orderId)));
  if (asked.length === 0) return true;
  const tests = () => asked.map(({ unit }) => shortOfSeats(db, unit));
  return (await firstTrue(db, `seats_free_${shapeOf(asked)}`, tests, valuesOf(orderId, asked))) === undefined;
}

/** A unit field of the booking and the refusal it gets under the units' locks. */
export type UnitRefusal = {
  field: "schedule_slots" | "academy_weeks";
  code: "already_booked" | "no_seats_left";
};

/**
 * Checkout's refusal under the units' locks, or undefined: a child this order books already holds the
 * same slot or week through another order (paid, or reserved and running), else a unit has no seat left
 * for it beside the seats other orders hold, as `seatsStillFree` counts. One statement, so the units'
 * locks, which every checkout of the week waits for, are held one round trip less (issue 36); the
 * refusals come in the order they were asked before: slots held twice, weeks held twice, slots full,
 * weeks full.
 */
export async function unitRefusal(
  db: DbOrTx,
  orderId: number,
  units: { slotIds: number[]; weekIds: number[] },
): Promise<UnitRefusal | undefined> {
  const asked = unitsAsked(units);
  // An order without slots or weeks (gift cards alone) has nothing to ask.
  if (asked.length === 0) return undefined;
  const refusals: UnitRefusal[] = [
    ...asked.map(({ unit }) => ({ field: unit.field, code: "already_booked" }) as const),
    ...asked.map(({ unit }) => ({ field: unit.field, code: "no_seats_left" }) as const),
  ];
  const tests = () => [
    ...asked.map(({ unit }) => heldTwice(unit)),
    ...asked.map(({ unit }) => shortOfSeats(db, unit)),
  ];
  const first = await firstTrue(db, `unit_refusal_${shapeOf(asked)}`, tests, valuesOf(orderId, asked));
  return first === undefined ? undefined : refusals[first];
}

/**
 * The index of the first of the boolean tests `tests` builds that holds, asked in one statement; undefined
 * when none. Built and parsed once per connection and shape (`name`), its values as placeholders (D457, D463),
 * and planned for each call's values, as the two checks it joins were (D438); asked at once, so that it can
 * go in one write with the units' locks (D456).
 */
async function firstTrue(
  db: DbOrTx,
  name: string,
  tests: () => SQL[],
  values: Record<string, unknown>,
): Promise<number | undefined> {
  const result = await preparedSql<Record<string, unknown>>(
    db,
    name,
    () =>
      sql`select ${sql.join(
        tests().map((test, i) => sql`${test} as ${sql.identifier(`t${i}`)}`),
        sql`, `,
      )}`,
    "per-call",
  ).execute(values);
  const row = result.rows[0] ?? {};
  for (let i = 0; `t${i}` in row; i++) if (row[`t${i}`] === true) return i;
  return undefined;
}

/**
 * Each kind of unit a booking takes, slots before weeks: the field that names it, how bookings and offers
 * name it (the seats area's `UnitKind`), its table with its seats, the seats taken in it, and the prefix of
 * its placeholders.
 */
const SEAT_UNITS = [
  { field: "schedule_slots", kind: SLOT_UNITS, table: scheduleSlots, taken: slotSeatsTaken, values: "slot" },
  { field: "academy_weeks", kind: WEEK_UNITS, table: academyWeeks, taken: weekSeatsTaken, values: "week" },
] as const;
type SeatUnit = (typeof SEAT_UNITS)[number];

/** The kinds of unit an order books, with its ids of each (one entry per item and unit). */
function unitsAsked(units: { slotIds: number[]; weekIds: number[] }) {
  return SEAT_UNITS.map((unit) => ({
    unit,
    ids: unit.field === "schedule_slots" ? units.slotIds : units.weekIds,
  })).filter(({ ids }) => ids.length > 0);
}

/** The kinds asked, as the part of a statement's name that tells its shapes apart. */
const shapeOf = (asked: ReturnType<typeof unitsAsked>) => asked.map(({ unit }) => unit.values).join("_");

/**
 * The checks' values: the order, and per kind of unit its distinct ids (`<kind>Ids`) and how many of the
 * order's entries name each (`<kind>Counts`, in the same order).
 */
function valuesOf(orderId: number, asked: ReturnType<typeof unitsAsked>): Record<string, unknown> {
  const values: Record<string, unknown> = { orderId };
  for (const { unit, ids } of asked) {
    const wanted = new Map<number, number>();
    for (const id of ids) wanted.set(id, (wanted.get(id) ?? 0) + 1);
    values[`${unit.values}Ids`] = pgArray([...wanted.keys()]);
    values[`${unit.values}Counts`] = pgArray([...wanted.values()]);
  }
  return values;
}

/**
 * Whether a unit the order books (its `<kind>Ids`) has fewer seats left beside the seats other orders hold
 * than the order books in it (`<kind>Counts`), as a boolean SQL test.
 */
function shortOfSeats(db: DbOrTx, unit: SeatUnit): SQL {
  const ids = sql`${ph(`${unit.values}Ids`)}::int[]`;
  const orderId = sql`${ph("orderId")}::int`;
  const others = sql`${orders.id} <> ${orderId}`;
  // A running waiting-list offer for a child this order books in the unit is this order's seat (D78).
  const { kind, table } = unit;
  const notOurs = sql`not exists (select 1 from ${kind.links} join ${orderItems} on ${orderItems.id} = ${kind.item} where ${orderItems.orderId} = ${orderId} and ${orderItems.status} = 'active' and ${orderItems.visitorId} = ${waitingListEntries.visitorId} and ${kind.unit} = ${kind.entryUnit})`;
  const taken = unit.taken(db, sql`${kind.unit} = any(${ids}) and ${others}`, notOurs);
  const need = sql`(select wanted.n from unnest(${ids}, ${ph(`${unit.values}Counts`)}::int[]) as wanted(id, n) where wanted.id = ${table.id})`;
  const short = db
    .select({ one: sql<number>`1` })
    .from(table)
    .leftJoin(taken, eq(taken.unitId, table.id))
    .where(sql`${table.id} = any(${ids}) and ${table.seats} - coalesce(${taken.n}, 0) < ${need}`);
  return sql`exists (${short})`;
}

/**
 * Whether a child this order books already holds a unit of the order's `<kind>Ids` through another order
 * (paid, or reserved and running), as a boolean SQL test. Checkout asks it with the units locked, so two
 * orders of one child never both hold a unit. It starts from this order's own items, a few rows found by
 * the order's id, and looks up their children's other bookings by child and unit: its cost follows the
 * child's own bookings, not the unit's, whatever PostgreSQL's statistics say. Asked the other way round
 * (every booking of the unit, then whether this order books the same child there) it read the unit's
 * links once per booking of it, once PostgreSQL had statistics: 30,000 index reads for a week of 150
 * bookings (D449).
 */
function heldTwice(unit: SeatUnit): SQL {
  const { kind } = unit;
  const orderId = sql`${ph("orderId")}::int`;
  // The order's own links and items, under names of their own in the statement.
  const ownLinks = sql.identifier("own_links");
  const ownItems = sql.identifier("own_items");
  const own = (table: typeof ownLinks, column: string) => sql`${table}.${sql.identifier(column)}`;
  const ownUnit = own(ownLinks, kind.unit.name);
  return sql`exists (select 1 from ${orderItems} ${ownItems}
    join ${kind.links} ${ownLinks} on ${own(ownLinks, kind.item.name)} = ${own(ownItems, "id")}
    join ${orderItems} on ${orderItems.visitorId} = ${own(ownItems, "visitor_id")}
    join ${kind.links} on ${kind.item} = ${orderItems.id} and ${kind.unit} = ${ownUnit}
    join ${orders} on ${orders.id} = ${orderItems.orderId}
    where ${own(ownItems, "order_id")} = ${orderId} and ${own(ownItems, "status")} = 'active'
      and ${ownUnit} = any(${ph(`${unit.values}Ids`)}::int[])
      and ${kind.mayHold} and ${holdsSeats} and ${orders.id} <> ${orderId})`;
}

export async function findBillingOfUser(db: DbOrTx, userId: number): Promise<BillingDetails | undefined> {
  // Prepared, and only the billing's columns: every checkout reads it (D457).
  const [user] = await prepared<BillingColumns[]>(db, "user_billing", () =>
    db
      .select(userBillingColumns)
      .from(users)
      .where(eq(users.id, ph("userId"))),
  ).execute({ userId });
  if (!user) return undefined;
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone_number: user.phoneNumber,
    company_name: user.companyName,
    street: user.street,
    post_code: user.postCode,
    city: user.city,
    country: user.country,
  };
}

type BillingColumns = Pick<typeof users.$inferSelect, keyof typeof userBillingColumns>;

export async function lockPromocode(tx: Tx, id: number) {
  // NO KEY UPDATE: orders naming the code hold KEY SHARE locks on it (their foreign key), which this must
  // not wait for, or two checkouts with one code deadlock; checkouts still wait for each other.
  const [row] = await tx.select().from(promocodes).where(eq(promocodes.id, id)).for("no key update");
  return row;
}

export async function insertRedemption(
  tx: Tx,
  redemption: { promocodeId: number; orderId: number; userId: number | null; discountCents: number },
): Promise<void> {
  await tx.insert(promocodeRedemptions).values(redemption).onConflictDoNothing();
}

export async function deleteRedemption(tx: Tx, orderId: number): Promise<void> {
  await tx.delete(promocodeRedemptions).where(eq(promocodeRedemptions.orderId, orderId));
}

/** Stores a webhook event once by its id; false when it was stored before (a repeated delivery). */
export async function insertEvent(
  db: DbOrTx,
  event: {
    gateway: GatewayName;
    eventId: string;
    eventType: string;
    resourceId: string | null;
    payload: unknown;
  },
): Promise<number | undefined> {
  // Prepared: every webhook stores its event (D457).
  const [row] = await prepared<{ id: number }[]>(db, "payment_event_insert", () =>
    db
      .insert(paymentEvents)
      .values({
        gateway: ph("gateway"),
        eventId: ph("eventId"),
        eventType: ph("eventType"),
        resourceId: ph("resourceId"),
        payload: ph("payload"),
      })
      .onConflictDoNothing({ target: [paymentEvents.gateway, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id }),
  ).execute(event);
  return row?.id;
}

export async function markEventProcessed(db: DbOrTx, id: number): Promise<void> {
  await prepared(db, "payment_event_processed", () =>
    db
      .update(paymentEvents)
      // Matched after all: a kept refund shown to staff as unmatched, applied when its capture came (D557).
      .set({ processedAt: sql`now()`, unmatched: false })
      .where(eq(paymentEvents.id, ph("id"))),
  ).execute({ id });
}

/**
 * A signed event about nothing this shop knows (D201): acknowledged (processed, so a repeated delivery
 * changes nothing) and kept for staff, who see it on the dashboard.
 */
export async function markEventUnmatched(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ processedAt: sql`now()`, unmatched: true })
    .where(eq(paymentEvents.id, id));
}

/**
 * PayPal's dispute and reversal events shown to staff as unmatched that name `captureId` (a dispute's
 * disputed transaction, a reversal's "up" link or the reversed capture itself), oldest first: their capture
 * was not recorded when they came.
 */
export async function unmatchedDisputeEventsOf(db: DbOrTx, captureId: string, eventTypes: string[]) {
  return db
    .select({ id: paymentEvents.id, eventType: paymentEvents.eventType, payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.gateway, "paypal"),
        eq(paymentEvents.unmatched, true),
        inArray(paymentEvents.eventType, eventTypes),
        sql`(${paymentEvents.payload} -> 'resource' -> 'disputed_transactions' -> 0 ->> 'seller_transaction_id' = ${captureId}
          or ${paymentEvents.payload} -> 'resource' ->> 'id' = ${captureId}
          or exists (select 1 from jsonb_array_elements(${paymentEvents.payload} -> 'resource' -> 'links') as link
            where link ->> 'rel' = 'up' and right(link ->> 'href', ${captureId.length + 10}) = ${`/captures/${captureId}`}))`,
      ),
    )
    .orderBy(asc(paymentEvents.id))
    .limit(20);
}

export async function insertRefund(
  db: DbOrTx,
  refund: { paymentId: number; gatewayRefundId: string; amountCents: number; reason: string; status: string },
): Promise<boolean> {
  const rows = await db
    .insert(refunds)
    .values(refund)
    .onConflictDoNothing({ target: refunds.gatewayRefundId })
    .returning({ id: refunds.id });
  return rows.length > 0;
}

/** The payment of a capture (Stripe: its payment intent), locked when asked. */
export async function findPaymentByCapture(
  db: DbOrTx,
  gateway: GatewayName,
  captureId: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const query = db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.captureId, captureId)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/** A refund the shop recorded, by the gateway's id for it. */
export async function findRefundOfGateway(db: DbOrTx, gatewayRefundId: string, lock = false) {
  const query = db.select().from(refunds).where(eq(refunds.gatewayRefundId, gatewayRefundId));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/**
 * A recorded refund the gateway reports failed after accepting it (D566), or cancelled before it was paid
 * out (D569), in the gateway's word.
 */
export async function markRefundFailed(
  db: DbOrTx,
  id: number,
  status: "FAILED" | "CANCELLED",
): Promise<void> {
  await db.update(refunds).set({ status }).where(eq(refunds.id, id));
}

/**
 * A pending refund that went through (D570): it was counted when it was made, so only its status changes.
 * A refund not pending (completed already, failed, cancelled) is left as it is.
 */
export async function markRefundCompleted(db: DbOrTx, gatewayRefundId: string): Promise<void> {
  await db
    .update(refunds)
    .set({ status: "COMPLETED" })
    .where(and(eq(refunds.gatewayRefundId, gatewayRefundId), eq(refunds.status, "PENDING")));
}

/**
 * Whether the recorded refund a withdrawal's or staff refund's `refund_id` names is still pending at its
 * gateway (D572): sent and taken, the money not paid out yet. A column of the withdrawals' reads.
 */
export function refundPendingAtGateway(refundId: SQL | AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${refunds} pr where pr.id = ${refundId} and pr.status = 'PENDING')`;
}

/**
 * An order's recorded refunds and their statuses as one text (id and status each): a pending refund that
 * completes, fails or is cancelled changes it. Part of a parent's history's fingerprint (D442, D573);
 * `orderId` names the order's id in the statement around it.
 */
export function refundStatusesOfOrder(orderId: SQL): SQL {
  return sql`coalesce((select string_agg(rr.id::text || '.' || rr.status, ',' order by rr.id)
    from ${refunds} rr join ${payments} rp on rp.id = rr.payment_id where rp.order_id = ${orderId}), '')`;
}

/**
 * Refunds still pending at their gateway that were sent more than `days` ago, the oldest fifty first, with
 * their order's parent (D574): for the dashboard, where staff ask the payment service about them.
 */
export async function slowPendingRefunds(db: DbOrTx, days: number) {
  return db
    .select({
      refund: refunds.id,
      order: payments.orderId,
      gateway: payments.gateway,
      amountCents: refunds.amountCents,
      since: refunds.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phoneNumber,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(refunds.status, "PENDING"),
        sql`${refunds.createdAt} < now() - make_interval(days => ${days}::int)`,
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(50);
}

/** A pending refund to ask the gateway about, with its payment's gateway and capture. */
export type PendingRefund = {
  id: number;
  gatewayRefundId: string;
  amountCents: number;
  gateway: GatewayName;
  captureId: string;
};

/**
 * Claims up to `limit` refunds of these gateways still pending (or recorded `CANCELED` before D569, D575) and
 * not asked about for `everyMinutes` (never asked first, then the longest ago), and notes the claim's time
 * on them, so several instances ask about each once per interval (D570).
 */
export async function claimPendingRefunds(
  db: DbOrTx,
  options: { gateways: GatewayName[]; limit: number; everyMinutes: number },
): Promise<PendingRefund[]> {
  if (options.gateways.length === 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: refunds.id,
        gatewayRefundId: refunds.gatewayRefundId,
        amountCents: refunds.amountCents,
        gateway: payments.gateway,
        captureId: payments.captureId,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(
        and(
          // Pending, or Stripe's `canceled` as the shop recorded it before D569 and counted: asked once
          // more, its answer is read as a cancellation now is (D575). The partial index holds both.
          sql`${refunds.status} in ('PENDING', 'CANCELED')`,
          inArray(payments.gateway, options.gateways),
          sql`${refunds.gatewayRefundId} is not null and ${payments.captureId} is not null`,
          sql`(${refunds.checkedAt} is null or ${refunds.checkedAt} <= now() - ${options.everyMinutes}::integer * interval '1 minute')`,
        ),
      )
      .orderBy(sql`${refunds.checkedAt} asc nulls first`, asc(refunds.id))
      .limit(options.limit)
      // No key update: the claim does not wait for, nor hold up, a withdrawal's or staff refund's row
      // that names the refund (their foreign keys take a key share lock on it).
      .for("no key update", { of: refunds, skipLocked: true });
    if (due.length > 0)
      await tx
        .update(refunds)
        .set({ checkedAt: sql`now()` })
        .where(
          inArray(
            refunds.id,
            due.map((row) => row.id),
          ),
        );
    return due.flatMap((row) =>
      row.gatewayRefundId && row.captureId
        ? [{ ...row, gatewayRefundId: row.gatewayRefundId, captureId: row.captureId }]
        : [],
    );
  });
}

/**
 * Claims up to `limit` rows for a worker: orders whose reservation ran out `graceSeconds` ago, or whose
 * payment was staged and not heard of for `staleSeconds`. The claim moves the payment's `updated_at`
 * forward (a lease), so other instances and the next round skip it for a while.
 */
export async function claimOpenPayments(
  db: DbOrTx,
  options: { limit: number; staleSeconds: number },
): Promise<{ orderId: number; paymentId: number | null; gatewayOrderId: string | null; expired: boolean }[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        orderId: orders.id,
        paymentId: payments.id,
        gatewayOrderId: payments.gatewayOrderId,
        expired: sql<boolean>`(${orders.reservedUntil} is null or ${orders.reservedUntil} <= now())`,
      })
      .from(orders)
      .leftJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.gatewayOrderId, orders.paypalId)))
      .where(
        and(
          eq(orders.status, "awaiting_payment"),
          sql`(${orders.reservedUntil} <= now() or (${payments.id} is not null and ${payments.status} in ('created', 'approved') and ${payments.updatedAt} <= now() - ${options.staleSeconds}::integer * interval '1 second'))`,
        ),
      )
      .orderBy(asc(orders.id))
      .limit(options.limit)
      .for("update", { of: orders, skipLocked: true });
    const leased = due.flatMap((row) => (row.paymentId === null ? [] : [row.paymentId]));
    if (leased.length > 0)
      await tx.update(payments).set({ updatedAt: sql`now()` }).where(inArray(payments.id, leased));
    return due;
  });
}

/**
 * Payments captured for orders that could not keep them, oldest first (or the one payment asked for);
 * those whose refund ran out of attempts (D90) wait for staff instead.
 */
export async function findRefundsDue(db: DbOrTx, limit: number, paymentId?: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.refundDue, true),
        paymentId === undefined ? undefined : eq(payments.id, paymentId),
        sql`not exists (select 1 from ${paymentIssues} where ${paymentIssues.paymentId} = ${payments.id} and ${paymentIssues.state} = 'refund_failed')`,
      ),
    )
    .orderBy(asc(payments.id))
    .limit(limit);
}

/**
 * Erasure (D139): the gateway's replies and webhook bodies of the family's payments name the payer; the
 * payments keep their amounts, states and gateway ids (the books), the raw bodies go.
 */
export async function clearPaymentDetailsOfUser(tx: Tx, userId: number): Promise<void> {
  const own = sql`(select ${orders.id} from ${orders} where ${orders.userId} = ${userId})`;
  const cleared = await tx
    .update(payments)
    .set({ raw: null, updatedAt: sql`now()` })
    .where(sql`${payments.orderId} in ${own}`)
    .returning({ gatewayOrderId: payments.gatewayOrderId, captureId: payments.captureId });
  const ids = cleared.flatMap((row) =>
    row.captureId ? [row.gatewayOrderId, row.captureId] : [row.gatewayOrderId],
  );
  if (ids.length)
    await tx
      .update(paymentEvents)
      .set({ payload: {} })
      .where(sql`${paymentEvents.resourceId} = any(${pgArray(ids)}::text[])`);
}
