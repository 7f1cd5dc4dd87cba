// The floor under the cart rows (issue 36): Fastify and node-postgres with nothing of the shop, in a
// process of its own as the shop is, with as many connections as the shop's pool. Its routes do the least
// that a request on PostgreSQL can do: read one row, and add an item to a cart under the cart's lock, the
// add's four round trips as the shop makes them (D409) and as one statement; and the add as a shop that
// keeps its rules in JavaScript could make it in two statements without a transaction around them (D433):
// the cart and its lines read without a lock, then one statement that adds only while the cart is still as
// read, else the same again (at most three times) and then the locked add; and the four-trip add for the
// carts asked at the same time, in one transaction (D448). The rows it answers show what
// this machine gives any server before the shop's own work; the shop's rows are read beside them.
//
// Started by scripts/bench/run.mjs with DATABASE_URL (the bench's database), PORT, CARTS and DB_POOL_SIZE;
// its tables live in the schema bench_floor, dropped with the bench's database.
import Fastify from "fastify";
import pg from "pg";

const CARTS = Number(process.env.CARTS ?? 2000);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  // DB_POOL_SIZE as the bench gives it to the shop; else the shop's default (server/src/config/env.ts).
  max: Number(process.env.DB_POOL_SIZE ?? 10),
  // begin goes out with the lock in one write, as the shop's pool sends it (D409).
  pipeline: true,
});

await pool.query(`
  drop schema if exists bench_floor cascade;
  create schema bench_floor;
  create table bench_floor.carts (id int primary key, total_cents int not null default 0,
    updated_at timestamptz not null default now());
  create table bench_floor.items (id serial primary key, cart_id int not null references bench_floor.carts (id),
    cents int not null, created_at timestamptz not null default now());
  create index on bench_floor.items (cart_id);
  insert into bench_floor.carts (id) select generate_series(1, ${CARTS});
  analyze bench_floor.carts;
`);

// Named, so each connection plans them once, as the shop's cart statements are (prepared per connection).
const ONE = { name: "floor_one", text: "select id, total_cents from bench_floor.carts where id = $1" };
// synchronous_commit off for the transaction, set in the lock's statement as the shop's cart changes do.
const LOCK = {
  name: "floor_lock",
  text: "select id, total_cents, set_config('synchronous_commit', 'off', true) from bench_floor.carts where id = $1 for no key update",
};
const LINES = {
  name: "floor_lines",
  text: "select id, cents from bench_floor.items where cart_id = $1 order by id",
};
const INSERT = {
  name: "floor_insert",
  text: `with item as (insert into bench_floor.items (cart_id, cents) values ($1, $2) returning id)
    update bench_floor.carts set total_cents = total_cents + $2, updated_at = now() where id = $1
    returning (select id from item) as id`,
};
const ADD_ONE = {
  name: "floor_add_one",
  text: `with cart as (
      select id, set_config('synchronous_commit', 'off', true) from bench_floor.carts where id = $1 for no key update
    ), item as (insert into bench_floor.items (cart_id, cents) select id, $2 from cart returning id)
    update bench_floor.carts c set total_cents = total_cents + $2, updated_at = now() from item where c.id = $1
    returning item.id`,
};

// D433: the cart's version is its row version (`xmin`, changed by every update of the row) beside its lines,
// read in one statement without a lock.
const READ_CART = {
  name: "floor_read_cart",
  text: `select c.xmin::text as version, c.total_cents,
      coalesce((select array_agg(i.cents order by i.id) from bench_floor.items i where i.cart_id = c.id), '{}') as lines
    from bench_floor.carts c where c.id = $1`,
};
// Locks the cart only while it is as read: a cart changed meanwhile (after the wait for its lock, PostgreSQL
// checks the newest row) yields no row, so nothing is inserted or updated and the caller reads again.
const ADD_IF_AS_READ = {
  name: "floor_add_if_as_read",
  text: `with cart as (
      select id, set_config('synchronous_commit', 'off', true) from bench_floor.carts
      where id = $1 and xmin = $3::text::xid for no key update
    ), item as (insert into bench_floor.items (cart_id, cents) select id, $2 from cart returning id)
    update bench_floor.carts c set total_cents = total_cents + $2, updated_at = now() from item where c.id = $1
    returning item.id`,
};
const ATTEMPTS_AS_READ = 3;
/** Adds that found their cart changed since it was read (each tried again), and those that took the lock. */
const asRead = { changed: 0, locked: 0 };

/** The add in four round trips under the cart's lock (D409). */
async function lockedAdd(id, cents) {
  const client = await pool.connect();
  try {
    await Promise.all([client.query("begin"), client.query({ ...LOCK, values: [id] })]);
    await client.query({ ...LINES, values: [id] });
    const { rows } = await client.query({ ...INSERT, values: [id, cents] });
    await client.query("commit");
    return rows[0].id;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

// The four-trip add for many carts at once (issue 36): the adds that arrive while the pool's connections are
// busy wait in one queue, and each free connection takes the waiting ones (each cart once; a second add to
// the same cart waits for the next batch) into one transaction. Its statements are the four of the add,
// each for all the batch's carts: `begin` with the locks (in id order, so two batches never wait crosswise),
// the lines, the inserts with the totals, `commit`. The statements per add fall with the batch's size.
const LOCK_MANY = {
  name: "floor_lock_many",
  text: `select id, total_cents, set_config('synchronous_commit', 'off', true) from bench_floor.carts
    where id = any($1::int[]) order by id for no key update`,
};
const LINES_MANY = {
  name: "floor_lines_many",
  text: "select cart_id, id, cents from bench_floor.items where cart_id = any($1::int[]) order by cart_id, id",
};
const INSERT_MANY = {
  name: "floor_insert_many",
  text: `with v as (select * from unnest($1::int[], $2::int[]) as v (cart_id, cents)),
    item as (insert into bench_floor.items (cart_id, cents) select cart_id, cents from v returning id, cart_id),
    total as (update bench_floor.carts c set total_cents = c.total_cents + v.cents, updated_at = now()
      from v where c.id = v.cart_id)
    select id, cart_id from item`,
};
const BATCH_MAX = 100;
// As many transactions at once as the pool has connections (its own setting, above).
const POOL_MAX = pool.options.max;
const waiting = [];
const batches = { count: 0, adds: 0 };
let busy = 0;
let pumping = false;

/** The waiting adds of distinct carts, at most BATCH_MAX; the others stay in line in their order. */
function takeBatch() {
  const carts = new Set();
  const batch = [];
  for (let i = 0; i < waiting.length && batch.length < BATCH_MAX; ) {
    if (carts.has(waiting[i].id)) i++;
    else {
      carts.add(waiting[i].id);
      batch.push(...waiting.splice(i, 1));
    }
  }
  return batch;
}

async function runBatch(batch) {
  busy++;
  batches.count++;
  batches.adds += batch.length;
  let client;
  try {
    client = await pool.connect();
    const ids = batch.map((add) => add.id).sort((a, b) => a - b);
    await Promise.all([client.query("begin"), client.query({ ...LOCK_MANY, values: [ids] })]);
    await client.query({ ...LINES_MANY, values: [ids] });
    const { rows } = await client.query({
      ...INSERT_MANY,
      values: [batch.map((add) => add.id), batch.map((add) => add.cents)],
    });
    await client.query("commit");
    const byCart = new Map(rows.map((row) => [row.cart_id, row.id]));
    for (const add of batch) add.resolve(byCart.get(add.id));
  } catch (err) {
    await client?.query("rollback").catch(() => {});
    for (const add of batch) add.reject(err);
  } finally {
    client?.release();
    busy--;
    pump();
  }
}

/** Once per turn of the event loop, so that the adds read in one turn go together. */
function pump() {
  if (pumping || waiting.length === 0 || busy >= POOL_MAX) return;
  pumping = true;
  setImmediate(() => {
    pumping = false;
    while (busy < POOL_MAX && waiting.length > 0) runBatch(takeBatch());
  });
}

const batchedAdd = (id, cents) =>
  new Promise((resolve, reject) => {
    waiting.push({ id, cents, resolve, reject });
    pump();
  });

const app = Fastify({ logger: false, bodyLimit: 1024 });
const cartOf = (request) => {
  const id = Number(request.params.cart);
  return Number.isInteger(id) && id >= 1 && id <= CARTS ? id : undefined;
};
const centsOf = (request) => {
  const cents = request.body?.cents;
  return Number.isInteger(cents) && cents > 0 && cents <= 1_000_000 ? cents : undefined;
};

app.get("/readyz", async () => ({ ok: true }));

// Every add row starts from empty carts, so that a row does not read the lines the rows before it added.
app.post("/reset", async () => {
  await pool.query("truncate bench_floor.items restart identity");
  await pool.query("update bench_floor.carts set total_cents = 0");
  return { ok: true };
});

app.get("/one/:cart", async (request, reply) => {
  const id = cartOf(request);
  if (!id) return reply.code(400).send({ detail: "no such cart" });
  const { rows } = await pool.query({ ...ONE, values: [id] });
  return rows[0];
});

app.post("/add/:cart", async (request, reply) => {
  const id = cartOf(request);
  const cents = centsOf(request);
  if (!id || !cents) return reply.code(400).send({ detail: "cart and cents, please" });
  return reply.code(201).send({ id: await lockedAdd(id, cents) });
});

app.post("/add-one/:cart", async (request, reply) => {
  const id = cartOf(request);
  const cents = centsOf(request);
  if (!id || !cents) return reply.code(400).send({ detail: "cart and cents, please" });
  const { rows } = await pool.query({ ...ADD_ONE, values: [id, cents] });
  return reply.code(201).send({ id: rows[0].id });
});

app.post("/add-as-read/:cart", async (request, reply) => {
  const id = cartOf(request);
  const cents = centsOf(request);
  if (!id || !cents) return reply.code(400).send({ detail: "cart and cents, please" });
  for (let attempt = 0; attempt < ATTEMPTS_AS_READ; attempt++) {
    const { rows: read } = await pool.query({ ...READ_CART, values: [id] });
    // The shop would check the booking and price the cart from these lines here.
    const { rows } = await pool.query({ ...ADD_IF_AS_READ, values: [id, cents, read[0].version] });
    if (rows[0]) return reply.code(201).send({ id: rows[0].id });
    asRead.changed++;
  }
  asRead.locked++;
  return reply.code(201).send({ id: await lockedAdd(id, cents) });
});

app.post("/add-batched/:cart", async (request, reply) => {
  const id = cartOf(request);
  const cents = centsOf(request);
  if (!id || !cents) return reply.code(400).send({ detail: "cart and cents, please" });
  return reply.code(201).send({ id: await batchedAdd(id, cents) });
});

await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
const stop = () => {
  // Printed into the bench's log: how often an add found its cart changed since it read it.
  console.log(
    `[floor] adds as read: ${asRead.changed} found the cart changed, ${asRead.locked} took the lock`,
  );
  console.log(`[floor] batched adds: ${batches.adds} in ${batches.count} transactions`);
  return app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
