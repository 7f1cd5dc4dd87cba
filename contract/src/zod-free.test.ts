import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The home page's first load takes these modules of the contract; a zod import in any of them puts the
 * schema library (about 23 KB gzipped) into every first visit and breaks the JavaScript budget (D23).
 */
const FIRST_LOAD_MODULES = [
  "rules/locales.ts",
  "rules/dates.ts",
  "rules/constants.ts",
  "rules/vat.ts",
  "errors.ts",
];

describe("contract modules of the first load", () => {
  it.each(FIRST_LOAD_MODULES)("%s imports no zod, directly or through a schema module", (file) => {
    const source = readFileSync(new URL(file, import.meta.url), "utf8");
    expect(source).not.toMatch(/from "zod"/);
    // Type-only imports vanish from the bundle; a value import must stay among these modules.
    const imports = [...source.matchAll(/^import (?!type )[^;]*from "(\.[^"]+)"/gm)].map((m) => m[1]);
    for (const path of imports)
      expect(FIRST_LOAD_MODULES.some((ok) => path?.endsWith(ok.split("/").pop() ?? ""))).toBe(true);
  });
});
