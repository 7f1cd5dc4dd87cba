import type { FastifyBaseLogger } from "fastify";

/**
 * Work a request starts but does not wait for, so that its reply takes the same time whatever the work
 * finds (password reset and resend must not reveal whether an address is registered). Failures are
 * logged; `idle()` waits for what is running (shutdown, tests).
 */
export type DeferredWork = {
  run(name: string, task: () => Promise<unknown>): void;
  idle(): Promise<void>;
};

export function createDeferredWork(log: Pick<FastifyBaseLogger, "error">): DeferredWork {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      // Started on the next turn, never inside the caller's own work.
      const promise = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err, task: name }, "deferred work failed"))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
