// The thread that renders attachments (render-thread.ts starts it): one task at a time, in order.
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { type RenderTask, runRenderTask } from "./render-tasks.ts";

type Job = { id: number; task: RenderTask };

const port = parentPort;
if (!port) throw new Error("render-worker runs as a worker thread");
lowerPriority();
port.on("message", async ({ id, task }: Job) => {
  try {
    // A copy of its own to hand over: a Buffer from Node's shared pool cannot be transferred (Node.js 22
    // and later refuse it), and a view would hand over the whole pool.
    const bytes = new Uint8Array(await runRenderTask(task));
    port.postMessage({ id, ok: true, bytes }, [bytes.buffer]);
  } catch (error) {
    port.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

/**
 * A mail's attachments are not waited for by anyone: on a busy machine this thread takes the cores only
 * when requests and PostgreSQL leave them idle (nice 19). On Linux the nice value is per thread, and
 * `setPriority` without a process id names the calling thread, so the shop's event loop keeps its own.
 * Where the system refuses, the thread renders at the process's priority, as before.
 */
function lowerPriority() {
  try {
    setPriority(19);
  } catch {
    // Not allowed here (another system): rendering works the same, only without yielding.
  }
}
