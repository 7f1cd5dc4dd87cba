import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runStage } from "./lib/stage-run.mjs";

/** A stage's command that counts its runs in a file and fails the first `failing` of them, saying `said`. */
function stage(options) {
  const folder = mkdtempSync(join(tmpdir(), "stage-run-"));
  const runs = join(folder, "runs");
  const script = `
    const fs = require("node:fs");
    const run = (fs.existsSync(${JSON.stringify(runs)}) ? Number(fs.readFileSync(${JSON.stringify(runs)}, "utf8")) : 0) + 1;
    fs.writeFileSync(${JSON.stringify(runs)}, String(run));
    console.log("run " + run);
    if (run <= ${options.failing}) { console.error(${JSON.stringify(options.said)}); process.exit(1); }`;
  writeFileSync(join(folder, "stage.cjs"), script);
  return {
    runs: () => Number(readFileSync(runs, "utf8")),
    stage: {
      name: "pg",
      command: `"${process.execPath}" "${join(folder, "stage.cjs")}"`,
      rerunOnV8Crash: options.rerunOnV8Crash ?? true,
    },
  };
}

function sink() {
  const text = [];
  const write = { write: (chunk) => text.push(String(chunk)) };
  return { out: { stdout: write, stderr: write }, text: () => text.join("") };
}

const V8_ABORT = "# Check failed: jit_page_->allocations_.erase(addr) == 1.";

describe("a stage of npm test meets V8's crash in its JIT page registry (D568)", () => {
  it("runs once more, says so, and passes when the second run passes", async () => {
    const { stage: s, runs } = stage({ failing: 1, said: V8_ABORT });
    const { out, text } = sink();
    const result = await runStage(s, out);
    expect(runs()).toBe(2);
    expect(result).toMatchObject({ code: 0, rerun: true });
    expect(text()).toContain("[pg] run 1\n");
    expect(text()).toContain(`[pg] ${V8_ABORT}\n`);
    expect(text()).toContain("=== pg: a worker died of V8's crash");
    expect(text()).toContain("[pg] run 2\n");
  });

  it("fails when the second run fails too, and runs no third time", async () => {
    const { stage: s, runs } = stage({ failing: 2, said: V8_ABORT });
    const result = await runStage(s, sink().out);
    expect(runs()).toBe(2);
    expect(result).toMatchObject({ code: 1, rerun: true });
  });

  it("never runs again a stage that failed otherwise, or a stage not marked for it", async () => {
    const failed = stage({ failing: 1, said: "AssertionError: expected 2 to be 1" });
    expect(await runStage(failed.stage, sink().out)).toMatchObject({ code: 1 });
    expect(failed.runs()).toBe(1);
    const unmarked = stage({ failing: 1, said: V8_ABORT, rerunOnV8Crash: false });
    expect(await runStage(unmarked.stage, sink().out)).toMatchObject({ code: 1 });
    expect(unmarked.runs()).toBe(1);
  });

  it("runs a passing stage once", async () => {
    const { stage: s, runs } = stage({ failing: 0, said: "" });
    expect(await runStage(s, sink().out)).toMatchObject({ code: 0 });
    expect(runs()).toBe(1);
  });
});
