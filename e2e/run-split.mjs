// Runs the browser tests as several Playwright processes at once (E2E_SHARDS, default 2), each with its own
// shops, databases and stand-ins (ports apart by PORT_STEP), so tests never share a shop with a concurrent
// test (D87). The test files are dealt out by their measured time (test-durations.json, longest first to
// the process with the least time so far), so the processes end at about the same time on the 2-core CI
// machine instead of one doing almost everything (D335). The page-overlay checks of accessibility.spec.ts
// are two parts (tags @pages-a, @pages-b) that may go to different processes.
//
//   node run-split.mjs                 the whole suite, split
//   node run-split.mjs --record        the same, then writes each file's measured seconds to test-durations.json
//   node run-split.mjs -- <args>       one process with Playwright's own filters (a file, `--grep`, ...)
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const DURATIONS_FILE = join(here, "test-durations.json");
const PORT_STEP = 20;
const SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
/** The file whose overlay checks are two parts, and the tags that name them (accessibility.spec.ts). */
const SPLIT_FILE = "accessibility.spec.ts";
const PARTS = ["@pages-a", "@pages-b"];

const base = {
  E2E_PORT: Number(process.env.E2E_PORT ?? 3100),
  E2E_OAUTH_PORT: Number(process.env.E2E_OAUTH_PORT ?? 3199),
  E2E_PAYPAL_PORT: Number(process.env.E2E_PAYPAL_PORT ?? 3198),
  E2E_STRIPE_PORT: Number(process.env.E2E_STRIPE_PORT ?? 3197),
};
base.E2E_DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? base.E2E_PORT + 1);
const portsOf = (index) =>
  Object.fromEntries(Object.entries(base).map(([key, port]) => [key, String(port + index * PORT_STEP)]));

const argv = process.argv.slice(2);
const record = argv.includes("--record");
const dashes = argv.indexOf("--");
const extra = dashes === -1 ? argv.filter((arg) => arg !== "--record") : argv.slice(dashes + 1);

/** Seconds per unit (a file, or `accessibility.spec.ts @pages-b`) from the last recorded run. */
function loadDurations() {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, "utf8"));
  } catch {
    return {};
  }
}

/** The units to deal out: every spec file, the split file as its two parts. */
function units() {
  const files = readdirSync(join(here, "tests"))
    .filter((name) => name.endsWith(".spec.ts"))
    .sort();
  return files.flatMap((file) => (file === SPLIT_FILE ? PARTS.map((tag) => `${file} ${tag}`) : [file]));
}

/** Longest first, each to the process with the least seconds so far; a new file counts as an average one. */
function deal(names, durations, count) {
  const known = names.map((name) => durations[name]).filter((seconds) => typeof seconds === "number");
  const fallback = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const weighted = names
    .map((name) => ({ name, seconds: durations[name] ?? fallback }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const shards = Array.from({ length: count }, () => ({ units: [], seconds: 0 }));
  for (const unit of weighted) {
    const lightest = shards.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
    lightest.units.push(unit.name);
    lightest.seconds += unit.seconds;
  }
  return shards;
}

/** Playwright's arguments for one process: its files, and leaving out the other processes' part. */
function argsFor(shardUnits) {
  const files = new Set(shardUnits.map((unit) => unit.split(" ")[0]));
  const args = [...files].sort().map((file) => `tests/${file}$`);
  const parts = shardUnits
    .filter((unit) => unit.startsWith(`${SPLIT_FILE} `))
    .map((unit) => unit.split(" ")[1]);
  const missing = parts.length ? PARTS.filter((tag) => !parts.includes(tag)) : [];
  if (missing.length) args.push("--grep-invert", missing.join("|"));
  return args;
}

const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

function runProcess({ name, env, args, report }) {
  return new Promise((resolve) => {
    const started = Date.now();
    // Each process makes its own data folders (playwright.config.ts) unless told otherwise.
    const { E2E_DATA_DIR: _data, E2E_DEMO_DATA_DIR: _demo, ...inherited } = process.env;
    const reporterEnv = report
      ? { PLAYWRIGHT_JSON_OUTPUT_FILE: report, PLAYWRIGHT_JSON_OUTPUT_NAME: report }
      : {};
    const reporterArgs = report ? ["--reporter=list,json"] : [];
    // A filter that leaves one process nothing to run (e.g. one file) is not a failure.
    const child = spawn("npx", ["playwright", "test", "--pass-with-no-tests", ...reporterArgs, ...args], {
      cwd: here,
      env: { ...inherited, ...env, ...reporterEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const prefix = (stream, out) => {
      let rest = "";
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on("end", () => rest && out.write(`[${name}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on("close", (code) => resolve({ name, code: code ?? 1, ms: Date.now() - started }));
  });
}

/** Seconds per unit from Playwright's JSON reports (each test's duration, summed per file or part). */
function measured(reports) {
  const seconds = {};
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        const name = file.replace(/^.*\//, "");
        const tags = spec.tags ?? [];
        const part =
          name === SPLIT_FILE && PARTS.find((tag) => tags.includes(tag) || tags.includes(tag.slice(1)));
        // A test of the file in neither part would count to part a (every test has one: accessibility.spec.ts).
        const unit = name === SPLIT_FILE ? `${name} ${part || PARTS[0]}` : name;
        seconds[unit] = (seconds[unit] ?? 0) + ms / 1000;
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const report of reports) {
    for (const suite of report.suites ?? []) walk(suite, suite.file ?? suite.title);
  }
  return Object.fromEntries(
    Object.entries(seconds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([unit, total]) => [unit, Math.round(total * 10) / 10]),
  );
}

if (extra.length) {
  const result = await runProcess({ name: "a", env: portsOf(0), args: extra });
  process.exit(result.code);
}

const shards = deal(units(), loadDurations(), SHARDS);
const reportDir = mkdtempSync(join(tmpdir(), "atelier-e2e-report-"));
const runs = shards.map((shard, index) => {
  const name = String.fromCharCode(97 + index);
  console.log(
    `[${name}] ${shard.units.length} files or parts, about ${clock(shard.seconds * 1000)} of tests`,
  );
  return { name, env: portsOf(index), args: argsFor(shard.units), report: join(reportDir, `${name}.json`) };
});
const results = await Promise.all(runs.map(runProcess));
for (const result of results) {
  console.log(
    `[${result.name}] ${clock(result.ms)} ${result.code === 0 ? "passed" : `FAILED (exit ${result.code})`}`,
  );
}
if (record) {
  const reports = runs.flatMap((run) => {
    try {
      return [JSON.parse(readFileSync(run.report, "utf8"))];
    } catch {
      return [];
    }
  });
  writeFileSync(DURATIONS_FILE, `${JSON.stringify({ ...loadDurations(), ...measured(reports) }, null, 2)}\n`);
  console.log(`recorded the files' times in ${DURATIONS_FILE}`);
}
rmSync(reportDir, { recursive: true, force: true });
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
