import { describe, expect, it } from "vitest";
import { compareWithBaseline, tableViolations } from "./lint-tables.mjs";

// A tree shaped like server/src: the orders area owns its tables, checkout sits above it.
const tree = {
  "server/src/db/schema/orders.ts": 'export const orders = pgTable("orders", {});\n',
  "server/src/db/schema/catalogue.ts":
    'export const productPages = pgTable("product_pages", {});\nexport const contentPages = pgTable("content_pages", {});\n',
  "server/src/db/index.ts": 'export * from "./schema/index.ts";\n',
  "server/src/orders/order.repository.ts":
    'import { type Db, orders } from "../db/index.ts";\nexport const findOrder = (db: Db) => db.select().from(orders);\n',
  "server/src/orders/index.ts": 'export { findOrder } from "./order.repository.ts";\n',
  "server/src/checkout/checkout.repository.ts":
    'import { findOrder } from "../orders/index.ts";\nimport type { Db } from "../db/index.ts";\nexport const pay = (db: Db) => findOrder(db);\n',
  "server/src/content/content.repository.ts":
    'import { contentPages } from "../db/index.ts";\nexport const pages = contentPages;\n',
};

describe("table ownership (npm run lint:tables)", () => {
  it("passes areas that import only their own tables and reach others through the owner's entry", () => {
    expect(tableViolations(tree)).toEqual([]);
  });

  it("fails an import of another area's table, through the db entry or the schema file", () => {
    const planted = {
      ...tree,
      "server/src/checkout/planted.ts":
        'import { orders as o } from "../db/index.ts";\nimport { productPages } from "../db/schema/catalogue.ts";\nexport const x = [o, productPages];\n',
    };
    expect(tableViolations(planted)).toEqual([
      { path: "server/src/checkout/planted.ts", table: "orders", owner: "orders" },
      { path: "server/src/checkout/planted.ts", table: "productPages", owner: "catalogue" },
    ]);
  });

  it("lets tests and test support reach any table", () => {
    const planted = {
      ...tree,
      "server/src/checkout/checkout.test.ts": 'import { orders } from "../db/index.ts";\norders;\n',
      "server/src/test/factories.ts": 'import { orders } from "../db/index.ts";\norders;\n',
    };
    expect(tableViolations(planted)).toEqual([]);
  });

  it("fails a new violation beside the listed ones, and a listed one that is gone (the list only shrinks)", () => {
    const violations = [
      { path: "server/src/checkout/checkout.repository.ts", table: "orders", owner: "orders" },
      { path: "server/src/checkout/planted.ts", table: "orders", owner: "orders" },
    ];
    const baseline = [
      "server/src/checkout/checkout.repository.ts orders",
      "server/src/history/history.repository.ts orders",
    ];
    expect(compareWithBaseline(violations, baseline)).toEqual({
      added: [violations[1]],
      stale: ["server/src/history/history.repository.ts orders"],
    });
  });
});
