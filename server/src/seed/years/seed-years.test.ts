import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedYears } from "./seed-years.ts";

// The decade generator (issue 36) on PostgreSQL (it writes with PostgreSQL's unnest), at a small scale:
// its rows must agree with each other the way the shop's own writes do, and the same seed must give the
// same rows. Runs under scripts/with-postgres.mjs, which sets TEST_PG_ADMIN_URL and drops the databases.
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? "";
const prefix = process.env.TEST_PG_PREFIX ?? "atelier_test";
const made: string[] = [];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<string> {
  const name = `${prefix}_years_${randomUUID().replaceAll("-", "").slice(0, 10)}`;
  await admin(`create database "${name}"`);
  made.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const input = (databaseUrl: string, force = false) => ({
  databaseUrl,
  years: 1,
  seed: 7,
  scale: 0.2,
  until: new Date("2026-11-20T12:00:00Z"),
  force,
  staffEmail: "staff@zehn-jahre.example",
  familyPassword: "Zehn-Jahre-Familie-36",
});

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

const one = async (url: string, sql: string) => Number(Object.values((await query(url, sql))[0] ?? {})[0]);

describe("seed:years", () => {
  let url = "";
  let written: Record<string, number> = {};

  beforeAll(async () => {
    if (!adminUrl) throw new Error("run under scripts/with-postgres.mjs (TEST_PG_ADMIN_URL)");
    url = await freshDatabase();
    written = await seedYears(input(url));
  }, 120_000);

  afterAll(async () => {
    for (const name of made) await admin(`drop database if exists "${name}" with (force)`).catch(() => {});
  });

  it("writes a year of history at the asked scale", async () => {
    expect(await one(url, "select count(*) from users where role = 'customer'")).toBe(30);
    expect(await one(url, "select count(*) from orders")).toBe(written.orders);
    expect(await one(url, "select count(*) from orders where status = 'cart'")).toBeGreaterThan(0);
    expect(written.orders).toBeGreaterThan(900);
    expect(written.order_items).toBeGreaterThan(2 * (written.orders ?? 0));
    expect(written.checkins).toBeGreaterThan(1000);
    expect(await one(url, "select count(distinct status) from orders")).toBe(6);
    // Some paid orders had part of a booking given back by the school (the list's "teilweise erstattet").
    expect(await one(url, "select count(*) from staff_refunds where not cancel_item")).toBeGreaterThan(5);
    expect(
      await one(
        url,
        "select count(*) from visitors v where not exists (select 1 from users u where u.id = v.user_id)",
      ),
    ).toBe(0);
  });

  it("keeps the sums: items to orders, invoices to orders, payments to checkout totals, cards to ledgers", async () => {
    const checks = {
      itemSums: `select count(*) from orders o where o.total_price_cents <> (select sum(calculated_price_cents) from order_items i where i.order_id = o.id)
                 or o.discount_cents <> (select sum(sibling_discount_cents + promocode_discount_cents) from order_items i where i.order_id = o.id)`,
      checkout:
        "select count(*) from orders where total_checkout_cents <> total_price_cents - discount_cents - gift_card_cents",
      paidWithoutInvoice: `select count(*) from orders o where o.status in ('paid', 'refunded', 'cancelled')
                 and (select count(*) from invoices i where i.order_id = o.id and i.kind = 'invoice'
                   and i.subscription_payment_id is null) <> 1`,
      unpaidWithInvoice:
        "select count(*) from invoices i join orders o on o.id = i.order_id where o.status not in ('paid', 'refunded', 'cancelled')",
      invoiceTotal: `select count(*) from invoices i join orders o on o.id = i.order_id where i.kind = 'invoice'
                 and i.subscription_payment_id is null and (i.total_cents <> o.total_price_cents - o.discount_cents
                   or i.total_cents <> (select sum((l->>'totalCents')::int) from jsonb_array_elements(i.data->'lines') l))`,
      // Each later month of a contract has its own invoice (D556), of its order, for the amount paid.
      monthWithoutInvoice: `select count(*) from subscription_payments p join subscriptions s on s.id = p.subscription_id
                 join order_items oi on oi.id = s.order_item_id
                 where (select count(*) from invoices i where i.subscription_payment_id = p.id
                   and i.order_id = oi.order_id and i.total_cents = p.amount_cents) <> 1`,
      creditNoteMissing: `select count(*) from orders o where o.status in ('refunded', 'cancelled')
                 and not exists (select 1 from invoices i where i.order_id = o.id and i.kind = 'credit_note')`,
      payment: `select count(*) from orders o where o.status = 'paid' and o.total_checkout_cents > 0 and not exists
                 (select 1 from payments p where p.order_id = o.id and p.status = 'captured' and p.amount_cents = o.total_checkout_cents)`,
      refunded: `select count(*) from payments p join orders o on o.id = p.order_id where o.status in ('refunded', 'cancelled')
                 and (p.refunded_cents <> p.amount_cents or p.refunded_cents <> (select coalesce(sum(amount_cents), 0) from refunds r where r.payment_id = p.id))`,
      partRefunded: `select count(*) from payments p join orders o on o.id = p.order_id where o.status = 'paid'
                 and (p.refunded_cents <> (select coalesce(sum(amount_cents), 0) from refunds r where r.payment_id = p.id)
                   or p.refunded_cents <> (select coalesce(sum(amount_cents), 0) from staff_refunds s where s.payment_id = p.id)
                   or p.refunded_cents >= p.amount_cents)`,
      partRefundDocuments: `select count(*) from staff_refunds s left join invoices i on i.id = s.credit_note_id
                 left join refunds r on r.id = s.refund_id
                 where i.kind is distinct from 'credit_note' or i.order_id <> s.order_id or i.total_cents <> s.amount_cents
                   or r.payment_id is distinct from s.payment_id or r.amount_cents <> s.amount_cents
                   or s.amount_cents % 100 <> 0`,
      orderSums: `select count(*) from orders o
                 where o.payments_captured_cents <> coalesce((select sum(amount_cents) from payments p where p.order_id = o.id and p.capture_id is not null), 0)
                   or o.payments_refunded_cents <> coalesce((select sum(refunded_cents) from payments p where p.order_id = o.id), 0)`,
      cards:
        "select count(*) from gift_cards g where g.balance_cents <> (select sum(amount_cents) from gift_card_ledger l where l.gift_card_id = g.id)",
      checkinsOfUnpaid: `select count(*) from checkins c join order_items i on i.id = c.order_item_id join orders o on o.id = i.order_id where o.status <> 'paid'`,
      subscriptionsOfOneOff:
        "select count(*) from subscriptions s join order_items i on i.id = s.order_item_id where i.recurrent_price_cents = 0",
      runningButCancelled:
        "select count(*) from subscriptions s join order_items i on i.id = s.order_item_id where (s.status = 'running') <> (i.status = 'active')",
    };
    const found: Record<string, number> = {};
    for (const [name, sql] of Object.entries(checks)) found[name] = await one(url, sql);
    expect(found).toEqual(Object.fromEntries(Object.keys(checks).map((k) => [k, 0])));
  });

  it("numbers invoices and credit notes without gaps, per year, in the order they were issued", async () => {
    const rows = await query(
      url,
      `select kind, split_part(number, '-', 2) as year, count(*)::int as n, max(split_part(number, '-', 3)::int) as last,
         bool_and(true) as ok from invoices group by 1, 2`,
    );
    for (const row of rows) expect(row.last).toBe(row.n);
    const counters = await query(url, "select series, last_number from invoice_counters order by 1");
    expect(counters.length).toBe(rows.length);
    const disorder = await one(
      url,
      `select count(*) from (select issued_at, lag(issued_at) over (partition by kind order by number) as before
         from invoices) x where issued_at < before`,
    );
    expect(disorder).toBe(0);
  });

  it("never books more seats than a unit has", async () => {
    const over = await one(
      url,
      `select count(*) from (select s.id from schedule_slots s join order_item_slots l on l.schedule_slot_id = s.id
         join order_items i on i.id = l.order_item_id join orders o on o.id = i.order_id
         where i.status = 'active' and o.status = 'paid' group by s.id, s.seats having count(*) > s.seats
       union all select w.id from academy_weeks w join order_item_academy_weeks l on l.academy_week_id = w.id
         join order_items i on i.id = l.order_item_id join orders o on o.id = i.order_id
         where i.status = 'active' and o.status = 'paid' group by w.id, w.seats having count(*) > w.seats) x`,
    );
    expect(over).toBe(0);
  });

  it("refuses a database with orders unless forced, and the same seed gives the same rows", async () => {
    await expect(seedYears(input(url))).rejects.toThrow(/--force/);
    const twin = await freshDatabase();
    await seedYears(input(twin));
    const digest = `select md5(string_agg(concat_ws(',', o.id, o.status, o.total_checkout_cents, o.created_at,
        (select string_agg(concat_ws(':', i.product_page_id, i.visitor_id, i.calculated_price_cents), ';' order by i.id)
           from order_items i where i.order_id = o.id)), '|' order by o.id)) ||
      (select md5(string_agg(concat_ws(',', number, total_cents, issued_at), '|' order by number)) from invoices) ||
      (select md5(string_agg(concat_ws(',', contract_number, period_end), '|' order by id)) from subscriptions) ||
      (select count(*)::text from checkins) as d from orders o`;
    expect((await query(twin, digest))[0]?.d).toBe((await query(url, digest))[0]?.d);
    const forced = await seedYears(input(twin, true));
    expect(forced.orders).toBeGreaterThan(0);
  }, 120_000);
});
