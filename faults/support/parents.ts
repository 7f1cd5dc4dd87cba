import { createHash, randomBytes } from "node:crypto";
import type { TestDatabase } from "./postgres.ts";

/**
 * Parents, children and the workshop session they book, written straight into the shop's database as the
 * bench does (sign-up and e-mail verification are not what these tests are about); every booking and
 * payment then goes through the API.
 */

export type Parent = { userId: number; email: string; headers: Record<string, string>; children: number[] };

let counter = 0;

export async function createParents(
  database: TestDatabase,
  count: number,
  childrenEach = 1,
): Promise<Parent[]> {
  const parents: Parent[] = [];
  for (let i = 0; i < count; i++) {
    const email = `fault-parent-${++counter}-${Date.now()}@example.org`;
    const [user] = await database.query<{ id: number }>(
      "insert into users (email, first_name, last_name, email_verified_at) values ($1, 'Eva', 'Muster', now()) returning id",
      [email],
    );
    if (!user) throw new Error("no user inserted");
    const key = randomBytes(32).toString("base64url");
    await database.query("insert into auth_tokens (user_id, key_hash) values ($1, $2)", [
      user.id,
      createHash("sha256").update(key).digest("hex"),
    ]);
    // Eleven years old: the age of the 10+ workshop.
    const children = await database.query<{ id: number }>(
      "insert into visitors (user_id, first_name, last_name, birth_date) select $1, 'Kind' || n, 'Muster', current_date - interval '11 years 2 months' from generate_series(1, $2) as n returning id",
      [user.id, childrenEach],
    );
    parents.push({
      userId: user.id,
      email,
      headers: { authorization: `Token ${key}` },
      children: children.map((row) => row.id),
    });
  }
  return parents;
}

export type Session = {
  pageId: number;
  optionId: number;
  slotId: number;
  priceCents: number;
  /** The body of `POST /api/v2/orders/items/` booking this session for a child. */
  item(visitor: number): Record<string, unknown>;
};

/** The `nth` dated session of the seeded 10+ workshop, set to `seats` seats (none booked yet). */
export async function workshopSession(database: TestDatabase, seats: number, nth = 0): Promise<Session> {
  const [row] = await database.query<{ page_id: number; option_id: number; slot_id: number; price: number }>(
    `select p.id as page_id, o.id as option_id, s.id as slot_id, o.base_price_cents as price
       from product_pages p
       join lateral (select * from purchase_options where product_page_id = p.id order by id limit 1) o on true
       join schedule_slots s on s.product_page_id = p.id and s.date is not null and s.date > current_date
      where p.slug = 'toepfern-eigene-tasse'
      order by s.id limit 1 offset $1`,
    [nth],
  );
  if (!row) throw new Error("the seed has no dated session of the workshop toepfern-eigene-tasse");
  await database.query("update schedule_slots set seats = $2 where id = $1", [row.slot_id, seats]);
  return {
    pageId: row.page_id,
    optionId: row.option_id,
    slotId: row.slot_id,
    priceCents: row.price,
    item: (visitor) => ({
      product_page: row.page_id,
      purchase_option: row.option_id,
      visitor,
      schedule_slots: [row.slot_id],
    }),
  };
}
