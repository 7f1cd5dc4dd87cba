// The carts' other changes for the cart rows (issue 36: "adding an item, reading the current order,
// removing, and setting a promocode"): what the promocode, change and remove rows need on the bench's database.
import pg from "pg";

/** The promocode the promocode row sets and takes off again: 10 % on every product type (a gift card never, D482), no limits. */
export const BENCH_PROMOCODE = "BENCH-ZEHN";

/**
 * Writes the bench's promocode (once per database). Straight to the table, as staff would create it in the
 * back office: the row measures applying a code, not creating one.
 */
export async function createBenchPromocode(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      "insert into promocodes (code, percent_off) values ($1, 10) on conflict (lower(code)) do nothing",
      [BENCH_PROMOCODE],
    );
  } finally {
    await client.end();
  }
}

/**
 * One item a code can discount in each guest cart, before the promocode row: the add row fills the carts with
 * gift cards, and a code never discounts a gift card (D482), so without it every set would be refused as
 * not applicable. A special offer at a fixed price (no seats, no child needed from a guest), added through
 * the API as a parent would, ten carts at a time.
 */
export async function addOfferToCarts(base, carts) {
  const list = await (
    await fetch(`${base}/api/v2/products/?product_type=SpecialOffer&locale=de&page_size=50`)
  ).json();
  const page = list.results.find((p) => p.purchase_options.some((o) => o.schedule_type === "Offer"));
  if (!page) throw new Error("the demo catalogue has no special offer at a fixed price");
  const option = page.purchase_options.find((o) => o.schedule_type === "Offer");
  const body = JSON.stringify({ product_page: page.id, purchase_option: option.id });
  for (let i = 0; i < carts.length; i += 10) {
    await Promise.all(
      carts.slice(i, i + 10).map(async (cart) => {
        const res = await fetch(`${base}/api/v2/orders/items/?locale=de&cart_id=${cart}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        if (res.status !== 201)
          throw new Error(`adding the offer answered ${res.status}: ${await res.text()}`);
      }),
    );
  }
}

/**
 * The items the change and remove rows take, one per request: every item of the guest carts `carts`,
 * ordered so that consecutive requests go to different carts (each cart's first item, then each cart's
 * second, …).
 * While the carts hold fewer than `atLeast` items, each cart's items are copied once more by one statement
 * (copies of the gift cards the add row booked, as a parent adding the same card again would make them), so
 * the row cannot run out of items however fast the removes go. A copy leaves its cart's totals as they were;
 * the remove reprices the cart from its lines, so every cart is right again once it has lost an item.
 */
export async function itemsInTurn(databaseUrl, carts, atLeast) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async () =>
      Number(
        (
          await client.query(
            "select count(*) as n from order_items i join orders o on o.id = i.order_id where o.cart_id = any($1::uuid[])",
            [carts],
          )
        ).rows[0].n,
      );
    const { rows: columns } = await client.query(
      `select column_name from information_schema.columns
       where table_schema = current_schema() and table_name = 'order_items' and is_generated = 'NEVER'
         and column_name not in ('id', 'checkin_code', 'paypal_subscription_id')`,
    );
    const target = columns.map(({ column_name }) => `"${column_name}"`).join(", ");
    const source = columns.map(({ column_name }) => `i."${column_name}"`).join(", ");
    for (let n = await count(); n > 0 && n < atLeast; n = await count()) {
      await client.query(
        `insert into order_items (${target})
         select ${source}
         from order_items i join orders o on o.id = i.order_id where o.cart_id = any($1::uuid[])`,
        [carts],
      );
    }
    const { rows } = await client.query(
      `select o.cart_id::text as cart, i.id
       from order_items i join orders o on o.id = i.order_id
       where o.cart_id = any($1::uuid[])
       order by row_number() over (partition by o.cart_id order by i.id), o.cart_id`,
      [carts],
    );
    return rows;
  } finally {
    await client.end();
  }
}
