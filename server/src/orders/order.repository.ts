import {
  GIFT_CARD_AMOUNT_WORDS,
  type Locale,
  type ProductType,
  type ScheduleType,
  type StoredGiftCardDetails,
} from "@atelier/contract";
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { textIn } from "../catalogue/index.ts";
import type { DbOrTx, Tx } from "../db/index.ts";
import {
  academyWeeks,
  closures,
  type ImageRef,
  keyRows,
  locations,
  orderItemAcademyWeeks,
  orderItemSlots,
  orderItems,
  orders,
  pgArray,
  ph,
  prepared,
  preparedSql,
  productPages,
  promocodeRedemptions,
  promocodes,
  purchaseOptions,
  scheduleSlots,
  visitors,
} from "../db/index.ts";
import { holdsSeats, SLOT_UNITS, type UnitKind, WEEK_UNITS } from "../seats/index.ts";

/** The only code of the cart that touches Drizzle tables. */

export type CartRow = typeof orders.$inferSelect;

// The cart path's queries are prepared statements: planned once per connection, not per request.

/**
 * A guest's cart by the `cartId` placeholder. Found by the unique index on cart_id only: written as
 * `user_id is null`, the guest test let the planner take the partial one-cart-per-user index (user_id is
 * null) instead, and with stale statistics it scanned every guest cart for each add and read (2,000 in the
 * bench, issue 36).
 */
const guestCartByPlaceholder = () =>
  and(
    sql`${orders.cartId} = ${ph("cartId")}::uuid`,
    sql`(${orders.userId} + 0) is null`,
    eq(orders.status, "cart"),
  );

/**
 * A signed-in user's cart by the `userId` placeholder. The status is a word of the text, not a parameter
 * (D407): so the generic plan PostgreSQL keeps for the prepared statement finds the cart by the partial
 * unique index `orders_one_cart_per_user_idx` (one row). With the status as a parameter the generic plan
 * could only use `orders_user_status_idx` and was estimated above the custom plans, so every read was
 * planned anew (1–2 ms quiet, 20–65 ms under load on ten years of data, more the more orders a family has).
 */
const userCartByPlaceholder = () =>
  and(sql`${orders.userId} = ${ph("userId")}::int`, sql`${orders.status} = 'cart'`);

/**
 * The columns of a cart, and for a locked cart change (`relax`) the transaction's commit made asynchronous
 * in the same statement (D26, D387): `set_config(…, true)` is `set local`, one round trip fewer per change.
 */
const cartColumns = (relax: boolean) =>
  relax
    ? {
        ...getTableColumns(orders),
        relaxed: sql<string>`set_config('synchronous_commit', 'off', true)`,
      }
    : getTableColumns(orders);

function withoutRelaxed(row: (CartRow & { relaxed?: string }) | undefined): CartRow | undefined {
  if (row) delete row.relaxed;
  return row;
}

export async function findGuestCart(
  db: DbOrTx,
  cartId: string,
  lock = false,
  relax = false,
): Promise<CartRow | undefined> {
  const [row] = await prepared<CartRow[]>(db, `cart_guest_${lock}_${relax}`, () => {
    const query = db.select(cartColumns(relax)).from(orders).where(guestCartByPlaceholder());
    return lock ? query.for("update") : query;
  }).execute({ cartId });
  return withoutRelaxed(row);
}

export async function findUserCart(
  db: DbOrTx,
  userId: number,
  lock = false,
  relax = false,
): Promise<CartRow | undefined> {
  const [row] = await prepared<CartRow[]>(db, `cart_user_${lock}_${relax}`, () => {
    const query = db.select(cartColumns(relax)).from(orders).where(userCartByPlaceholder());
    return lock ? query.for("update") : query;
  }).execute({ userId });
  return withoutRelaxed(row);
}

/**
 * A new cart; for a user racing with themselves, the one-cart index keeps the first and this returns
 * undefined. With `relax`, the transaction's commit is made asynchronous in the same statement, as the
 * locked read of a cart does (D26). A row inserted in a transaction is seen by no other until its commit,
 * so the caller holds it as if locked.
 */
export async function insertCart(
  db: DbOrTx,
  values: { userId: number | null; locale: Locale },
  relax = false,
): Promise<CartRow | undefined> {
  // Prepared: every parent's first add makes one (issue 36).
  const [row] = await prepared<(CartRow & { relaxed?: string })[]>(db, `cart_insert_${relax}`, () =>
    db
      .insert(orders)
      .values({ userId: ph("userId"), locale: ph("locale") })
      .onConflictDoNothing()
      .returning(cartColumns(relax)),
  ).execute(values);
  return withoutRelaxed(row);
}

export async function attachCartToUser(db: DbOrTx, orderId: number, userId: number): Promise<void> {
  await db.update(orders).set({ userId, updatedAt: new Date() }).where(eq(orders.id, orderId));
}

export async function deleteCart(db: DbOrTx, orderId: number): Promise<void> {
  await db.delete(orders).where(eq(orders.id, orderId));
}

export type CartTotals = {
  totalPriceCents: number;
  discountCents: number;
  totalCheckoutCents: number;
  totalRecurrentCents: number;
};

// ---------- Catalogue facts an item is checked against ----------

export type BookableFacts = {
  page: { id: number; slug: string; productType: ProductType; ageGroup: string };
  /** The requested option, wherever it belongs (null when it does not exist). */
  option: {
    id: number;
    productPageId: number;
    scheduleType: ScheduleType;
    basePriceCents: number;
    meetingsPerWeek: number | null;
  } | null;
};

type BookableRow = {
  id: number;
  slug: string;
  productType: ProductType;
  ageGroup: string;
  optionId: number | null;
  optionPageId: number | null;
  scheduleType: ScheduleType | null;
  basePriceCents: number | null;
  meetingsPerWeek: number | null;
};

/** A published page and the requested purchase option, in one round trip. */
export async function findBookable(
  db: DbOrTx,
  pageId: number,
  optionId: number,
): Promise<BookableFacts | undefined> {
  const statement = prepared<BookableRow[]>(db, "cart_bookable", () =>
    db
      .select({
        id: productPages.id,
        slug: productPages.slug,
        productType: productPages.productType,
        ageGroup: productPages.ageGroup,
        optionId: purchaseOptions.id,
        optionPageId: purchaseOptions.productPageId,
        scheduleType: purchaseOptions.scheduleType,
        basePriceCents: purchaseOptions.basePriceCents,
        meetingsPerWeek: purchaseOptions.meetingsPerWeek,
      })
      .from(productPages)
      .leftJoin(purchaseOptions, sql`${purchaseOptions.id} = ${ph("optionId")}::int`)
      .where(and(sql`${productPages.id} = ${ph("pageId")}::int`, eq(productPages.isPublished, true))),
  );
  const [row] = await statement.execute({ pageId, optionId });
  if (!row) return undefined;
  const { scheduleType, basePriceCents, optionId: id, optionPageId } = row;
  return {
    page: { id: row.id, slug: row.slug, productType: row.productType, ageGroup: row.ageGroup },
    option:
      id === null || optionPageId === null || scheduleType === null || basePriceCents === null
        ? null
        : {
            id,
            productPageId: optionPageId,
            scheduleType,
            basePriceCents,
            meetingsPerWeek: row.meetingsPerWeek,
          },
  };
}

// ---------- What a booking would buy, before it is added (D154) ----------

export type TermsFacts = Pick<CartItemRow, "house" | "closed" | "slots" | "weeks"> & {
  /** The requested option when it belongs to the page, else null. */
  option: { scheduleType: ScheduleType; basePriceCents: number } | null;
};

/**
 * A published page's house and closures (as the cart's item columns read them), the requested option when
 * it is the page's, and those of the requested slots and weeks that are the page's, in one round trip.
 */
export async function findTermsFacts(
  db: DbOrTx,
  request: { pageId: number; optionId: number; slotIds: number[]; weekIds: number[] },
  locale: Locale,
): Promise<TermsFacts | undefined> {
  const { house, closed } = itemColumns(locale);
  const slotIds = request.slotIds.length ? request.slotIds : [0];
  const weekIds = request.weekIds.length ? request.weekIds : [0];
  const [row] = await db
    .select({
      house,
      closed,
      option: sql<
        TermsFacts["option"]
      >`(select json_build_object('scheduleType', po.schedule_type, 'basePriceCents', po.base_price_cents)
        from ${purchaseOptions} po where po.id = ${request.optionId} and po.product_page_id = ${request.pageId})`,
      slots: sql<
        ItemSlot[]
      >`coalesce((select json_agg(json_build_object('id', s.id, 'weekday', s.weekday, 'date', s.date, 'start', to_char(s.start, 'HH24:MI'), 'end', to_char(s."end", 'HH24:MI')) order by s.id)
        from ${scheduleSlots} s where s.product_page_id = ${request.pageId} and s.id in (${sql.join(
          slotIds.map((id) => sql`${id}`),
          sql`, `,
        )})), '[]'::json)`,
      weeks: sql<
        ItemWeek[]
      >`coalesce((select json_agg(json_build_object('id', w.id, 'starts_on', w.starts_on, 'ends_on', w.ends_on) order by w.id)
        from ${academyWeeks} w where w.product_page_id = ${request.pageId} and w.id in (${sql.join(
          weekIds.map((id) => sql`${id}`),
          sql`, `,
        )})), '[]'::json)`,
    })
    .from(productPages)
    // The join makes Drizzle name the page's columns with their table inside the item columns' subqueries.
    .leftJoin(locations, eq(locations.id, productPages.locationId))
    .where(and(eq(productPages.id, request.pageId), eq(productPages.isPublished, true)));
  return row;
}

// ---------- Items of a cart ----------

export type ItemSlot = {
  id: number;
  weekday: number | null;
  date: string | null;
  start: string;
  end: string;
};
export type ItemWeek = { id: number; starts_on: string; ends_on: string };
/** A purchase option of the item's page, as the existing client looks the item's option up among them. */
export type ItemPageOption = { id: number; schedule_type: ScheduleType; base_price_cents: number };

export type ItemHouse = {
  id: number;
  name: string;
  street: string;
  post_code: string;
  city: string;
  map_url: string | null;
};

export type CartItemRow = {
  id: number;
  orderId: number;
  productPageId: number;
  purchaseOptionId: number;
  visitorId: number | null;
  guestVisitorRef: number | null;
  scheduleType: ScheduleType;
  productType: ProductType;
  calculatedPriceCents: number;
  siblingDiscountCents: number;
  promocodeDiscountCents: number;
  recurrentPriceCents: number;
  recurrentDiscountCents: number;
  academyNumberOfWeeks: number | null;
  comment: string;
  giftCardDetails: StoredGiftCardDetails | null;
  pageName: string;
  pageSlug: string;
  pageAgeGroup: string;
  pageTitleImage: ImageRef | null;
  /** The offer's refund policy (D142): full refund up to this many days before the booked date. */
  refundDaysBefore: number | null;
  optionName: string;
  /** The option's meetings of a meeting card (null otherwise), as its documents print it. */
  numberOfMeetings: number | null;
  /** Where the page says it takes place (its `location` text), as its documents print it. */
  pageLocation: string;
  /** The page's house (D151) and the closures of that house or every house not yet over (D153). */
  house: ItemHouse | null;
  closed: { startsOn: string; endsOn: string }[];
  visitorFirstName: string | null;
  visitorLastName: string | null;
  visitorBirthDate: string | null;
  slots: ItemSlot[];
  weeks: ItemWeek[];
  pageOptions: ItemPageOption[];
};

/** An item without its booking terms (house, closures, options): what the history and its documents read (D415). */
export type NamedItemRow = Omit<CartItemRow, "house" | "closed" | "pageOptions">;

/** An item's own columns and its page's type: what a cart line and a full item both read. */
export const lineColumns = {
  id: orderItems.id,
  orderId: orderItems.orderId,
  productPageId: orderItems.productPageId,
  purchaseOptionId: orderItems.purchaseOptionId,
  visitorId: orderItems.visitorId,
  guestVisitorRef: orderItems.guestVisitorRef,
  scheduleType: orderItems.scheduleType,
  productType: productPages.productType,
  calculatedPriceCents: orderItems.calculatedPriceCents,
  siblingDiscountCents: orderItems.siblingDiscountCents,
  promocodeDiscountCents: orderItems.promocodeDiscountCents,
  recurrentPriceCents: orderItems.recurrentPriceCents,
  recurrentDiscountCents: orderItems.recurrentDiscountCents,
  academyNumberOfWeeks: orderItems.academyNumberOfWeeks,
  comment: orderItems.comment,
  giftCardDetails: orderItems.giftCardDetails,
};

/**
 * The names an item shows: its page's and option's names and picture, and the child's name and birth date
 * (the cart's items, the history, and the add's reply, D399); and what its documents print besides (the
 * option's meetings, the page's place), so a payment's invoice and mails read nothing more (D451).
 */
export const namedColumns = (locale: Locale) => ({
  ...offerNameColumns(locale),
  optionName: itemOptionName(locale),
  ...childNameColumns,
});

/**
 * The option's name as an item shows it (D485): a gift card bought for another amount than its option's
 * price (the shop's form offers any whole amount and sends the page's first option) is named by what it is
 * worth, "Gutschein über 30 €", not by that option ("Gutschein über 25 €"), in the cart, the mails, the
 * history and on the invoice. Every other item shows its option's name. An item's price is its snapshot,
 * so a card whose option's price staff changed later is named by the amount it was bought for.
 */
const itemOptionName = (locale: Locale) => {
  const { before, after } = GIFT_CARD_AMOUNT_WORDS[locale];
  const cents = orderItems.calculatedPriceCents;
  return sql<string>`case when ${productPages.productType} = 'GiftCard' and ${cents} <> ${purchaseOptions.basePriceCents}
    then ${before}::text || case when ${cents} % 100 = 0 then (${cents} / 100)::text
      else replace(to_char(${cents} / 100.0, 'FM999999990.00'), '.', ',') end || ${after}::text
    else ${textIn(purchaseOptions.name, locale)} end`;
};

/** The names of an item's page and option (and what its documents print of them). */
const offerNameColumns = (locale: Locale) => ({
  pageName: textIn(productPages.name, locale),
  pageSlug: productPages.slug,
  pageAgeGroup: productPages.ageGroup,
  pageTitleImage: productPages.titleImage,
  refundDaysBefore: productPages.refundDaysBefore,
  optionName: textIn(purchaseOptions.name, locale),
  numberOfMeetings: purchaseOptions.numberOfMeetings,
  pageLocation: productPages.location,
});

/** The name and birth date of an item's child. */
const childNameColumns = {
  visitorFirstName: visitors.firstName,
  visitorLastName: visitors.lastName,
  visitorBirthDate: visitors.birthDate,
};

/** What a cart's item shows: its names, and its page's house, closures and options (the booking terms). */
export const shownColumns = (locale: Locale) => ({ ...namedColumns(locale), ...bookingTermsColumns(locale) });

/**
 * What an item shows of its page and option alone (no child, no slots or weeks): the same for every item
 * of that page and option, so the add's reply takes it from a kept read (D468).
 */
export type OfferShown = Pick<
  CartItemRow,
  | "productType"
  | "pageName"
  | "pageSlug"
  | "pageAgeGroup"
  | "pageTitleImage"
  | "refundDaysBefore"
  | "optionName"
  | "numberOfMeetings"
  | "pageLocation"
  | "house"
  | "closed"
  | "pageOptions"
>;

/** `OfferShown` of a page and one of its options, as the cart's items read it (none when either is gone). */
export async function findOfferShown(
  db: DbOrTx,
  pageId: number,
  optionId: number,
  locale: Locale,
): Promise<OfferShown | undefined> {
  const [row] = await prepared<OfferShown[]>(db, `cart_offer_shown_${locale}`, () =>
    db
      .select({
        productType: productPages.productType,
        ...offerNameColumns(locale),
        ...bookingTermsColumns(locale),
      })
      .from(productPages)
      .innerJoin(
        purchaseOptions,
        and(
          sql`${purchaseOptions.id} = ${ph("optionId")}::int`,
          eq(purchaseOptions.productPageId, productPages.id),
        ),
      )
      .where(sql`${productPages.id} = ${ph("pageId")}::int`),
  ).execute({ pageId, optionId });
  return row;
}

/**
 * The item's page's house, the closures not yet over of that house or every house, and the page's purchase
 * options, as a cart's item shows them.
 */
const bookingTermsColumns = (locale: Locale) => ({
  house: sql<ItemHouse | null>`(select json_build_object('id', l.id, 'name', coalesce(l.name->>${locale}::text, l.name->>'de', ''), 'street', l.street, 'post_code', l.post_code, 'city', l.city, 'map_url', l.map_url)
    from ${locations} l where l.id = ${productPages.locationId})`,
  closed: sql<
    { startsOn: string; endsOn: string }[]
  >`coalesce((select json_agg(json_build_object('startsOn', c.starts_on, 'endsOn', c.ends_on) order by c.starts_on)
    from ${closures} c where c.ends_on >= current_date - 1 and (c.location_id is null or c.location_id = ${productPages.locationId})), '[]'::json)`,
  pageOptions: sql<
    ItemPageOption[]
  >`coalesce((select json_agg(json_build_object('id', po.id, 'schedule_type', po.schedule_type, 'base_price_cents', po.base_price_cents) order by po.sort_order, po.id)
    from ${purchaseOptions} po where po.product_page_id = ${productPages.id}), '[]'::json)`,
});

/** A slot and a week as an item's reply shows them (`s` and `w` name the rows). */
const SLOT_JSON = sql.raw(
  `json_build_object('id', s.id, 'weekday', s.weekday, 'date', s.date, 'start', to_char(s.start, 'HH24:MI'), 'end', to_char(s."end", 'HH24:MI'))`,
);
const WEEK_JSON = sql.raw(`json_build_object('id', w.id, 'starts_on', w.starts_on, 'ends_on', w.ends_on)`);

/**
 * The chosen slots and weeks of the items whose ids `itemIds` selects, as two derived tables of one row per
 * item (`order_item_id`, and `slots` or `weeks` as the JSON arrays `itemColumns` reads per item): read once
 * for a whole list of items instead of two subqueries per item (the history, D407). Items without any have
 * no row; the reader takes `'[]'` for them.
 */
export function slotsAndWeeksOfItems(itemIds: SQL) {
  return {
    slots: sql`(select ois.order_item_id, json_agg(${SLOT_JSON} order by s.id) as slots
      from ${orderItemSlots} ois join ${scheduleSlots} s on s.id = ois.schedule_slot_id
      where ois.order_item_id in (${itemIds}) group by ois.order_item_id)`,
    weeks: sql`(select oiw.order_item_id, json_agg(${WEEK_JSON} order by w.id) as weeks
      from ${orderItemAcademyWeeks} oiw join ${academyWeeks} w on w.id = oiw.academy_week_id
      where oiw.order_item_id in (${itemIds}) group by oiw.order_item_id)`,
  };
}

/** An item's chosen slots (start and end as hh:mm), ordered by id: a subquery on the row of `order_items`. */
export const itemSlots = sql<ItemSlot[]>`coalesce((select json_agg(${SLOT_JSON} order by s.id)
    from ${orderItemSlots} ois join ${scheduleSlots} s on s.id = ois.schedule_slot_id where ois.order_item_id = ${orderItems.id}), '[]'::json)`;

/** The columns of an item with its page, option, child, slots and weeks (the cart's and the history's). */
export const itemColumns = (locale: Locale) => ({
  ...lineColumns,
  ...shownColumns(locale),
  // The chosen slots and weeks in the same round trip, ordered by id.
  slots: itemSlots,
  weeks: sql<ItemWeek[]>`coalesce((select json_agg(${WEEK_JSON} order by w.id)
    from ${orderItemAcademyWeeks} oiw join ${academyWeeks} w on w.id = oiw.academy_week_id where oiw.order_item_id = ${orderItems.id}), '[]'::json)`,
});

/** The items of a cart (or one of them) with everything pricing, the booking checks and the reply need. */
export function findCartItems(
  db: DbOrTx,
  orderId: number,
  locale: Locale,
  itemId?: number,
): Promise<CartItemRow[]> {
  const one = itemId !== undefined;
  const statement = prepared<CartItemRow[]>(db, `cart_items_${locale}_${one ? "one" : "all"}`, () =>
    db
      .select(itemColumns(locale))
      .from(orderItems)
      .innerJoin(productPages, eq(productPages.id, orderItems.productPageId))
      .innerJoin(purchaseOptions, eq(purchaseOptions.id, orderItems.purchaseOptionId))
      .leftJoin(visitors, eq(visitors.id, orderItems.visitorId))
      .where(
        one
          ? and(
              sql`${orderItems.orderId} = ${ph("orderId")}::int`,
              sql`${orderItems.id} = ${ph("itemId")}::int`,
            )
          : sql`${orderItems.orderId} = ${ph("orderId")}::int`,
      )
      .orderBy(asc(orderItems.id)),
  );
  return statement.execute(one ? { orderId, itemId } : { orderId });
}

/**
 * A cart with its items and its promocode's code in one round trip (D399), for reading the current order:
 * the guest's cart by its `cart_id`, a user's by the user. Each row is the cart beside one item (the cart
 * alone when it has none); the items are those `findCartItems` reads, in its order.
 */
export async function findCartWithItems(
  db: DbOrTx,
  by: { cartId: string } | { userId: number },
  locale: Locale,
): Promise<{ cart: CartRow; items: CartItemRow[]; promocode: string | null } | undefined> {
  const guest = "cartId" in by;
  // The item's own columns are null on the row of a cart without items.
  type Row = {
    cart: CartRow;
    promocode: string | null;
    item: { [K in keyof CartItemRow]: CartItemRow[K] | null };
  };
  const rows = await prepared<Row[]>(db, `cart_with_items_${locale}_${guest ? "guest" : "user"}`, () =>
    db
      .select({
        cart: getTableColumns(orders),
        promocode: sql<
          string | null
        >`(select ${promocodes.code} from ${promocodes} where ${promocodes.id} = ${orders.promocodeId})`,
        item: itemColumns(locale),
      })
      .from(orders)
      .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
      .leftJoin(productPages, eq(productPages.id, orderItems.productPageId))
      .leftJoin(purchaseOptions, eq(purchaseOptions.id, orderItems.purchaseOptionId))
      .leftJoin(visitors, eq(visitors.id, orderItems.visitorId))
      .where(guest ? guestCartByPlaceholder() : userCartByPlaceholder())
      .orderBy(asc(orderItems.id)),
  ).execute(guest ? { cartId: by.cartId } : { userId: by.userId });
  const [first] = rows;
  if (!first) return undefined;
  return {
    cart: first.cart,
    promocode: first.promocode,
    // Every item has its page and option (both are foreign keys), so the outer joins find them as the inner
    // joins of `findCartItems` do; only the cart without items has a row without one.
    items: rows.flatMap(({ item }) => (item.id === null ? [] : [item as CartItemRow])),
  };
}

/**
 * The row versions (`xmin`) of an item's slot and week links as one text: any link added, changed or removed
 * changes it. Part of the current order's fingerprint (D430) and of a parent's history's (D442); `itemId`
 * names the item's id in the statement around it.
 */
export function itemLinkVersions(itemId: SQL): SQL {
  return sql`coalesce((select string_agg(l.xmin::text, '.' order by l.schedule_slot_id)
      from ${orderItemSlots} l where l.order_item_id = ${itemId}), '')
    || '.' || coalesce((select string_agg(w.xmin::text, '.' order by w.academy_week_id)
      from ${orderItemAcademyWeeks} w where w.order_item_id = ${itemId}), '')`;
}

/** A cart's fingerprint (D430) and what the read needs beside it, by the cart_id or user it was asked for. */
export type CartFingerprint = {
  cartId: string;
  userId: number | null;
  giftCardId: number | null;
  /** The cart's code has limits: other orders' redemptions, not in the fingerprint, may use it up (D598). */
  limitedCode: boolean;
  fingerprint: string;
};

/**
 * What a reply of the current order was made from, as one short text (D430): the row versions (`xmin`,
 * which every insert and update renews) of the cart, its items, their children, slot and week links and its
 * promocode. Any write to one of them changes the text, and so does an item or link removed. The catalogue's
 * rows (pages, options, slots, weeks, houses, closures) are not in it: their changes end the catalogue's
 * epoch (D85). Read for several carts at once (D431): by the unique index of the guests' cart_id or the
 * one-cart-per-user index, one row per cart, and a few rows by the items' index for each, as the read itself.
 */
export async function findCartFingerprints(
  db: DbOrTx,
  by: { cartIds: readonly string[] } | { userIds: readonly number[] },
): Promise<CartFingerprint[]> {
  const guest = "cartIds" in by;
  const keys = keyRows(guest ? "uuid" : "int", guest ? by.cartIds : by.userIds);
  const name = `cart_fingerprints_${guest ? "guest" : "user"}${keys.nameSuffix}`;
  return prepared<CartFingerprint[]>(db, name, () => {
    // Each key's cart is found as a single read finds it, by its own index (the `limit` keeps PostgreSQL
    // from merging the lookups into one scan: with stale statistics it read every cart for a batch).
    const cart = db
      .select({
        cartId: sql<string>`${orders.cartId}`.as("cart_id"),
        userId: sql<number | null>`${orders.userId}`.as("user_id"),
        giftCardId: sql<number | null>`${orders.giftCardId}`.as("gift_card_id"),
        limitedCode: sql<boolean>`coalesce((select p.max_uses is not null or p.max_uses_per_user is not null
            from ${promocodes} p where p.id = ${orders}.promocode_id), false)`.as("limited_code"),
        fingerprint: sql<string>`${orders}.id::text || '.' || ${orders}.xmin::text
            || '|' || coalesce((select p.xmin::text from ${promocodes} p where p.id = ${orders}.promocode_id), '-')
            || '|' || coalesce((select string_agg(i.id::text || '.' || i.xmin::text
                || '.' || coalesce((select v.xmin::text from ${visitors} v where v.id = i.visitor_id), '-')
                || '.' || ${itemLinkVersions(sql.raw("i.id"))},
              ',' order by i.id)
              from ${orderItems} i where i.order_id = ${orders}.id), '')`.as("fingerprint"),
      })
      .from(orders)
      .where(
        guest
          ? and(sql`${orders.cartId} = k.key`, sql`(${orders.userId} + 0) is null`, eq(orders.status, "cart"))
          : and(sql`${orders.userId} = k.key`, sql`${orders.status} = 'cart'`),
      )
      .limit(1)
      .as("cart");
    return db
      .select({
        cartId: cart.cartId,
        userId: cart.userId,
        giftCardId: cart.giftCardId,
        limitedCode: cart.limitedCode,
        fingerprint: cart.fingerprint,
      })
      .from(keys.from)
      .crossJoinLateral(cart);
  }).execute(keys.values);
}

/**
 * What the add's checks, pricing and a transfer read of a cart's items (D387): the item's own columns, its
 * page's type and the ids of its slots and weeks, without the names, house, closures and options the reply
 * shows. `CartItemRow` has every field of it, so a full row serves wherever a line does.
 */
export type CartLine = Pick<
  CartItemRow,
  | "id"
  | "orderId"
  | "productPageId"
  | "purchaseOptionId"
  | "visitorId"
  | "guestVisitorRef"
  | "scheduleType"
  | "productType"
  | "calculatedPriceCents"
  | "siblingDiscountCents"
  | "promocodeDiscountCents"
  | "recurrentPriceCents"
  | "recurrentDiscountCents"
  | "academyNumberOfWeeks"
  | "comment"
  | "giftCardDetails"
> & { slots: { id: number }[]; weeks: { id: number }[] };

type CartLineRow = Omit<CartLine, "slots" | "weeks"> & { slotIds: number[]; weekIds: number[] };

/**
 * The lines of the cart `where` finds in one light statement (no JSON built per item), ordered by id: the one
 * select behind both reads below. `where` is built once per connection, with the prepared statement.
 */
async function cartLinesWhere(
  db: DbOrTx,
  name: string,
  where: () => SQL,
  values: Record<string, unknown>,
): Promise<CartLine[]> {
  const rows = await prepared<CartLineRow[]>(db, name, () =>
    db
      .select({
        ...lineColumns,
        slotIds: sql<
          number[]
        >`array(select ois.schedule_slot_id from ${orderItemSlots} ois where ois.order_item_id = ${orderItems.id} order by 1)`,
        weekIds: sql<
          number[]
        >`array(select oiw.academy_week_id from ${orderItemAcademyWeeks} oiw where oiw.order_item_id = ${orderItems.id} order by 1)`,
      })
      .from(orderItems)
      .innerJoin(productPages, eq(productPages.id, orderItems.productPageId))
      .where(where())
      .orderBy(asc(orderItems.id)),
  ).execute(values);
  return rows.map(({ slotIds, weekIds, ...line }) => ({
    ...line,
    slots: slotIds.map((id) => ({ id })),
    weeks: weekIds.map((id) => ({ id })),
  }));
}

/** The lines of the cart (or order) `orderId`. */
export function findCartLines(db: DbOrTx, orderId: number): Promise<CartLine[]> {
  return cartLinesWhere(db, "cart_lines", () => sql`${orderItems.orderId} = ${ph("orderId")}::int`, {
    orderId,
  });
}

/**
 * The lines of the caller's cart found by its key (the guest cart's `cart_id`, or the user's cart) instead of
 * its id, so that they can be asked together with the cart's lock, before its id is known (D455). Asked
 * right behind the lock in the same transaction, this statement starts once the lock is held and so sees
 * every line committed before it, as a read after the lock's answer would.
 */
export function findCartLinesByKey(
  db: DbOrTx,
  key: { cartId: string } | { userId: number },
): Promise<CartLine[]> {
  const guest = "cartId" in key;
  const cart = () =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(guest ? guestCartByPlaceholder() : userCartByPlaceholder());
  return cartLinesWhere(
    db,
    guest ? "cart_lines_guest" : "cart_lines_user",
    () => sql`${orderItems.orderId} = (${cart()})`,
    key,
  );
}

export type NewCartItem = {
  orderId: number;
  productPageId: number;
  purchaseOptionId: number;
  visitorId: number | null;
  guestVisitorRef: number | null;
  scheduleType: ScheduleType;
  calculatedPriceCents: number;
  recurrentPriceCents: number;
  academyNumberOfWeeks: number | null;
  comment: string;
  giftCardDetails: StoredGiftCardDetails | null;
  slotIds: number[];
  weekIds: number[];
};

/** A cart's priced totals and its code and card, as the add writes them with the new item (D399). */
export type CartTotalsChange = CartTotals & {
  promocodeId: number | null;
  giftCardId: number | null;
  giftCardCents: number;
};

/**
 * The add's writes in one statement and one round trip (D399): the new item with its discounts, its chosen
 * slots and weeks, and the cart's new totals. The slots' and weeks' rows refer to the item inserted beside
 * them (their foreign keys are checked at the statement's end); `updatedAt` is the cart's new `updated_at`,
 * so the caller brings its cart row up to date without reading it back.
 */
export async function insertCartItemWithTotals(
  tx: Tx,
  item: NewCartItem &
    Pick<CartItemRow, "siblingDiscountCents" | "promocodeDiscountCents" | "recurrentDiscountCents">,
  totals: CartTotalsChange,
  updatedAt: Date,
  /**
   * The item's page and option as it shows them (D468): with them the statement answers the item as the
   * cart's read would, its child, slots and weeks beside them (else its id only).
   */
  offer?: OfferShown,
): Promise<{ id: number; row?: CartItemRow }> {
  const withSlots = item.slotIds.length > 0;
  const withWeeks = item.weekIds.length > 0;
  type Own = Pick<CartItemRow, "id" | "slots" | "weeks" | keyof typeof childNameColumns>;
  const [row] = await prepared<({ id: number } & Partial<Own>)[]>(
    tx,
    `cart_item_add_${offer ? "item" : "id"}_${withSlots ? "s" : ""}${withWeeks ? "w" : ""}`,
    () => {
      const added = tx.$with("added", { id: sql<number>`id`.as("id") }).as(
        sql`insert into ${orderItems} (order_id, product_page_id, purchase_option_id, visitor_id, guest_visitor_ref,
          schedule_type, calculated_price_cents, sibling_discount_cents, promocode_discount_cents,
          recurrent_price_cents, recurrent_discount_cents, academy_number_of_weeks, comment, gift_card_details)
        values (${ph("orderId")}, ${ph("productPageId")}, ${ph("purchaseOptionId")}, ${ph("visitorId")},
          ${ph("guestVisitorRef")}, ${ph("scheduleType")}, ${ph("calculatedPriceCents")},
          ${ph("siblingDiscountCents")}, ${ph("promocodeDiscountCents")}, ${ph("recurrentPriceCents")},
          ${ph("recurrentDiscountCents")}, ${ph("academyNumberOfWeeks")}, ${ph("comment")},
          ${ph("giftCardDetails")}::jsonb)
        returning id`,
      );
      const slots = tx
        .$with("added_slots", {})
        .as(
          sql`insert into ${orderItemSlots} (order_item_id, schedule_slot_id) select added.id, unnest(${ph("slotIds")}::int[]) from added`,
        );
      const weeks = tx
        .$with("added_weeks", {})
        .as(
          sql`insert into ${orderItemAcademyWeeks} (order_item_id, academy_week_id) select added.id, unnest(${ph("weekIds")}::int[]) from added`,
        );
      const cart = tx.$with("cart_totals", {}).as(
        sql`update ${orders} set promocode_id = ${ph("promocodeId")}, gift_card_id = ${ph("giftCardId")},
          gift_card_cents = ${ph("giftCardCents")}, total_price_cents = ${ph("totalPriceCents")},
          discount_cents = ${ph("discountCents")}, total_checkout_cents = ${ph("totalCheckoutCents")},
          total_recurrent_cents = ${ph("totalRecurrentCents")}, updated_at = ${ph("updatedAt")}::timestamptz
        where id = ${ph("orderId")}::int`,
      );
      const ctes = [added, ...(withSlots ? [slots] : []), ...(withWeeks ? [weeks] : []), cart];
      if (!offer)
        return tx
          .with(...ctes)
          .select({ id: added.id })
          .from(added);
      // The reply's child, slots and weeks, read by the ids the item was inserted with (the statement's own
      // inserts are not visible to its reads; the slots and weeks are the page's, checked).
      return tx
        .with(...ctes)
        .select({
          // Named with its CTE: the child beside it has an id of its own.
          id: sql<number>`added.id`,
          ...childNameColumns,
          // An item without slots or weeks (a gift card, say) answers none without reading for them: the
          // statement's name already says which it has.
          ...choicesByIds(withSlots, withWeeks),
        })
        .from(added)
        .leftJoin(visitors, sql`${visitors.id} = ${ph("visitorId")}::int`);
    },
  ).execute({
    orderId: item.orderId,
    productPageId: item.productPageId,
    purchaseOptionId: item.purchaseOptionId,
    visitorId: item.visitorId,
    guestVisitorRef: item.guestVisitorRef,
    scheduleType: item.scheduleType,
    calculatedPriceCents: item.calculatedPriceCents,
    siblingDiscountCents: item.siblingDiscountCents,
    promocodeDiscountCents: item.promocodeDiscountCents,
    recurrentPriceCents: item.recurrentPriceCents,
    recurrentDiscountCents: item.recurrentDiscountCents,
    academyNumberOfWeeks: item.academyNumberOfWeeks,
    comment: item.comment,
    giftCardDetails: item.giftCardDetails === null ? null : JSON.stringify(item.giftCardDetails),
    slotIds: pgArray(item.slotIds),
    weekIds: pgArray(item.weekIds),
    promocodeId: totals.promocodeId,
    giftCardId: totals.giftCardId,
    giftCardCents: totals.giftCardCents,
    totalPriceCents: totals.totalPriceCents,
    discountCents: totals.discountCents,
    totalCheckoutCents: totals.totalCheckoutCents,
    totalRecurrentCents: totals.totalRecurrentCents,
    updatedAt: updatedAt.toISOString(),
  });
  if (!row) throw new Error("order_items insert returned no row");
  if (!offer) return { id: row.id };
  const { slotIds, weekIds, ...own } = item;
  // With the offer's part the statement answered the item's own shown columns.
  return { id: row.id, row: { ...own, ...offer, ...(row as Own) } };
}

/**
 * An item's slots and weeks as its reply shows them, read by the ids it is written with (the placeholders
 * `slotIds` and `weekIds`): a statement's own writes are not visible to its reads (the add's reply, D399, and
 * a change's, D477). Without slots or weeks it answers none without reading.
 */
const choicesByIds = (withSlots: boolean, withWeeks: boolean) => ({
  slots: withSlots
    ? sql<ItemSlot[]>`coalesce((select json_agg(${SLOT_JSON} order by s.id)
      from ${scheduleSlots} s where s.id = any(${ph("slotIds")}::int[])), '[]'::json)`
    : sql<ItemSlot[]>`'[]'::json`,
  weeks: withWeeks
    ? sql<ItemWeek[]>`coalesce((select json_agg(${WEEK_JSON} order by w.id)
      from ${academyWeeks} w where w.id = any(${ph("weekIds")}::int[])), '[]'::json)`
    : sql<ItemWeek[]>`'[]'::json`,
});

/** The discounts a reprice gives an item already stored. */
export type ItemDiscounts = Pick<
  CartItemRow,
  "id" | "siblingDiscountCents" | "promocodeDiscountCents" | "recurrentDiscountCents"
>;

/**
 * What a change of an item (`PATCH`) writes of it: every column a change can set, as checked, and its
 * discounts as repriced.
 */
export type EditedItem = ItemDiscounts &
  Pick<
    CartItemRow,
    | "visitorId"
    | "guestVisitorRef"
    | "calculatedPriceCents"
    | "recurrentPriceCents"
    | "academyNumberOfWeeks"
    | "comment"
    | "giftCardDetails"
  > & { slotIds: readonly number[]; weekIds: readonly number[] };

/** What the statement answers of a changed item for its reply (D477): its child's name, its slots and weeks. */
export type EditedShown = Pick<
  CartItemRow,
  "visitorFirstName" | "visitorLastName" | "visitorBirthDate" | "slots" | "weeks"
>;

/**
 * A cart change's writes after its reprice in one statement, as the add's are (D399, D470): the items it
 * takes out, the item it changed (D476), the discounts that changed on the others, and the cart's totals,
 * code and card. `updatedAt` is the cart's new `updated_at`, so the caller brings its cart row up to date
 * without reading it back. Only items of the cart itself are touched. PostgreSQL updates a row once per
 * statement, so the changed item's discounts go with its own update, never in `discounts`. With a changed
 * item it answers what that item's reply shows beyond what the caller knows (D477).
 */
export async function writeRepricedCart(
  db: DbOrTx,
  orderId: number,
  change: { removed: readonly number[]; discounts: readonly ItemDiscounts[]; edited?: EditedItem },
  totals: CartTotalsChange,
  updatedAt: Date,
): Promise<EditedShown | undefined> {
  const { removed, edited } = change;
  const discounts = edited ? change.discounts.filter((item) => item.id !== edited.id) : change.discounts;
  const shape = `${removed.length ? "r" : ""}${discounts.length ? "d" : ""}${edited ? "e" : ""}`;
  // Without a changed item the statement answers no rows (node-postgres' result, not an array).
  const answered = await prepared<EditedShown[] | unknown>(db, `cart_repriced_${shape}`, () => {
    const gone = db
      .$with("removed", {})
      .as(
        sql`delete from ${orderItems} where order_id = ${ph("orderId")}::int and id = any(${ph("removed")}::int[])`,
      );
    const discounted = db.$with("discounted", {}).as(discountsUpdate);
    const changed = db.$with("edited", {}).as(
      sql`update ${orderItems} set visitor_id = ${ph("editedVisitorId")}::int,
          guest_visitor_ref = ${ph("editedGuestVisitorRef")}::int,
          calculated_price_cents = ${ph("editedCalculatedPriceCents")}::int,
          recurrent_price_cents = ${ph("editedRecurrentPriceCents")}::int,
          academy_number_of_weeks = ${ph("editedAcademyNumberOfWeeks")}::int,
          comment = ${ph("editedComment")}, gift_card_details = ${ph("editedGiftCardDetails")}::jsonb,
          sibling_discount_cents = ${ph("editedSibling")}::int,
          promocode_discount_cents = ${ph("editedPromocode")}::int,
          recurrent_discount_cents = ${ph("editedRecurrent")}::int, updated_at = ${ph("updatedAt")}::timestamptz
        where id = ${ph("editedId")}::int and order_id = ${ph("orderId")}::int`,
    );
    // The changed item's part before the discounts': PostgreSQL runs such parts last-listed first, so were
    // the changed item not filtered out of `discounts`, its own columns would be lost and its test fail.
    const ctes = [
      ...(removed.length ? [gone] : []),
      ...(edited ? [changed] : []),
      ...(discounts.length ? [discounted] : []),
    ];
    const update = (ctes.length ? db.with(...ctes) : db)
      .update(orders)
      .set({
        promocodeId: sql`${ph("promocodeId")}`,
        giftCardId: sql`${ph("giftCardId")}`,
        giftCardCents: sql`${ph("giftCardCents")}`,
        totalPriceCents: sql`${ph("totalPriceCents")}`,
        discountCents: sql`${ph("discountCents")}`,
        totalCheckoutCents: sql`${ph("totalCheckoutCents")}`,
        totalRecurrentCents: sql`${ph("totalRecurrentCents")}`,
        updatedAt: sql`${ph("updatedAt")}::timestamptz`,
      })
      .where(sql`${orders.id} = ${ph("orderId")}::int`);
    if (!edited) return update;
    // The changed item's child (by the id it is written with: none for a guest's item) and its slots and
    // weeks, as its reply shows them.
    return update.returning({
      visitorFirstName: sql<string | null>`(select ${visitors.firstName} from ${visitors}
        where ${visitors.id} = ${ph("editedVisitorId")}::int)`,
      visitorLastName: sql<string | null>`(select ${visitors.lastName} from ${visitors}
        where ${visitors.id} = ${ph("editedVisitorId")}::int)`,
      visitorBirthDate: sql<string | null>`(select ${visitors.birthDate} from ${visitors}
        where ${visitors.id} = ${ph("editedVisitorId")}::int)`,
      ...choicesByIds(true, true),
    });
  }).execute({
    orderId,
    removed: pgArray(removed),
    ...discountValues(discounts),
    ...(edited ? editedValues(edited) : {}),
    ...totals,
    updatedAt: updatedAt.toISOString(),
  });
  return edited ? (answered as EditedShown[])[0] : undefined;
}

const editedValues = (item: EditedItem) => ({
  editedId: item.id,
  editedVisitorId: item.visitorId,
  editedGuestVisitorRef: item.guestVisitorRef,
  editedCalculatedPriceCents: item.calculatedPriceCents,
  editedRecurrentPriceCents: item.recurrentPriceCents,
  editedAcademyNumberOfWeeks: item.academyNumberOfWeeks,
  editedComment: item.comment,
  editedGiftCardDetails: item.giftCardDetails === null ? null : JSON.stringify(item.giftCardDetails),
  editedSibling: item.siblingDiscountCents,
  editedPromocode: item.promocodeDiscountCents,
  editedRecurrent: item.recurrentDiscountCents,
  slotIds: pgArray(item.slotIds),
  weekIds: pgArray(item.weekIds),
});

/**
 * The discounts that changed on a cart's stored items, all in one statement: an add's, whose own totals go
 * with its insert (D399), and staging's, whose go with its update of the order. Only items of the cart
 * `orderId` are touched. Nothing is sent when nothing changed.
 */
export async function updateItemDiscounts(
  db: DbOrTx,
  orderId: number,
  discounts: readonly ItemDiscounts[],
  updatedAt: Date,
): Promise<void> {
  if (discounts.length === 0) return;
  await preparedSql(db, "cart_item_discounts", () => discountsUpdate).execute({
    orderId,
    ...discountValues(discounts),
    updatedAt: updatedAt.toISOString(),
  });
}

/** Sets each listed item's discounts from arrays of the same order (`discountValues`), in its cart only. */
const discountsUpdate = sql`update ${orderItems} i set sibling_discount_cents = v.sibling,
    promocode_discount_cents = v.promocode, recurrent_discount_cents = v.recurrent,
    updated_at = ${ph("updatedAt")}::timestamptz
  from unnest(${ph("ids")}::int[], ${ph("sibling")}::int[], ${ph("promocode")}::int[],
    ${ph("recurrent")}::int[]) as v(id, sibling, promocode, recurrent)
  where i.id = v.id and i.order_id = ${ph("orderId")}::int`;

const discountValues = (discounts: readonly ItemDiscounts[]) => ({
  ids: pgArray(discounts.map((item) => item.id)),
  sibling: pgArray(discounts.map((item) => item.siblingDiscountCents)),
  promocode: pgArray(discounts.map((item) => item.promocodeDiscountCents)),
  recurrent: pgArray(discounts.map((item) => item.recurrentDiscountCents)),
});

async function insertItemChoices(
  db: DbOrTx,
  itemId: number,
  choices: { slotIds?: number[] | undefined; weekIds?: number[] | undefined },
): Promise<void> {
  if (choices.slotIds?.length)
    await db
      .insert(orderItemSlots)
      .values(choices.slotIds.map((scheduleSlotId) => ({ orderItemId: itemId, scheduleSlotId })));
  if (choices.weekIds?.length)
    await db
      .insert(orderItemAcademyWeeks)
      .values(choices.weekIds.map((academyWeekId) => ({ orderItemId: itemId, academyWeekId })));
}

/** Replaces the chosen slots and/or weeks of an item (an undefined list stays as it is). */
export async function replaceItemChoices(
  db: DbOrTx,
  itemId: number,
  choices: { slotIds?: number[] | undefined; weekIds?: number[] | undefined },
): Promise<void> {
  if (choices.slotIds) await db.delete(orderItemSlots).where(eq(orderItemSlots.orderItemId, itemId));
  if (choices.weekIds)
    await db.delete(orderItemAcademyWeeks).where(eq(orderItemAcademyWeeks.orderItemId, itemId));
  await insertItemChoices(db, itemId, choices);
}

/** Moves items into another order in one statement (a sign-in's merge, a payment's return to the cart). */
export async function moveCartItems(db: DbOrTx, itemIds: number[], orderId: number): Promise<void> {
  if (itemIds.length)
    await db
      .update(orderItems)
      .set({ orderId, updatedAt: new Date() })
      .where(inArray(orderItems.id, itemIds));
}

export async function deleteCartItems(db: DbOrTx, itemIds: number[]): Promise<void> {
  if (itemIds.length) await db.delete(orderItems).where(inArray(orderItems.id, itemIds));
}

// ---------- Promocodes ----------

export type PromocodeRow = typeof promocodes.$inferSelect;

export async function findPromocode(db: DbOrTx, id: number): Promise<PromocodeRow | undefined> {
  const [row] = await db.select().from(promocodes).where(eq(promocodes.id, id));
  return row;
}

/** A redemption counts while its order is paid or awaiting payment. */
const redeeming = () => inArray(orders.status, ["awaiting_payment", "paid"]);

/** Redemptions of a code by orders that are paid or awaiting payment, overall and by one user. */
export async function countRedemptions(
  db: DbOrTx,
  promocodeId: number,
  userId: number | null,
): Promise<{ total: number; byUser: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      byUser: sql<number>`(count(*) filter (where ${userId === null ? sql`false` : sql`${promocodeRedemptions.userId} = ${userId}`}))::int`,
    })
    .from(promocodeRedemptions)
    .innerJoin(orders, eq(orders.id, promocodeRedemptions.orderId))
    .where(and(eq(promocodeRedemptions.promocodeId, promocodeId), redeeming()));
  return { total: row?.total ?? 0, byUser: row?.byUser ?? 0 };
}

/**
 * A code by its text with its redemptions, counted as `countRedemptions` counts them (by `userId` too: none
 * for a guest), in one prepared statement: setting a code on a cart reads both (D470). A count the code has
 * no limit for is 0, not counted.
 */
export async function findPromocodeWithUses(
  db: DbOrTx,
  code: string,
  userId: number | null,
): Promise<{ code: PromocodeRow; used: { total: number; byUser: number } } | undefined> {
  const [row] = await prepared<(PromocodeRow & { total: number; byUser: number })[]>(
    db,
    "promocode_with_uses",
    () => {
      const uses = (byUser: boolean) =>
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(promocodeRedemptions)
          .innerJoin(orders, eq(orders.id, promocodeRedemptions.orderId))
          .where(
            and(
              sql`${promocodeRedemptions.promocodeId} = ${promocodes.id}`,
              redeeming(),
              byUser ? sql`${promocodeRedemptions.userId} = ${ph("userId")}::int` : undefined,
            ),
          );
      return db
        .select({
          ...getTableColumns(promocodes),
          // A count only where the code has that limit: the redemptions grow with every order that used it.
          total: sql<number>`case when ${promocodes.maxUses} is null then 0 else (${uses(false)}) end`,
          byUser: sql<number>`case when ${promocodes.maxUsesPerUser} is null then 0 else (${uses(true)}) end`,
        })
        .from(promocodes)
        .where(sql`lower(${promocodes.code}) = lower(${ph("code")})`);
    },
  ).execute({ code, userId });
  if (!row) return undefined;
  const { total, byUser, ...promocode } = row;
  return { code: promocode, used: { total, byUser } };
}

/** Children of the user with a running course subscription (a paid recurring item still active). */
export async function findChildrenWithSubscription(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ visitorId: orderItems.visitorId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, "paid"),
        inArray(orderItems.status, ["active", "frozen"]),
        sql`${orderItems.recurrentPriceCents} > 0`,
      ),
    );
  return rows.flatMap((r) => (r.visitorId === null ? [] : [r.visitorId]));
}

/**
 * Which of these slots and weeks a saved child already holds a seat in through another order (paid, or
 * reserved while the reservation runs): a child is never booked twice into one group or week.
 */
export async function findUnitsHeldByVisitor(
  db: DbOrTx,
  visitorId: number,
  slotIds: number[],
  weekIds: number[],
): Promise<{ slotIds: Set<number>; weekIds: Set<number> }> {
  // Every add of a course or week asks this: prepared, so each connection plans it once.
  const held = async (kind: UnitKind, ids: number[]) => {
    if (ids.length === 0) return new Set<number>();
    const rows = await prepared<{ id: number }[]>(
      db,
      `units_held_by_visitor_${kind === SLOT_UNITS ? "slots" : "weeks"}`,
      () =>
        db
          .select({ id: sql<number>`${kind.unit}` })
          .from(kind.links)
          .innerJoin(orderItems, eq(orderItems.id, kind.item))
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(
            and(
              kind.mayHold,
              holdsSeats,
              sql`${orderItems.visitorId} = ${ph("visitorId")}`,
              sql`${kind.unit} = any(${ph("ids")}::int[])`,
            ),
          ),
    ).execute({ visitorId, ids: pgArray(ids) });
    return new Set(rows.map((row) => row.id));
  };
  const [slots, weeks] = await Promise.all([held(SLOT_UNITS, slotIds), held(WEEK_UNITS, weekIds)]);
  return { slotIds: slots, weekIds: weeks };
}

// ---------- People in the back office (D138, D139) ----------

/** A parent's orders for the back office's person page, newest first (carts left out). */
export function listOrdersOfUserForStaff(db: DbOrTx, userId: number) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      totalCheckoutCents: orders.totalCheckoutCents,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), sql`${orders.status} <> 'cart'`))
    .orderBy(sql`${orders.createdAt} desc`, sql`${orders.id} desc`)
    .limit(200);
}

/** A parent's orders with what was given for them at checkout: billing data and payer (data export, D560). */
export function listOrderBillingOfUser(db: DbOrTx, userId: number) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      billing: orders.billing,
      payerFirstName: orders.payerFirstName,
      payerLastName: orders.payerLastName,
      totalCheckoutCents: orders.totalCheckoutCents,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(sql`${orders.createdAt} desc`, sql`${orders.id} desc`);
}

/** Orders staged for payment and not paid yet: erasure waits until they are settled (D139). */
export async function countUnpaidOrdersOfUser(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "awaiting_payment")));
  return row?.n ?? 0;
}

/**
 * Erasure (D139): the family's orders stay for the books (amounts, dates, gateway ids; their invoices and
 * credit notes are kept as issued), without the billing data, the payer's name, the items' comments, a gift
 * card's recipient and message, and the link to the children. Returns the number of orders kept.
 */
export async function anonymiseOrdersOfUser(
  tx: Tx,
  userId: number,
): Promise<{ kept: number; orderIds: number[]; itemIds: number[] }> {
  const own = sql`(select ${orders.id} from ${orders} where ${orders.userId} = ${userId})`;
  const items = await tx
    .update(orderItems)
    .set({
      visitorId: null,
      guestVisitorRef: null,
      comment: "",
      giftCardDetails: null,
      updatedAt: new Date(),
    })
    .where(
      sql`${orderItems.orderId} in ${own} or ${orderItems.visitorId} in (select ${visitors.id} from ${visitors} where ${visitors.userId} = ${userId})`,
    )
    .returning({ id: orderItems.id });
  const kept = await tx
    .update(orders)
    .set({ billing: null, payerFirstName: "", payerLastName: "", updatedAt: new Date() })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id, status: orders.status });
  return {
    kept: kept.filter((order) => order.status !== "cart").length,
    orderIds: kept.map((order) => order.id),
    itemIds: items.map((item) => item.id),
  };
}
