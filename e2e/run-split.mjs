// Runs the browser tests as two Playwright processes at once, each with its own shops, databases and
// stand-ins (ports apart by PORT_STEP): the checks of every page with its overlays (about two thirds
// of the time of the suite, read-only) are split between them, so the 2-core CI machine works on both
// while one waits on the browser or the network. Tests never share a shop with a concurrent test (D87).
// Arguments after `--` go to both processes (e.g. a file or `--grep`).
import { spawn } from "node:child_process";

const PORT_STEP = 20;
const base = {
  E2E_PORT: Number(process.env.E2E_PORT ?? 3100),
  E2E_OAUTH_PORT: Number(process.env.E2E_OAUTH_PORT ?? 3199),
  E2E_PAYPAL_PORT: Number(process.env.E2E_PAYPAL_PORT ?? 3198),
  E2E_STRIPE_PORT: Number(process.env.E2E_STRIPE_PORT ?? 3197),
};
base.E2E_DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? base.E2E_PORT + 1);
const shifted = Object.fromEntries(
  Object.entries(base).map(([key, port]) => [key, String(port + PORT_STEP)]),
);
const asStrings = Object.fromEntries(Object.entries(base).map(([key, port]) => [key, String(port)]));
const extra = process.argv.slice(2);

// The overlay checks are tagged @pages-a (a quarter) and @pages-b (three quarters) in accessibility.spec.ts.
const runs = [
  { name: "a", env: asStrings, args: ["--grep-invert", "@pages-b"] },
  { name: "b", env: shifted, args: ["--grep", "@pages-b"] },
];

const exits = await Promise.all(
  runs.map(
    ({ name, env, args }) =>
      new Promise((resolve) => {
        // Each process makes its own data folders (playwright.config.ts) unless told otherwise.
        const { E2E_DATA_DIR: _data, E2E_DEMO_DATA_DIR: _demo, ...inherited } = process.env;
        // A filter that leaves one process nothing to run (e.g. one file) is not a failure.
        const child = spawn("npx", ["playwright", "test", "--pass-with-no-tests", ...args, ...extra], {
          env: { ...inherited, ...env },
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
        child.on("close", (code) => resolve(code ?? 1));
      }),
  ),
);
process.exit(exits.some((code) => code !== 0) ? 1 : 0);
