#!/usr/bin/env node
// The tests need Debian's Chromium for the browser tests (never a downloaded browser) and poppler's pdftotext,
// which reads the text of the invoices the server renders. Installs what is missing. The browser tests drive
// Chromium's headless shell (package chromium-headless-shell); the full browser is for Lighthouse, the
// screenshots and the back office's load bench, and for a person who runs a browser test in a window.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HEADLESS_SHELL = process.env.E2E_CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const onPath = (command) => {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

const missing = [
  ...(existsSync(CHROMIUM) ? [] : ["chromium", "fonts-dejavu-core"]),
  ...(existsSync(HEADLESS_SHELL) ? [] : ["chromium-headless-shell"]),
  ...(onPath("pdftotext") ? [] : ["poppler-utils"]),
];
if (missing.length === 0) process.exit(0);
console.log(`installing Debian's ${missing.join(", ")} with apt-get`);
const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
const run = (args) =>
  execFileSync(asRoot[0] ?? args[0], asRoot.length ? args : args.slice(1), {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
run(["apt-get", "update"]);
run(["apt-get", "install", "-y", "--no-install-recommends", ...missing]);
if (!existsSync(CHROMIUM) || !existsSync(HEADLESS_SHELL) || !onPath("pdftotext")) {
  console.error("Chromium, its headless shell or pdftotext is still missing");
  process.exit(1);
}
