#!/usr/bin/env node
// `npm run lint:tables`: each table belongs to one area (docs/architecture.md, "Tables"). Its Drizzle
// definition lives in server/src/db/schema/<file>.ts and is reached through the db entry, but only the owning
// area's own files may import it; another area reads or writes it through the owner's entry functions
// (issue 33). Tests and test support may reach any table: they set up data and check what users see.
//
// The violations that were there when the rule came are listed in scripts/table-imports-baseline.json; that
// list may only shrink: a new import of another area's table fails, and so does an entry of the list that is
// no longer needed (remove it).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The owning area of each schema file's tables (a file of server/src/db/schema/ by its name). */
export const TABLE_OWNERS = {
  "admin.ts": "admin",
  "attendance.ts": "checkin",
  "catalogue.ts": "catalogue",
  "checkin.ts": "checkin",
  "contact.ts": "contact",
  "gift-cards.ts": "gift-cards",
  "installation.ts": "checkout",
  "invoices.ts": "invoices",
  "lessons.ts": "lessons",
  "mail.ts": "mail",
  "media.ts": "media",
  "orders.ts": "orders",
  "payment-issues.ts": "checkout",
  "payment-links.ts": "checkout",
  "payments.ts": "checkout",
  "settings.ts": "settings",
  "staff-refunds.ts": "withdrawals",
  "subscriptions.ts": "subscriptions",
  "users.ts": "accounts",
  "visit-requests.ts": "visit-requests",
  "visitors.ts": "visitors",
  "waiting-list.ts": "waiting-list",
  "withdrawals.ts": "withdrawals",
};

/** Tables of a shared schema file owned by another area than the file's (by the table's name). */
export const TABLE_OWNER_EXCEPTIONS = {
  contentPages: "content",
  redirects: "content",
  partyRequests: "visit-requests",
  demoPayments: "payments",
};

const SCHEMA_DIR = "server/src/db/schema/";
/** The modules a table is imported from: the db entry and the schema files. */
const TABLE_MODULE = /^server\/src\/db\/(index\.ts|schema\/[^/]+\.ts)$/;
/** Tests and test support may reach any table. */
const EXEMPT = /(\.test\.ts$|test-support\.ts$|^server\/src\/test\/)/;

/** The area a server file belongs to: its folder of server/src (the wiring for server/src/*.ts). */
export function areaOf(path) {
  const rest = path.slice("server/src/".length);
  return rest.includes("/") ? rest.split("/")[0] : "(wiring)";
}

/** Resolves a relative import of `from` to a repository path ("" when it is a package). */
function resolve(from, specifier) {
  if (!specifier.startsWith(".")) return "";
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  const path = parts.join("/");
  return path.endsWith(".ts") ? path : `${path}.ts`;
}

/** The tables (pgTable, pgEnum) each schema file exports, by name: `{ name: owner }`. */
export function tableOwners(files) {
  const owners = {};
  for (const [path, text] of Object.entries(files)) {
    if (!path.startsWith(SCHEMA_DIR)) continue;
    const file = path.slice(SCHEMA_DIR.length);
    const owner = TABLE_OWNERS[file];
    for (const match of text.matchAll(/^export const (\w+)\s*=\s*pg(Table|Enum)\b/gm)) {
      const name = match[1];
      owners[name] = TABLE_OWNER_EXCEPTIONS[name] ?? owner ?? `(no owner: add ${file} to TABLE_OWNERS)`;
    }
  }
  return owners;
}

/**
 * Every import of another area's table by a server file that is no test.
 * @param {Record<string, string>} files file text by repository path
 * @returns {{ path: string; table: string; owner: string }[]} sorted by file and table
 */
export function tableViolations(files) {
  const owners = tableOwners(files);
  const found = [];
  for (const [path, text] of Object.entries(files)) {
    if (!path.startsWith("server/src/") || !path.endsWith(".ts") || EXEMPT.test(path)) continue;
    if (path.startsWith("server/src/db/")) continue;
    const area = areaOf(path);
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      if (!TABLE_MODULE.test(resolve(path, specifier.text))) continue;
      const names = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings
        : statement.exportClause;
      if (!names || !(ts.isNamedImports(names) || ts.isNamedExports(names))) continue;
      for (const element of names.elements) {
        const table = (element.propertyName ?? element.name).text;
        const owner = owners[table];
        if (owner && owner !== area) found.push({ path, table, owner });
      }
    }
  }
  return found.sort((a, b) => a.path.localeCompare(b.path) || a.table.localeCompare(b.table));
}

/** A violation as the baseline lists it. */
export const baselineKey = ({ path, table }) => `${path} ${table}`;

/**
 * The violations not in the baseline (new ones) and the baseline's entries no longer violated (stale ones).
 * @param {{ path: string; table: string; owner: string }[]} violations
 * @param {string[]} baseline
 */
export function compareWithBaseline(violations, baseline) {
  const allowed = new Set(baseline);
  const current = new Set(violations.map(baselineKey));
  return {
    added: violations.filter((v) => !allowed.has(baselineKey(v))),
    stale: baseline.filter((key) => !current.has(key)),
  };
}

const BASELINE = "scripts/table-imports-baseline.json";

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const paths = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "server/src"],
    {
      encoding: "utf8",
    },
  )
    .split("\n")
    .filter((path) => path.endsWith(".ts"));
  const files = Object.fromEntries(paths.map((path) => [path, readFileSync(path, "utf8")]));
  const violations = tableViolations(files);
  if (process.argv.includes("--write-baseline")) {
    writeFileSync(BASELINE, `${JSON.stringify({ allowed: violations.map(baselineKey) }, null, 2)}\n`);
    console.log(`wrote ${violations.length} entries to ${BASELINE}`);
    process.exit(0);
  }
  const baseline = JSON.parse(readFileSync(BASELINE, "utf8")).allowed;
  const { added, stale } = compareWithBaseline(violations, baseline);
  for (const v of added) {
    console.error(
      `${v.path}: imports ${v.table}, a table of ${v.owner}: read or write it through a function of ${v.owner}'s entry (server/src/${v.owner}/index.ts)`,
    );
  }
  for (const key of stale) {
    console.error(
      `${BASELINE}: "${key}" is no longer imported: remove it from the list (it may only shrink)`,
    );
  }
  if (added.length || stale.length) process.exit(1);
  console.log(
    `✔ tables are imported by their own areas only (${baseline.length} older imports listed in ${BASELINE})`,
  );
}
