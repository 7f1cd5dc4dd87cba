import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ERROR_MESSAGES, LOCALES } from "@atelier/contract";
import { describe, expect, it } from "vitest";

const localesDir = join(import.meta.dirname, "..", "locales");

function namespaces(locale: string): string[] {
  return readdirSync(join(localesDir, locale))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.replace(/\.json$/, ""))
    .sort();
}

/** Flattened keys of a nested JSON object: `{a: {b: "x"}}` -> `["a.b"]`. */
function flatKeys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => flatKeys(inner, prefix ? `${prefix}.${key}` : key));
}

function load(locale: string, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(localesDir, locale, `${ns}.json`), "utf8"));
}

// i18next plural suffixes differ by language (ru has _few/_many), so compare keys without them.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: string[]) => [...new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, "")))].sort();

describe("locale files", () => {
  const all = [...new Set(LOCALES.flatMap(namespaces))].sort();

  it("has the same namespace files in every language", () => {
    for (const locale of LOCALES) expect(namespaces(locale), `namespaces of ${locale}`).toEqual(all);
  });

  for (const ns of all) {
    it(`has the same keys in every language: ${ns}`, () => {
      const [first, ...others] = LOCALES;
      const reference = baseKeys(flatKeys(load(first, ns)));
      for (const locale of others) {
        expect(baseKeys(flatKeys(load(locale, ns))), `${locale}/${ns}.json vs ${first}/${ns}.json`).toEqual(
          reference,
        );
      }
    });

    it(`has no empty texts: ${ns}`, () => {
      for (const locale of LOCALES) {
        const data = load(locale, ns);
        for (const key of flatKeys(data)) {
          const text = key
            .split(".")
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], data);
          expect(typeof text === "string" && text.trim().length > 0, `${locale}/${ns}.json: ${key}`).toBe(
            true,
          );
        }
      }
    });
  }
});

/** Every object in a locale file, with its key path. */
function objects(value: unknown, path = ""): [string, Record<string, unknown>][] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  const node = value as Record<string, unknown>;
  return [
    [path, node],
    ...Object.entries(node).flatMap(([key, inner]) => objects(inner, path ? `${path}.${key}` : key)),
  ];
}

describe("texts of error codes", () => {
  // The contract's errors.ts has the one text per code (web/src/lib/error-codes.ts shows it); a namespace
  // that keys texts by error code says the same thing in other words, and the two drift apart.
  for (const locale of LOCALES) {
    it(`are not restated by code in any ${locale} namespace`, () => {
      for (const ns of namespaces(locale)) {
        for (const [path, node] of objects(load(locale, ns))) {
          const codes = baseKeys(Object.keys(node)).filter((key) => Object.hasOwn(ERROR_MESSAGES, key));
          expect(
            codes.length < 2,
            `${locale}/${ns}.json ${path || "(top)"} keys texts by code: ${codes}`,
          ).toBe(true);
        }
      }
    });
  }
});
