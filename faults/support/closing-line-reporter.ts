import type { Reporter, TestModule } from "vitest/node";

/** Closes the run with one plain line of counts ("faults: 9 passed, 0 failed"), for CI logs and people. */
export class ClosingLineReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of modules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed") failedHere += 1;
        else skipped += 1;
      }
      // A file that failed outside its tests (an import, a hook) counts as one failure.
      failed += module.state() === "failed" && failedHere === 0 ? 1 : failedHere;
    }
    console.log(`\nfaults: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  }
}
