// The thread that renders attachments (render-thread.ts starts it): one task at a time, in order.
import { parentPort } from "node:worker_threads";
import { type RenderTask, runRenderTask } from "./render-tasks.ts";

type Job = { id: number; task: RenderTask };

const port = parentPort;
if (!port) throw new Error("render-worker runs as a worker thread");
port.on("message", async ({ id, task }: Job) => {
  try {
    const bytes = await runRenderTask(task);
    port.postMessage({ id, ok: true, bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
