import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A query on the root database handle while a transaction callback of the same database runs (D89).
 * On PGlite, with its one connection, such a query waits for the transaction, which waits for the query:
 * the whole shop freezes (issue 19, item 9). On PostgreSQL it takes a second connection and misses the
 * transaction's own writes. Either way it is a bug, so it fails at once where tests and developers see it.
 */
export class RootQueryInTransactionError extends Error {
  constructor(what: string) {
    super(
      `${what} on the root database handle inside a transaction of the same database: ` +
        "use the transaction's handle (tx), or run it after the transaction",
    );
    this.name = "RootQueryInTransactionError";
  }
}

export type TransactionGuard = {
  /** Runs a transaction's callback marked as inside a transaction of this database. */
  inside<T>(work: () => Promise<T>): Promise<T>;
  /** Throws RootQueryInTransactionError when called from inside such a callback while it runs. */
  check(what: string): void;
};

/**
 * One guard per database. The mark lives in the callback's async context, so it follows every await of
 * the callback; it is switched off when the transaction ends, so work the callback started without
 * waiting for it (a deferred mail, a timer) may use the root handle afterwards.
 */
export function createTransactionGuard(): TransactionGuard {
  const context = new AsyncLocalStorage<{ running: boolean }>();
  return {
    async inside(work) {
      const mark = { running: true };
      try {
        return await context.run(mark, work);
      } finally {
        mark.running = false;
      }
    },
    check(what) {
      if (context.getStore()?.running) throw new RootQueryInTransactionError(what);
    },
  };
}

/** Replaces the named methods of `target` by ones that check the guard first (the root handle's query path). */
export function guardMethods<T extends object>(
  target: T,
  names: readonly (keyof T & string)[],
  guard: TransactionGuard,
) {
  for (const name of names) {
    const original = target[name];
    if (typeof original !== "function") throw new Error(`${name} is not a method`);
    const method = original.bind(target) as (...args: unknown[]) => unknown;
    Object.defineProperty(target, name, {
      configurable: true,
      writable: true,
      // Every guarded method returns a promise: the refusal is one too, like any failed query.
      value: (...args: unknown[]) => {
        try {
          guard.check(name);
        } catch (error) {
          return Promise.reject(error);
        }
        return method(...args);
      },
    });
  }
}
