#!/usr/bin/env node
// Browser tests drive Debian's Chromium (never a downloaded browser): install it when it is missing.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (existsSync(CHROMIUM)) {
  process.exit(0);
}
console.log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get`);
const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
const run = (args) =>
  execFileSync(asRoot[0] ?? args[0], asRoot.length ? args : args.slice(1), {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
run(["apt-get", "update"]);
run(["apt-get", "install", "-y", "--no-install-recommends", "chromium", "fonts-dejavu-core"]);
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is still missing at ${CHROMIUM}`);
  process.exit(1);
}
