#!/usr/bin/env node
// `npm run lint:functions`: no function of the shop's code is longer than MAX_LINES (issue 33). It prints
// the ten longest. Functions that were longer when the rule came are listed in
// function-lengths-baseline.json with their length then: they may shrink, never grow, and a new function
// over the limit fails. Cut one below the limit and its line leaves the baseline (`--update` rewrites it).
// Generated code and seed data do not count.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const MAX_LINES = 120;
const BASELINE = fileURLToPath(new URL("function-lengths-baseline.json", import.meta.url));
const CHECKED = /^(contract|server|web)\/src\/.+\.(ts|tsx)$/;
// A test file's describe block groups cases; it is no function a reader follows step by step.
const SKIPPED = /(\.gen\.ts$|\.test\.tsx?$|^server\/src\/db\/migrations\/|^server\/src\/db\/seed\/)/;

/** The name a reader finds a function by: its own, its variable's, its property's, or its method's. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    return `(callback of ${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee})`;
  }
  return "(anonymous)";
}

/**
 * Every function of a file with its length in lines.
 * @param {string} path
 * @param {string} text
 * @returns {{ path: string; name: string; line: number; lines: number }[]}
 */
export function functionLengths(path, text) {
  const source = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = [];
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ path, name: nameOf(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The functions over the limit that the baseline does not allow (new, or longer than they were).
 * @param {{ path: string; name: string; lines: number }[]} functions
 * @param {Record<string, number>} baseline allowed length by `path#name`
 */
export function overLimit(functions, baseline) {
  return functions.filter((f) => f.lines > MAX_LINES && f.lines > (baseline[`${f.path}#${f.name}`] ?? 0));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const paths = execFileSync("git", ["ls-files", "contract/src", "server/src", "web/src"], {
    encoding: "utf8",
  })
    .split("\n")
    .filter((path) => CHECKED.test(path) && !SKIPPED.test(path));
  const functions = paths.flatMap((path) => functionLengths(path, readFileSync(path, "utf8")));
  const longest = [...functions].sort((a, b) => b.lines - a.lines);
  if (process.argv.includes("--update")) {
    const kept = {};
    for (const f of longest.filter((f) => f.lines > MAX_LINES)) {
      const key = `${f.path}#${f.name}`;
      kept[key] = Math.max(kept[key] ?? 0, f.lines);
    }
    writeFileSync(BASELINE, `${JSON.stringify(kept, null, 2)}\n`);
  }
  const baseline = JSON.parse(readFileSync(BASELINE, "utf8"));
  console.log(
    `The ten longest functions (limit ${MAX_LINES} lines; ${Object.keys(baseline).length} older ones may shrink, never grow):`,
  );
  for (const f of longest.slice(0, 10))
    console.log(`  ${String(f.lines).padStart(4)}  ${f.path}:${f.line} ${f.name}`);
  const failed = overLimit(functions, baseline);
  for (const f of failed) {
    const allowed = baseline[`${f.path}#${f.name}`];
    console.error(
      `${f.path}:${f.line}: ${f.name} has ${f.lines} lines; ${allowed ? `it had ${allowed} when the limit came and may only shrink` : `the limit is ${MAX_LINES}`}: cut it into functions of one step each`,
    );
  }
  if (failed.length) process.exit(1);
}
