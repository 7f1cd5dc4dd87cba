#!/usr/bin/env node
// The production-topology fault tests (issue 34) put Debian's Caddy in front of the shop, as the school's
// server does (deploy/Caddyfile). Installs Debian's package when `caddy` is missing, as ensure-chromium.mjs
// installs Chromium; never a downloaded binary.
import { execFileSync } from "node:child_process";

const onPath = (command) => {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

if (onPath("caddy")) process.exit(0);
console.log("installing Debian's caddy with apt-get");
const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
const run = (args) =>
  execFileSync(asRoot[0] ?? args[0], asRoot.length ? args : args.slice(1), {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
run(["apt-get", "update"]);
run(["apt-get", "install", "-y", "--no-install-recommends", "caddy"]);
if (!onPath("caddy")) {
  console.error("caddy is still missing");
  process.exit(1);
}
