// One stage of `npm test` (scripts/test-stages.mjs): its command in a shell, each output line carrying the
// stage's name, and once more when V8 crashed a worker of a stage that may meet that crash (D568).
import { spawn } from "node:child_process";

/**
 * V8's own abort when a process has made and freed many in-memory PGlite databases (their WebAssembly code):
 * `Check failed: jit_page_->allocations_.erase(addr) == 1` or `jit_page.has_value()`, in V8's JIT page
 * registry (nodejs/node#64500, open; electric-sql/pglite#1053). It kills a Vitest worker and with it the
 * files that worker had still to run, whatever the tests. Seen three times in the PostgreSQL stage, each
 * time while a file ran an in-memory PGlite beside PostgreSQL (D478, D568).
 */
const V8_JIT_PAGE_CRASH = /Check failed: jit_page/;

function run(stage, out) {
  return new Promise((resolve) => {
    const started = Date.now();
    let v8Crashed = false;
    const child = spawn(stage.command, { shell: true, stdio: ["ignore", "pipe", "pipe"] });
    for (const [stream, sink] of [
      [child.stdout, out.stdout],
      [child.stderr, out.stderr],
    ]) {
      let rest = "";
      const write = (line) => {
        if (V8_JIT_PAGE_CRASH.test(line)) v8Crashed = true;
        sink.write(`[${stage.name}] ${line}\n`);
      };
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) write(line);
      });
      stream.on("end", () => rest && write(rest));
    }
    child.on("close", (code) => resolve({ ...stage, code: code ?? 1, ms: Date.now() - started, v8Crashed }));
  });
}

/**
 * A stage that may meet V8's crash (the suites that run PGlite) runs once more, whole, when it failed and its
 * output shows that crash: the crash is the runtime's, not a test's, and took tests with it that never ran.
 * Once only, and said in the stage's output and in the table: a stage that fails again fails `npm test`
 * (D568). Any other failure is never run again.
 */
export async function runStage(stage, out = process) {
  const first = await run(stage, out);
  if (first.code === 0 || !stage.rerunOnV8Crash || !first.v8Crashed) return first;
  out.stdout.write(
    `\n=== ${stage.name}: a worker died of V8's crash in its JIT page registry (nodejs/node#64500), not of a test; the stage runs once more ===\n`,
  );
  const second = await run(stage, out);
  return { ...second, ms: first.ms + second.ms, rerun: true };
}
