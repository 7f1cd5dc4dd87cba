#!/usr/bin/env node
// `npm run lint:migrations`: migrations expand, then contract (D306). During a rolling restart the new
// version migrates the database while the old one still serves, so a migration must not break the old
// code: no table or column dropped or renamed, no column changed to another type, no NOT NULL put on a
// column or a new column without a default. Such a step belongs to a later release than the one that stops
// using what it removes, and is listed in scripts/migration-contractions.json with the decision that
// justifies it. Every other contracting statement is refused here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const MIGRATIONS = "server/src/db/migrations";
const ALLOWED = "scripts/migration-contractions.json";

const ident = String.raw`(?:"[^"]+"|[\w]+)`;
const qualified = String.raw`(?:${ident}\.)?${ident}`;
const bare = (name) => name.replace(/"/g, "").replace(/^public\./, "");

/** Each contracting statement: what the old version relies on that it takes away. */
const RULES = [
  {
    kind: "DROP TABLE",
    pattern: new RegExp(String.raw`\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${qualified})`, "i"),
    object: (m) => bare(m[1]),
  },
  {
    kind: "RENAME TABLE",
    pattern: new RegExp(
      String.raw`\bALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${qualified})\s+RENAME\s+TO\s+(${ident})`,
      "i",
    ),
    object: (m) => bare(m[1]),
  },
  {
    kind: "DROP COLUMN",
    pattern: new RegExp(
      String.raw`\bALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${qualified})\s+DROP\s+COLUMN\s+(?:IF\s+EXISTS\s+)?(${ident})`,
      "i",
    ),
    object: (m) => `${bare(m[1])}.${bare(m[2])}`,
  },
  {
    kind: "RENAME COLUMN",
    pattern: new RegExp(
      String.raw`\bALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${qualified})\s+RENAME\s+(?:COLUMN\s+)?(${ident})\s+TO\b`,
      "i",
    ),
    object: (m) => `${bare(m[1])}.${bare(m[2])}`,
  },
  {
    kind: "ALTER COLUMN TYPE",
    pattern: new RegExp(
      String.raw`\bALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${qualified})\s+ALTER\s+COLUMN\s+(${ident})\s+(?:SET\s+DATA\s+)?TYPE\b`,
      "i",
    ),
    object: (m) => `${bare(m[1])}.${bare(m[2])}`,
  },
  {
    kind: "SET NOT NULL",
    pattern: new RegExp(
      String.raw`\bALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${qualified})\s+ALTER\s+COLUMN\s+(${ident})\s+SET\s+NOT\s+NULL`,
      "i",
    ),
    object: (m) => `${bare(m[1])}.${bare(m[2])}`,
  },
  {
    // The old version inserts rows without the new column: NOT NULL needs a default (or a generated value).
    kind: "ADD COLUMN NOT NULL WITHOUT DEFAULT",
    pattern: new RegExp(
      String.raw`\bALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${qualified})\s+ADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?(${ident})(?![^;]*\b(?:DEFAULT|GENERATED)\b)[^;]*\bNOT\s+NULL`,
      "i",
    ),
    object: (m) => `${bare(m[1])}.${bare(m[2])}`,
  },
  {
    kind: "DROP TYPE",
    pattern: new RegExp(String.raw`\bDROP\s+TYPE\s+(?:IF\s+EXISTS\s+)?(${qualified})`, "i"),
    object: (m) => bare(m[1]),
  },
  {
    kind: "RENAME VALUE",
    pattern: new RegExp(String.raw`\bALTER\s+TYPE\s+(${qualified})\s+RENAME\s+VALUE\s+'([^']+)'`, "i"),
    object: (m) => `${bare(m[1])}.${m[2]}`,
  },
];

/** Drops SQL comments, then splits into statements (drizzle's breakpoints and semicolons). */
function statements(sql) {
  return sql
    .replace(/--[^\n]*/g, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split(";")
    .map((text) => text.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/**
 * The contracting statements of one migration's SQL.
 * @param {string} sql
 * @returns {{ kind: string; object: string; statement: string }[]}
 */
export function contractions(sql) {
  const found = [];
  for (const statement of statements(sql))
    for (const rule of RULES) {
      const match = rule.pattern.exec(statement);
      if (match) found.push({ kind: rule.kind, object: rule.object(match), statement });
    }
  return found;
}

/**
 * The contracting statements of `migrations` (SQL by file name) that `allowed` does not list.
 * @param {Record<string, string>} migrations
 * @param {{ migration: string; kind: string; object: string; decision: string }[]} allowed
 */
export function refusedContractions(migrations, allowed) {
  const listed = new Set(allowed.map((entry) => `${entry.migration}|${entry.kind}|${entry.object}`));
  const refused = [];
  for (const [migration, sql] of Object.entries(migrations))
    for (const found of contractions(sql))
      if (!listed.has(`${migration}|${found.kind}|${found.object}`)) refused.push({ migration, ...found });
  return refused;
}

/** Entries of the allow-list that name no decision, or a statement no migration has any more. */
export function staleAllowances(migrations, allowed) {
  const present = new Set(
    Object.entries(migrations).flatMap(([migration, sql]) =>
      contractions(sql).map((found) => `${migration}|${found.kind}|${found.object}`),
    ),
  );
  return allowed.filter(
    (entry) =>
      !/^D\d+$/.test(entry.decision ?? "") ||
      !present.has(`${entry.migration}|${entry.kind}|${entry.object}`),
  );
}

export function readMigrations(root) {
  const dir = join(root, MIGRATIONS);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith(".sql"))
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), "utf8")]),
  );
}

export function readAllowed(root) {
  return JSON.parse(readFileSync(join(root, ALLOWED), "utf8")).allowed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const migrations = readMigrations(root);
  const allowed = readAllowed(root);
  const refused = refusedContractions(migrations, allowed);
  const stale = staleAllowances(migrations, allowed);
  for (const found of refused)
    console.error(
      `${MIGRATIONS}/${found.migration}: ${found.kind} ${found.object} breaks the version still serving during a rolling restart.\n` +
        "  Expand, then contract (D306): stop using it in one release, remove it in a later one, and list that\n" +
        `  migration in ${ALLOWED} with the decision that justifies it.\n    ${found.statement}`,
    );
  for (const entry of stale)
    console.error(
      `${ALLOWED}: ${JSON.stringify(entry)} names no decision (Dnnn) or no statement of that migration`,
    );
  if (refused.length || stale.length) process.exit(1);
  console.log(`migrations: ${Object.keys(migrations).length} checked, expand-then-contract holds (D306)`);
}
