import { describe, expect, it } from "vitest";
import { importViolations } from "./import-violations.mjs";

// A tree shaped like server/src: checkout above orders, each with its entry (docs/architecture.md).
const areas = {
  "server/src/orders/order.repository.ts": "export const findOrder = () => 1;\n",
  "server/src/orders/index.ts": 'export { findOrder } from "./order.repository.ts";\n',
  "server/src/checkout/checkout.service.ts":
    'import { findOrder } from "../orders/index.ts";\nexport const pay = findOrder;\n',
  "server/src/checkout/index.ts": 'export { pay } from "./checkout.service.ts";\n',
  "server/src/app.ts": 'import { pay } from "./checkout/index.ts";\nexport const app = pay;\n',
};

describe("server import rules (npm run lint:imports)", () => {
  it("pass areas that import lower areas through their entries", async () => {
    expect(await importViolations(areas)).toEqual([]);
  });

  it("fail an import of another area's repository", async () => {
    const planted = {
      ...areas,
      "server/src/checkout/planted.ts":
        'import { findOrder } from "../orders/order.repository.ts";\nexport const x = findOrder;\n',
    };
    expect(await importViolations(planted)).toEqual([
      {
        rule: "server-entry-only:checkout",
        from: "server/src/checkout/planted.ts",
        to: "server/src/orders/order.repository.ts",
      },
    ]);
  });

  it("fail an import upwards, which would close a cycle between two areas", async () => {
    const planted = {
      ...areas,
      "server/src/orders/planted.ts": 'import { pay } from "../checkout/index.ts";\nexport const x = pay;\n',
    };
    expect(await importViolations(planted)).toEqual([
      {
        rule: "server-direction:orders",
        from: "server/src/orders/planted.ts",
        to: "server/src/checkout/index.ts",
      },
    ]);
  });

  it("fail an import between two areas of one tier, even through the entry", async () => {
    const planted = {
      ...areas,
      "server/src/invoices/index.ts": 'import { x } from "../subscriptions/index.ts";\nexport const y = x;\n',
      "server/src/subscriptions/index.ts": "export const x = 1;\n",
    };
    expect(await importViolations(planted)).toEqual([
      {
        rule: "server-direction:invoices",
        from: "server/src/invoices/index.ts",
        to: "server/src/subscriptions/index.ts",
      },
    ]);
  });

  it("let tests reach into any area", async () => {
    const planted = {
      ...areas,
      "server/src/checkout/checkout.test.ts":
        'import { findOrder } from "../orders/order.repository.ts";\nfindOrder();\n',
    };
    expect(await importViolations(planted)).toEqual([]);
  });
  it("fail a folder of server/src that the tiers do not list, and an import of it", async () => {
    const planted = {
      ...areas,
      "server/src/reports/report.service.ts":
        'import { findOrder } from "../orders/index.ts";\nexport const report = findOrder;\n',
      "server/src/checkout/planted.ts":
        'import { report } from "../reports/report.service.ts";\nexport const x = report;\n',
    };
    expect(await importViolations(planted)).toEqual([
      {
        rule: "server-unlisted-folder",
        from: "server/src/checkout/planted.ts",
        to: "server/src/reports/report.service.ts",
      },
      {
        rule: "server-unlisted-folder",
        from: "server/src/reports/report.service.ts",
        to: "server/src/orders/index.ts",
      },
    ]);
  });

  it("fail a cycle between two files of one area", async () => {
    const planted = {
      ...areas,
      "server/src/orders/order.repository.ts":
        'import { price } from "./pricing.ts";\nexport const findOrder = () => price;\n',
      "server/src/orders/pricing.ts":
        'import { findOrder } from "./order.repository.ts";\nexport const price = findOrder;\n',
    };
    expect((await importViolations(planted)).map(({ rule, from }) => ({ rule, from }))).toEqual([
      // A cycle is named once, at one of its files.
      { rule: "no-cycles", from: "server/src/orders/order.repository.ts" },
    ]);
  });
});
