// The floor under the cart rows (issue 36): Fastify and node-postgres with nothing of the shop, in a
// process of its own as the shop is, with as many connections as the shop's pool. Its routes do the least
// that a request on PostgreSQL can do: read one row, and add an item to a cart under the cart's lock, the
// add's four round trips as the shop makes them (D409) and as one statement. The rows it answers show what
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
  const client = await pool.connect();
  try {
    await Promise.all([client.query("begin"), client.query({ ...LOCK, values: [id] })]);
    await client.query({ ...LINES, values: [id] });
    const { rows } = await client.query({ ...INSERT, values: [id, cents] });
    await client.query("commit");
    return reply.code(201).send({ id: rows[0].id });
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
});

app.post("/add-one/:cart", async (request, reply) => {
  const id = cartOf(request);
  const cents = centsOf(request);
  if (!id || !cents) return reply.code(400).send({ detail: "cart and cents, please" });
  const { rows } = await pool.query({ ...ADD_ONE, values: [id, cents] });
  return reply.code(201).send({ id: rows[0].id });
});

await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
const stop = () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
