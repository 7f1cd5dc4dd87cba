import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { RenderBackend, RenderTask } from "./render-tasks.ts";

type Pending = { resolve(bytes: Uint8Array): void; reject(error: Error): void; timer: NodeJS.Timeout };
type Reply = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string };

const TASK_TIMEOUT_MS = 60_000;

/**
 * Where the worker's code is: beside the bundle in dist/ (`render-worker.js`, an entry of build.mjs), or
 * the TypeScript source under tsx and Vitest, loaded through tsx's hooks registered inside the thread.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL("./render-worker.js", here));
  const source = new URL("./render-worker.ts", here).href;
  // tsx's ES module API (its CommonJS twin cannot register hooks for `import`).
  const tsxRoot = dirname(createRequire(here).resolve("tsx/package.json"));
  const tsx = pathToFileURL(join(tsxRoot, "dist/esm/api/index.mjs")).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { eval: true });
}

/**
 * Renders attachments in one worker thread, so a PDF (about 50–150 ms of CPU, mostly parsing the font)
 * never holds up the requests on the event loop. Started on first use and again after a crash; a task
 * that takes longer than a minute fails (the mail's attempt is retried) and the thread is replaced.
 */
export function createRenderThread(): RenderBackend {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function failAll(error: Error) {
    for (const job of pending.values()) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    pending.clear();
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    const started = startWorker();
    started.unref();
    started.on("message", (reply: Reply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      clearTimeout(job.timer);
      if (reply.ok) job.resolve(reply.bytes);
      else job.reject(new Error(reply.message));
    });
    const lost = (error: Error) => {
      if (worker === started) worker = undefined;
      failAll(error);
    };
    started.on("error", lost);
    started.on("exit", (code) => lost(new Error(`render thread exited (${code})`)));
    worker = started;
    return started;
  }

  return {
    run(task: RenderTask) {
      const thread = ensureWorker();
      const id = nextId++;
      return new Promise<Uint8Array>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error("rendering timed out"));
          void thread.terminate();
        }, TASK_TIMEOUT_MS);
        pending.set(id, { resolve, reject, timer });
        thread.postMessage({ id, task });
      });
    },
    async close() {
      const thread = worker;
      worker = undefined;
      failAll(new Error("render thread closed"));
      await thread?.terminate();
    },
  };
}
