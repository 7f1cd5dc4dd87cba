import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cruise } from "dependency-cruiser";
import { afterEach, describe, expect, it } from "vitest";

// The rules `npm run lint` checks (.dependency-cruiser.cjs at the repository's root).
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "../..");
const { forbidden } = createRequire(import.meta.url)(join(repoRoot, ".dependency-cruiser.cjs"));

let tree: string | undefined;
afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

/** Lays out a small server tree (path → source) and returns the rules its imports break, as "rule: from → to". */
async function violationsOf(files: Record<string, string>): Promise<string[]> {
  tree = mkdtempSync(join(tmpdir(), "import-rules-"));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), source);
  }
  const result = await cruise(["server/src"], {
    baseDir: tree,
    validate: true,
    ruleSet: { forbidden },
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === "string") throw new Error("unexpected string output");
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

const areas = {
  "server/src/orders/order.repository.ts": "export const findOrder = () => 1;\n",
  "server/src/orders/index.ts": 'export { findOrder } from "./order.repository.ts";\n',
  "server/src/checkout/checkout.service.ts":
    'import { findOrder } from "../orders/index.ts";\nexport const pay = findOrder;\n',
  "server/src/checkout/index.ts": 'export { pay } from "./checkout.service.ts";\n',
  "server/src/catalogue/index.ts": "export const catalogue = 1;\n",
};

describe("import rules (npm run lint)", () => {
  it("pass areas that import lower areas through their entries", async () => {
    expect(await violationsOf(areas)).toEqual([]);
  });

  it("refuse an import of another area's repository", async () => {
    const violations = await violationsOf({
      ...areas,
      "server/src/checkout/planted.ts":
        'import { findOrder } from "../orders/order.repository.ts";\nexport const x = findOrder;\n',
    });
    expect(violations).toEqual([
      "server-entry-only:checkout: server/src/checkout/planted.ts → server/src/orders/order.repository.ts",
    ]);
  });

  it("refuse an import upwards, which would close a cycle between two areas", async () => {
    const violations = await violationsOf({
      ...areas,
      "server/src/orders/planted.ts": 'import { pay } from "../checkout/index.ts";\nexport const x = pay;\n',
    });
    expect(violations).toEqual([
      "server-direction:orders: server/src/orders/planted.ts → server/src/checkout/index.ts",
    ]);
  });

  it("refuse an import between two areas of one tier, even through the entry", async () => {
    const violations = await violationsOf({
      ...areas,
      "server/src/invoices/index.ts": 'import { x } from "../subscriptions/index.ts";\nexport const y = x;\n',
      "server/src/subscriptions/index.ts": "export const x = 1;\n",
    });
    expect(violations).toEqual([
      "server-direction:invoices: server/src/invoices/index.ts → server/src/subscriptions/index.ts",
    ]);
  });

  it("let tests reach into any area", async () => {
    const violations = await violationsOf({
      ...areas,
      "server/src/catalogue/catalogue.test.ts":
        'import { findOrder } from "../orders/order.repository.ts";\nfindOrder();\n',
    });
    expect(violations).toEqual([]);
  });
});
