#!/usr/bin/env node
// Runs stages of `npm test` with the clock set to another day, so a test that only passes on some weekdays
// is found on any day (issue 33, D338): Debian's libfaketime makes every process of the run (Node.js and the
// PGlite inside it) start at that day's 10:00 UTC (11:00 in Berlin) and the clock runs on
// from there; timers and timeouts keep the real monotonic clock.
//   node scripts/on-day.mjs saturday unit        the coming Saturday
//   node scripts/on-day.mjs 2026-11-29 unit      a given day
// PostgreSQL's server is not under the fake clock (its now() stays today), so the stages on it (pg, faults)
// would mix two days; Chromium does not run under libfaketime (its pages time out while being set up), so
// the browser stage cannot either: run `unit`.
import { spawnSync } from "node:child_process";
import { ensureDebian } from "./lib/ensure-debian.mjs";

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const [day, ...stages] = process.argv.slice(2);
if (stages.length === 0 || stages.some((stage) => ["e2e", "pg", "faults"].includes(stage))) {
  console.warn(
    "on-day: only the unit stage runs right on a faked clock (pg, faults: PostgreSQL's clock; e2e: Chromium)",
  );
}

function dateOf(name) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(name ?? "")) return name;
  const weekday = DAYS.indexOf((name ?? "").toLowerCase());
  if (weekday === -1) return undefined;
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + ((weekday - date.getUTCDay() + 7) % 7 || 7));
  return date.toISOString().slice(0, 10);
}

const date = dateOf(day);
if (!date) {
  console.error(`usage: node scripts/on-day.mjs <${DAYS.join("|")}|YYYY-MM-DD> [stage ...]`);
  process.exit(2);
}

ensureDebian("faketime");

const start = `${date} 10:00:00`;
console.log(
  `stages ${stages.join(" ") || "(all)"} with the clock at ${start} UTC (${DAYS[new Date(`${date}T10:00:00Z`).getUTCDay()]})`,
);
const result = spawnSync("faketime", ["-f", `@${start}`, "node", "scripts/test-stages.mjs", ...stages], {
  stdio: "inherit",
  env: {
    ...process.env,
    TZ: "UTC",
    // Timers, timeouts and Playwright's waits run on the real monotonic clock; file times stay real, so
    // build tools' caches are not confused.
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
    NO_FAKE_STAT: "1",
  },
});
process.exit(result.status ?? 1);
