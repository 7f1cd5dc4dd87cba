import { defineConfig } from "vitest/config";
import { ClosingLineReporter } from "./support/closing-line-reporter.ts";
import { assertBuilt } from "./support/shop.ts";

// Before anything runs: without `npm run build` there is no shop to test, and the message says so.
assertBuilt();

// The fault suite (`npm run test:faults`): each test file starts the built shop as real processes on fresh
// PostgreSQL databases, with local stand-ins for PayPal, SMTP and a proxy. Two files run at once: most of
// their time is waiting for timers (reservations, retries, a held lock), not CPU. The production-topology
// file runs alone afterwards (faults/package.json): its two instances, Caddy and steady load starved the
// file beside it on the shared 2-core machine (503s in kill-during-checkout, D308).
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    reporters: ["default", new ClosingLineReporter()],
  },
});
