// Installs one of Debian's packages when its command is missing (Caddy for the fault suite, faketime for the
// browser test on a fixed clock), as ensure-chromium.mjs installs Chromium; never a downloaded binary.
import { execFileSync } from "node:child_process";

export const onPath = (command) => {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

/** Exits the process with 1 when the package could not be installed. */
export function ensureDebian(command, pkg = command) {
  if (onPath(command)) return;
  console.log(`installing Debian's ${pkg} with apt-get`);
  const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args) =>
    execFileSync(asRoot[0] ?? args[0], asRoot.length ? args : args.slice(1), {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  run(["apt-get", "update"]);
  run(["apt-get", "install", "-y", "--no-install-recommends", pkg]);
  if (!onPath(command)) {
    console.error(`${command} is still missing`);
    process.exit(1);
  }
}
