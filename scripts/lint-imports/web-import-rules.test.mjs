import { describe, expect, it } from "vitest";
import { importViolations } from "./import-violations.mjs";

// A tree shaped like web/src: two features, the shared lib and components, and the composition layer.
const allowed = {
  "web/src/features/cart/cart.ts": 'import { api } from "../../lib/api.ts";\nexport const cart = api;\n',
  "web/src/features/cart/cart-view.tsx": 'import { cart } from "./cart.ts";\nexport const view = cart;\n',
  "web/src/features/checkout/pay.ts":
    'import { Button } from "../../components/ui/button.tsx";\nexport const pay = Button;\n',
  "web/src/lib/api.ts": "export const api = 1;\n",
  "web/src/components/ui/button.tsx": 'import { api } from "../../lib/api.ts";\nexport const Button = api;\n',
  "web/src/app/layout.tsx":
    'import { view } from "../features/cart/cart-view.tsx";\nimport { pay } from "../features/checkout/pay.ts";\nexport const layout = [view, pay];\n',
  "web/src/routes/cart.tsx":
    'import { view } from "../features/cart/cart-view.tsx";\nexport const route = view;\n',
};

describe("web import rules (npm run lint:imports)", () => {
  it("let features use lib and components, and app and routes compose features", async () => {
    expect(await importViolations(allowed)).toEqual([]);
  }, 60_000);

  it("fail a feature reaching into another feature, and lib or components importing a feature or the app", async () => {
    const planted = {
      ...allowed,
      "web/src/features/checkout/pay.ts":
        'import { cart } from "../cart/cart.ts";\nexport const pay = cart;\n',
      "web/src/lib/api.ts": 'import { pay } from "../features/checkout/pay.ts";\nexport const api = pay;\n',
      "web/src/components/ui/button.tsx":
        'import { layout } from "../../app/layout.tsx";\nexport const Button = layout;\n',
    };
    expect(await importViolations(planted)).toEqual([
      // lib → checkout → cart → lib closes a cycle too.
      { rule: "no-cycles", from: "web/src/features/cart/cart.ts", to: "web/src/lib/api.ts" },
      {
        rule: "web-feature-to-feature",
        from: "web/src/features/checkout/pay.ts",
        to: "web/src/features/cart/cart.ts",
      },
      {
        rule: "web-shared-to-feature",
        from: "web/src/components/ui/button.tsx",
        to: "web/src/app/layout.tsx",
      },
      { rule: "web-shared-to-feature", from: "web/src/lib/api.ts", to: "web/src/features/checkout/pay.ts" },
    ]);
  }, 60_000);
  it("fail the back office importing a storefront feature, and the storefront importing the back office", async () => {
    const planted = {
      ...allowed,
      // A resource's folder of the back office (D403): the rule covers every file under web/src/admin/.
      "web/src/admin/orders/order-list.tsx":
        'import { view } from "../../features/cart/cart-view.tsx";\nimport { Button } from "../../components/ui/button.tsx";\nexport const orders = [view, Button];\n',
      "web/src/routes/admin-link.tsx":
        'import { orders } from "../admin/orders/order-list.tsx";\nexport const link = orders;\n',
    };
    expect(await importViolations(planted)).toEqual([
      {
        rule: "web-admin-to-storefront",
        from: "web/src/admin/orders/order-list.tsx",
        to: "web/src/features/cart/cart-view.tsx",
      },
      {
        rule: "web-storefront-to-admin",
        from: "web/src/routes/admin-link.tsx",
        to: "web/src/admin/orders/order-list.tsx",
      },
    ]);
  }, 60_000);

  it("fail a cycle of imports, but not one closed by a chunk loaded on demand or by types only", async () => {
    const planted = {
      ...allowed,
      "web/src/features/cart/cart.ts":
        'import { api } from "../../lib/api.ts";\nimport { view } from "./cart-view.tsx";\nexport const cart = [api, view];\n',
      "web/src/features/checkout/pay.ts":
        'import type { Later } from "./later.ts";\nexport const pay = async () => (await import("./later.ts")).later;\nexport type Pay = Later;\n',
      "web/src/features/checkout/later.ts":
        'import { pay } from "./pay.ts";\nexport const later = pay;\nexport type Later = number;\n',
    };
    const violations = await importViolations(planted);
    // A cycle is named once, at one of its files; the on-demand and type-only one is not named.
    expect(violations.map(({ rule, from }) => ({ rule, from }))).toEqual([
      { rule: "no-cycles", from: "web/src/features/cart/cart-view.tsx" },
    ]);
  }, 60_000);
});
