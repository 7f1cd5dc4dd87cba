// Where the time of a cart add and of reading the current order goes (issue 36): the statements the shop
// runs, captured from the server's own repository functions on the bench database, each with EXPLAIN
// ANALYZE, and the latency of one round trip to PostgreSQL on this machine at this load.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { tsImport } from "tsx/esm/api";

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Median and p99 of `select 1` from Node.js, one connection, 300 times: what a round trip costs now. */
async function roundTrip(pool) {
  const times = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    await pool.query("select 1");
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * The statements of one gift-card add to the guest cart `cartId` (in a transaction rolled back) and of
 * the reply's and the current order's item read, as the shop's repository builds them, with their plans.
 */
export async function explainCart(databaseUrl, cartId, gift, readTogether) {
  const repo = await tsImport("../../server/src/orders/order.repository.ts", import.meta.url);
  const schema = await tsImport("../../server/src/db/schema/index.ts", import.meta.url);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const client = await pool.connect();
  const captured = [];
  const query = client.query.bind(client);
  // Every statement the repository sends (a prepared one as its text and values).
  client.query = (config, values, ...rest) => {
    const text = typeof config === "string" ? config : config.text;
    const params = typeof config === "string" ? values : (config.values ?? values);
    if (!/^(begin|commit|rollback|set |explain)/i.test(text)) captured.push({ text, params: params ?? [] });
    return query(config, values, ...rest);
  };
  const db = drizzle(client, { schema });
  const lines = [];
  try {
    const rt = await roundTrip({ query: (text) => query(text) });
    await query("begin");
    const cart = await repo.findGuestCart(db, cartId, true, true);
    const bookable = await repo.findBookable(db, gift.pageId, gift.optionId);
    const offer = await repo.findOfferShown(db, gift.pageId, gift.optionId, "de");
    const cartLines = await repo.findCartLinesByKey(db, { cartId });
    const { id: itemId } = await repo.insertCartItemWithTotals(
      db,
      {
        orderId: cart.id,
        productPageId: gift.pageId,
        purchaseOptionId: gift.optionId,
        visitorId: null,
        guestVisitorRef: null,
        scheduleType: bookable.option.scheduleType,
        calculatedPriceCents: bookable.option.basePriceCents,
        siblingDiscountCents: 0,
        promocodeDiscountCents: 0,
        recurrentPriceCents: 0,
        recurrentDiscountCents: 0,
        academyNumberOfWeeks: null,
        comment: "",
        giftCardDetails: null,
        slotIds: [],
        weekIds: [],
      },
      {
        promocodeId: cart.promocodeId,
        giftCardId: cart.giftCardId,
        giftCardCents: cart.giftCardCents,
        totalPriceCents: cart.totalPriceCents + bookable.option.basePriceCents,
        discountCents: cart.discountCents,
        totalCheckoutCents: cart.totalCheckoutCents + bookable.option.basePriceCents,
        totalRecurrentCents: cart.totalRecurrentCents,
      },
      new Date(),
      offer,
    );
    await repo.findCartItems(db, cart.id, "de", itemId);
    await repo.findCartWithItems(db, { cartId }, "de");
    await repo.findCartFingerprints(db, { cartIds: readTogether });
    await query("rollback");
    const labels = [
      "Lock the cart (and `set local synchronous_commit = off` in the same statement)",
      "The page and option (kept per catalogue epoch, D389: read once per epoch)",
      "What the reply shows of the page and option (kept per catalogue epoch and language, a minute at most, D468)",
      `The cart's lines (${cartLines.length} items), by the cart's key: asked in the same write as the lock, run once it is held (D455)`,
      "The add's statement (D399): insert the item with its slots and weeks, update the cart's totals, and answer the item's child, slots and weeks (its page's and option's part is kept, D468)",
      "The reply read again after the commit, only when the cart's gift card pays part of the item (D223)",
      `The current order: the cart, its items (${cartLines.length + 1}) and its code in one statement (D399)`,
      `The current order's fingerprints (D430) of ${readTogether.length} carts read at once (D431): what a kept reply was made from, read on every read after a commit (D443)`,
    ];
    lines.push(
      `Round trip from Node.js to PostgreSQL (\`select 1\`, 300 times, one connection) at this load: p50 ${rt.p50.toFixed(2)} ms, p99 ${rt.p99.toFixed(2)} ms. An add runs 2 round trips: \`begin\`, the lock and the cart's lines in one write (D409, D455), the add's statement and \`commit\` in the other (D455); reading the current order none of its own while nothing was committed since its kept reply's fingerprint was read (one snapshot read shared by the reads asked at the same time, D443), 1 while the reply made for the cart's fingerprint is kept (the fingerprint: D430, read in one statement with the other reads asked at the same time: D431), else 2 (the fingerprint, then the cart with its items and code; a gift card on the cart is read beside it, and such a cart is read so every time).`,
      "",
    );
    for (const [index, statement] of captured.entries()) {
      await query("begin");
      const { rows } = await query(`explain (analyze, costs off) ${statement.text}`, statement.params);
      await query("rollback");
      lines.push(
        `#### ${labels[index] ?? `Statement ${index + 1}`}`,
        "",
        "```",
        ...rows.map((r) => r["QUERY PLAN"]),
        "```",
        "",
      );
    }
  } finally {
    client.release();
    await pool.end();
  }
  return lines;
}
