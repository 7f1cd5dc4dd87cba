#!/usr/bin/env node
// `npm run lint:literals`: the school's time zone, the Intl locales and the currency are written once, in
// contract/src/rules (issue 33). A quoted "Europe/Berlin", "de-DE", "ru-RU" or "EUR" anywhere else in the
// shop's code is refused: the code imports SCHOOL_TIME_ZONE, INTL_LOCALES or CURRENCY instead. Tests, test
// stand-ins and the browser and fault suites may write the values they assert or that a provider sends.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Each literal, the one module that defines it, and the name to import instead. */
export const LITERAL_HOMES = [
  { literal: "Europe/Berlin", home: "contract/src/rules/dates.ts", use: "SCHOOL_TIME_ZONE" },
  { literal: "de-DE", home: "contract/src/rules/locales.ts", use: "INTL_LOCALES.de" },
  { literal: "ru-RU", home: "contract/src/rules/locales.ts", use: "INTL_LOCALES.ru" },
  { literal: "EUR", home: "contract/src/rules/constants.ts", use: "CURRENCY" },
];

/** The shop's code: what runs in the server, the web and the contract. */
const CHECKED = /^(contract|server|web)\/src\/.+\.(ts|tsx|mts|mjs|js)$/;
/** Tests and test support may write the values they assert, or that a stand-in of a provider sends. */
const EXEMPT =
  /(\.test\.tsx?$|\.property\.test\.ts$|^server\/src\/test\/|test-support\.ts$|test-fixtures\.ts$)/;

/**
 * The places where a file of `files` writes one of the literals outside its home module.
 * @param {Record<string, string>} files file text by repository path
 * @returns {{ path: string; line: number; literal: string; use: string; home: string }[]}
 */
export function literalViolations(files) {
  const found = [];
  for (const [path, text] of Object.entries(files)) {
    if (!CHECKED.test(path) || EXEMPT.test(path)) continue;
    const lines = text.split("\n");
    lines.forEach((line, index) => {
      const code = line.trimStart();
      // Comments may name the values they explain.
      if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) return;
      for (const { literal, home, use } of LITERAL_HOMES) {
        if (path === home) continue;
        const quoted = new RegExp(`["'\`]${literal.replace("/", "\\/")}["'\`]`);
        if (quoted.test(line)) found.push({ path, line: index + 1, literal, use, home });
      }
    });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const paths = execFileSync("git", ["ls-files", "contract/src", "server/src", "web/src"], {
    encoding: "utf8",
  })
    .split("\n")
    .filter((path) => CHECKED.test(path));
  const files = Object.fromEntries(paths.map((path) => [path, readFileSync(path, "utf8")]));
  const violations = literalViolations(files);
  for (const v of violations) {
    console.error(
      `${v.path}:${v.line}: "${v.literal}" is written once, in ${v.home}: import ${v.use} instead`,
    );
  }
  if (violations.length) process.exit(1);
  console.log(`✔ the time zone, Intl locales and currency come from contract/ (${paths.length} files)`);
}
