import type pg from "pg";
import { addAudit, addMails, addRequests, addWaitingList } from "./activity.ts";
import { addPastUnits, readCatalogue } from "./catalogue.ts";
import { addFamilies } from "./families.ts";
import { type History, planOrder } from "./orders.ts";
import { createRng } from "./prng.ts";
import { flushHistoryTables, historyTables } from "./tables.ts";
import { DAY, decadeOf } from "./time.ts";
import { invoiceMonthsPaidBy, nextNumber, PART_REFUND_REQUEST_PREFIX, writeOrder } from "./write-order.ts";

export type YearsOptions = {
  years: number;
  seed: number;
  /** 1 = the school (1,500 families and 50,000 orders in ten years); tests use a small fraction. */
  scale: number;
  /** The decade's last day; the same seed and day give the same rows. */
  until: Date;
  passwordHash: string;
  log?: (line: string) => void;
};

/** Per year at scale 1. */
const PER_YEAR = { families: 150, orders: 5_000, mails: 10_000, audit: 10_000, requests: 400, waiting: 300 };

const SERIAL_TABLES = [
  "users",
  "visitors",
  "orders",
  "order_items",
  "payments",
  "invoices",
  "subscriptions",
  "subscription_payments",
  "gift_cards",
  "promocodes",
];

async function nextIds(client: pg.ClientBase): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const table of SERIAL_TABLES) {
    const r = await client.query(`select coalesce(max(id), 0) + 1 as next from "${table}"`);
    ids[table] = Number(r.rows[0].next);
  }
  return ids;
}

/** Fills the database with the decade; answers the rows written per table. */
export async function generateYears(
  client: pg.ClientBase,
  options: YearsOptions,
): Promise<Record<string, number>> {
  const log = options.log ?? (() => {});
  const rng = createRng(options.seed);
  const decade = decadeOf(options.years, options.until);
  const n = (perYear: number) => Math.max(1, Math.round(perYear * options.years * options.scale));
  const catalogue = await readCatalogue(client);
  await addPastUnits(client, catalogue, decade);
  const ids = await nextIds(client);
  const staff = await addStaff(client, ids.users ?? 1);
  ids.users = (ids.users ?? 1) + staff.length;
  log(`catalogue: ${catalogue.pages.size} pages booked; ${staff.length} staff`);
  const families = await addFamilies(client, rng, {
    count: n(PER_YEAR.families),
    decade,
    firstUserId: ids.users ?? 1,
    firstVisitorId: ids.visitors ?? 1,
    passwordHash: options.passwordHash,
  });
  log(`families: ${families.length}`);
  const h: History = {
    client,
    rng,
    decade,
    catalogue,
    families,
    staff,
    t: historyTables(client),
    ids: {
      order: ids.orders ?? 1,
      item: ids.order_items ?? 1,
      payment: ids.payments ?? 1,
      invoice: ids.invoices ?? 1,
      subscription: ids.subscriptions ?? 1,
      subscriptionPayment: ids.subscription_payments ?? 1,
      giftCard: ids.gift_cards ?? 1,
    },
    taken: new Map(),
    running: new Map(),
    giftCards: [],
    promocodes: await addPromocodes(client, decade, ids.promocodes ?? 1),
    // Numbers go on from the series' counters (a forced second decade continues them).
    counters: new Map(
      (await client.query("select series, last_number from invoice_counters")).rows.map((r) => [
        r.series,
        r.last_number,
      ]),
    ),
    creditNotes: [],
    monthInvoices: [],
    contractNumbers: new Set(
      (await client.query("select contract_number from subscriptions")).rows.map((r) => r.contract_number),
    ),
    lastPaidAt: 0,
  };
  await addOrders(h, n(PER_YEAR.orders), log);
  await addMails(h, n(PER_YEAR.mails));
  await addAudit(h, n(PER_YEAR.audit), {
    order: h.ids.order,
    item: h.ids.item,
    user: (ids.users ?? 1) + families.length,
  });
  await flushHistoryTables(h.t);
  await addRequests(client, h, n(PER_YEAR.requests));
  await addWaitingList(client, h, n(PER_YEAR.waiting));
  await finish(client, h);
  log("sequences, counters and statistics updated");
  return Object.fromEntries(Object.values(h.t).map((rows) => [rows.table, rows.written]));
}

/** Orders at times that grow with the school (density rising over the decade), written in time order. */
async function addOrders(h: History, count: number, log: (line: string) => void) {
  const span = h.decade.end - h.decade.start - DAY;
  const times = Array.from({ length: count }, () => h.decade.start + span * Math.sqrt(h.rng.next())).sort(
    (a, b) => a - b,
  );
  for (const [i, t] of times.entries()) {
    const plan = planOrder(h, t);
    if (plan) await writeOrder(h, plan);
    if (i % 10_000 === 9_999) log(`orders: ${i + 1} of ${count}`);
  }
  // The contracts' months paid after the last order (each one before the decade's end).
  await invoiceMonthsPaidBy(h, Number.POSITIVE_INFINITY);
  // Carts being filled today: a few families in the middle of their next booking.
  const carts = new Set<number>();
  for (let i = 0; i < Math.ceil(h.families.length / 15); i++) {
    const plan = planOrder(h, h.decade.end - 3_600_000 - i * 60_000, true);
    if (plan && !carts.has(plan.family.id)) {
      carts.add(plan.family.id);
      await writeOrder(h, plan);
    }
  }
  await flushHistoryTables(h.t);
}

async function addStaff(client: pg.ClientBase, firstId: number) {
  const staff = [0, 1, 2].map((i) => ({ id: firstId + i, email: `team${firstId + i}@zehn-jahre.example` }));
  for (const s of staff) {
    await client.query(
      `insert into users (id, email, first_name, last_name, role) values ($1, $2, 'Team', $3, 'staff')`,
      [s.id, s.email, String(s.id)],
    );
  }
  return staff;
}

/** A promocode a season (ten percent off), each valid for three months. */
async function addPromocodes(client: pg.ClientBase, decade: { start: number; end: number }, firstId: number) {
  const codes: History["promocodes"] = [];
  for (let t = decade.start, id = firstId; t < decade.end; t += 91 * DAY, id++) {
    const until = t + 91 * DAY;
    await client.query(
      `insert into promocodes (id, code, percent_off, valid_from, valid_until, is_active, created_at)
       values ($1, $2, 10, $3, $4, $5, $3)`,
      [id, `ZEHNJAHRE${id}`, new Date(t), new Date(until), until > decade.end],
    );
    codes.push({ id, percent: 10, from: t, until });
  }
  return codes;
}

/** Gift cards with their balances, credit notes in number order, counters, sequences and statistics. */
async function finish(client: pg.ClientBase, h: History) {
  await client.query(
    `update gift_cards g set balance_cents = b.balance from unnest($1::int4[], $2::int4[]) as b(id, balance)
     where g.id = b.id`,
    [h.giftCards.map((c) => c.id), h.giftCards.map((c) => c.balanceCents)],
  );
  h.creditNotes.sort((a, b) => a.issuedAt - b.issuedAt);
  for (const note of h.creditNotes) {
    const issued = new Date(note.issuedAt);
    await h.t.invoices.add(
      h.ids.invoice++,
      note.orderId,
      "credit_note",
      nextNumber(h, "GS", issued),
      issued,
      note.totalCents,
      note.data,
    );
  }
  await h.t.invoices.flush();
  // A generated part refund names its credit note and its gateway refund, as `refund-staff.ts` does (an
  // order with one has no other credit note; a database given with --force keeps its own refunds as they are).
  await client.query(
    `update staff_refunds s set credit_note_id = i.id, refund_id = r.id
     from invoices i, refunds r
     where s.request_id::text like '${PART_REFUND_REQUEST_PREFIX}%' and s.credit_note_id is null
       and i.order_id = s.order_id and i.kind = 'credit_note' and i.total_cents = s.amount_cents
       and r.payment_id = s.payment_id and r.gateway_refund_id = 'ZJ-P' || s.order_id`,
  );
  for (const [series, last] of h.counters) {
    await client.query(
      `insert into invoice_counters (series, last_number) values ($1, $2)
       on conflict (series) do update set last_number = greatest(invoice_counters.last_number, excluded.last_number)`,
      [series, last],
    );
  }
  for (const table of [
    ...SERIAL_TABLES,
    "checkins",
    "attendance_absences",
    "mail_outbox",
    "audit_log",
    "gift_card_ledger",
    "refunds",
    "promocode_redemptions",
    "schedule_slots",
    "academy_weeks",
    "academy_seasons",
    "visit_requests",
    "waiting_list_entries",
  ]) {
    await client.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 0) + 1 from "${table}"), false)`,
    );
  }
  await client.query("analyze");
}
