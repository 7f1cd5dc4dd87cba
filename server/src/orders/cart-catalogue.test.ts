import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { productPages } from "../db/schema/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { GIFT_CARD, pageBySlug } from "../test/shop-fixtures.ts";
import { testChangeFeed } from "../test/test-change-feed.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { cachedBookable } from "./cart-catalogue.ts";

let t: Database;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoCatalogue(t.db, { staffEmail: "staff@atelier-test.example" });
}, 60_000);
afterAll(() => t?.close());

describe("the add's page and option, kept until the catalogue changes (D389)", () => {
  it("are read again after a change of the catalogue, not after a seat's (D444)", async () => {
    const gift = await pageBySlug(t.db, GIFT_CARD);
    const option = gift.options[0]?.id ?? 0;
    const changes = testChangeFeed();
    const bookable = cachedBookable(changes);
    expect((await bookable(t.db, gift.page.id, option))?.page.id).toBe(gift.page.id);
    // Taken off the shop; the notice of this test's feed is given by hand below.
    await t.db.update(productPages).set({ isPublished: false }).where(eq(productPages.id, gift.page.id));
    try {
      changes.commit("seats");
      expect((await bookable(t.db, gift.page.id, option))?.page.id).toBe(gift.page.id);
      changes.commit();
      expect(await bookable(t.db, gift.page.id, option)).toBeUndefined();
    } finally {
      await t.db.update(productPages).set({ isPublished: true }).where(eq(productPages.id, gift.page.id));
    }
  });
});
