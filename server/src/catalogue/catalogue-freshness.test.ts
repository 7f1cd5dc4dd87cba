import { ProductDetailSchema, ProductListSchema } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, productPages, purchaseOptions, scheduleSlots } from "../db/schema/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { holdSeat } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { createCatalogueService } from "./catalogue.service.ts";

// Replies with seats left are cached within a catalogue epoch, which every notified commit ends (D85):
// no test here clears a cache.
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const SLUG = "kleine-maler-5-7";
const LIST = "/api/v2/products/?locale=de&product_type=Course&page_size=100";
const PAGE = `/api/v2/products/${SLUG}/?locale=de`;

async function seen(slotId: number, optionId: number) {
  const listRes = await ctx.app.inject({ method: "GET", url: LIST });
  const pageRes = await ctx.app.inject({ method: "GET", url: PAGE });
  const card = ProductListSchema.parse(listRes.json()).results.find((p) => p.slug === SLUG);
  const page = ProductDetailSchema.parse(pageRes.json());
  return {
    listSpace: card?.schedule_slots.find((s) => s.id === slotId)?.space,
    pageSpace: page.schedule_slots.find((s) => s.id === slotId)?.space,
    listPrice: card?.purchase_options.find((o) => o.id === optionId)?.base_price_cents,
    pagePrice: page.purchase_options.find((o) => o.id === optionId)?.base_price_cents,
    etags: [String(listRes.headers.etag), String(pageRes.headers.etag)],
  };
}

describe("list results from the epoch's pages and cards (D85)", () => {
  it("equal the results read in full, for every filter, before and after a seat is taken", async () => {
    const catalogue = createCatalogueService(ctx.database.db, (src) => `http://shop.test${src}`);
    const filters = [
      {},
      { productTypes: ["Course" as const] },
      { age: 8 },
      { language: "ru" as const },
      { weekday: 2 },
      { q: "mal" },
      { category: "malerei" },
      { productTypes: ["Academy" as const, "Workshop" as const], page: 1, pageSize: 3 },
    ];
    // Each epoch is read from the database once; asked again, the page comes from what the epoch kept.
    const compare = async (epoch: number) => {
      for (const f of filters) {
        for (const locale of ["de", "ru"] as const) {
          const query = { page: 1, pageSize: 20, ...f };
          const full = await catalogue.listProducts(query, locale);
          for (const _ of [1, 2]) {
            const rendered = await catalogue.listProductsJson(query, locale, epoch);
            expect(rendered.results.bytes.toString()).toBe(JSON.stringify(full.results));
            expect(rendered.count).toBe(full.count);
            expect(rendered.hasNext).toBe(full.hasNext);
          }
        }
      }
    };
    await compare(1);
    const db = ctx.database.db;
    const [slot] = await db.select().from(scheduleSlots).limit(1);
    if (!slot) throw new Error("seed data missing");
    await holdSeat(db, { pageId: slot.productPageId, slotId: slot.id });
    await compare(2);
  });
});

describe("seats left and prices in cached catalogue replies", () => {
  it("shows a seat taken, a reservation running out and a new price on the very next request", async () => {
    const db = ctx.database.db;
    const [page] = await db.select().from(productPages).where(eq(productPages.slug, SLUG));
    const [slot] = await db
      .select()
      .from(scheduleSlots)
      .where(eq(scheduleSlots.productPageId, page?.id ?? 0));
    const [option] = await db
      .select()
      .from(purchaseOptions)
      .where(eq(purchaseOptions.productPageId, page?.id ?? 0));
    if (!page || !slot || !option) throw new Error("seed data missing");

    const book = (order: Partial<typeof orders.$inferInsert>) =>
      holdSeat(db, { pageId: page.id, slotId: slot.id, order });

    const before = await seen(slot.id, option.id);
    // Seats left before this test's bookings (an earlier test may have taken one).
    const base = before.pageSpace ?? Number.NaN;
    expect(before.listSpace).toBe(base);
    // Nothing changed: the same replies (served from the cache after the check).
    expect((await seen(slot.id, option.id)).etags).toEqual(before.etags);

    await book({ status: "paid" });
    expect(await seen(slot.id, option.id)).toMatchObject({
      listSpace: base - 1,
      pageSpace: base - 1,
    });

    const reserved = await book({
      status: "awaiting_payment",
      reservedUntil: new Date(Date.now() + 15 * 60_000),
    });
    expect(await seen(slot.id, option.id)).toMatchObject({
      listSpace: base - 2,
      pageSpace: base - 2,
    });

    // A reservation that runs out frees its seat without any write to the catalogue.
    await db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, reserved));
    expect(await seen(slot.id, option.id)).toMatchObject({
      listSpace: base - 1,
      pageSpace: base - 1,
    });

    // A price changed by any writer (here plain SQL, as a back office or console would).
    await db
      .update(purchaseOptions)
      .set({ basePriceCents: option.basePriceCents + 500 })
      .where(eq(purchaseOptions.id, option.id));
    expect(await seen(slot.id, option.id)).toMatchObject({
      listPrice: option.basePriceCents + 500,
      pagePrice: option.basePriceCents + 500,
    });
  });

  it("answers If-None-Match with 304 while nothing changed, and 200 once a seat is taken", async () => {
    const first = await ctx.app.inject({ method: "GET", url: PAGE });
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    const etag = String(first.headers.etag);
    const again = await ctx.app.inject({ method: "GET", url: PAGE, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    const page = ProductDetailSchema.parse(first.json());
    const slot = page.schedule_slots[0];
    if (!slot) throw new Error("seed data missing");
    await holdSeat(ctx.database.db, { pageId: page.id, slotId: slot.id });
    const after = await ctx.app.inject({ method: "GET", url: PAGE, headers: { "if-none-match": etag } });
    expect(after.statusCode).toBe(200);
    expect(ProductDetailSchema.parse(after.json()).schedule_slots[0]?.space).toBe(slot.space - 1);
  });
});
