import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Server test files that open an in-memory PGlite of their own whatever the database (the demo seed's): they
 * run in the PGlite project only. On the PostgreSQL project they repeated the same run, and twice a worker of
 * that stage died there inside V8 (`jit_page_->allocations_.erase(addr) == 1`) while running one (D478).
 */
const PGLITE_ONLY = ["src/seed/seed.test.ts", "src/seed/holidays.test.ts"];

/** Server test files that also run on PGlite in `npm test` (the rest run on PostgreSQL only there). */
const PGLITE_FILES = [
  "src/server.test.ts",
  "src/app.test.ts",
  "src/db/**/*.test.ts",
  // The demo seed of `npm start`; the decade generator (src/seed/years) writes with PostgreSQL's unnest.
  "src/seed/*.test.ts",
  "src/checkout/checkout.routes.test.ts",
  "src/checkout/checkout-concurrency.test.ts",
  "src/orders/cart-concurrency.test.ts",
  "src/invoices/issue-invoice.test.ts",
  "src/mail/mail-worker.test.ts",
];

export default defineConfig({
  test: {
    // Vitest's default (one worker less than the cores) is a single worker on the 2-core CI machine,
    // while most server test files wait on PGlite, PostgreSQL, argon2 or timers: two at once cut the
    // server suites by about a third to two fifths there (D87).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: "contract", root: "contract", include: ["src/**/*.test.ts"] } },
      // The repository's own tooling: the import rules of `npm run lint:imports` on planted fixture trees.
      { test: { name: "scripts", root: "scripts", include: ["**/*.test.mjs"], testTimeout: 60_000 } },
      {
        test: {
          name: "server",
          root: "server",
          include: ["src/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...PGLITE_ONLY],
          // One module graph per worker, not per file (issue 33): each file builds its own app and database
          // from factories, so nothing a file needs lives in a module's state, and loading the server's
          // modules once per worker instead of once per file took the PostgreSQL stage from about 370 s of
          // CPU to 130 s. The component tests (web) stay isolated: their DOM and mocks are per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // `npm test` runs the server suite once, on PostgreSQL (the production path, `npm run test:pg`); these
      // files run on the embedded PGlite too, because they prove what is PGlite's own: the process on its
      // data folder, the seed and migrations of `npm start`, the transaction guard, and the rules that hold
      // under PGlite's single connection (seats, invoice numbers, the cart under parallel adds, issue 33).
      {
        test: {
          name: "server-pglite",
          root: "server",
          include: PGLITE_FILES,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "web",
          root: "web",
          include: ["src/**/*.test.{ts,tsx}"],
          // Component tests (*.test.tsx) opt into jsdom with `// @vitest-environment jsdom`.
          environment: "node",
          // Worker threads, not child processes: each file is isolated (its own DOM and mocks) either way, and
          // a thread starts with less work than a process; 83 files took 46–48 s and 87–90 s of CPU instead
          // of 70 s and 135 s (D466). The server projects stay on processes: they load their modules once per
          // worker, so a thread saved nothing on PostgreSQL.
          pool: "threads",
          // The timed rules run on fake timers, so this only guards a hung test. 5 s (Vitest's default) ended
          // eight component tests while `npm test` ran the browser tests beside them on the 2-core machine.
          testTimeout: 30_000,
          setupFiles: ["src/test/setup.ts"],
        },
      },
    ],
  },
});
