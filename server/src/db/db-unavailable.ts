/**
 * Database failures that say nothing about the request, only that the database cannot serve it now
 * (D89): a connection the server ended (pg_terminate_backend, a restart), a connection that could not
 * be made or taken from the pool in time, a statement or lock wait past its timeout. The request answers
 * 503 with Retry-After; the pool replaces lost connections on its own.
 */

/**
 * SQLSTATEs: the connection classes 08 and 57P0x, query_canceled (statement_timeout), lock_not_available
 * (lock_timeout), too_many_connections, and a transaction PostgreSQL rolled back so that another could go
 * on: deadlock_detected and serialization_failure (D510; two writers taking the same rows in another order,
 * e.g. staff offering a seat while the waiting list's round offers it). Each is "try again", never the
 * request's fault, and nothing of it was written.
 */
const UNAVAILABLE_STATE = /^(08...|57P0[1-4]|57014|55P03|53300|40P01|40001)$/;

/** node-postgres and pg-pool report a lost or refused connection with these texts and no SQLSTATE. */
const UNAVAILABLE_TEXT = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
  "Client was closed and is not queryable",
];

const UNAVAILABLE_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** True when the error (or one it wraps, such as Drizzle's DrizzleQueryError) is such a failure. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_STATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
      return true;
    if (UNAVAILABLE_TEXT.some((text) => current instanceof Error && current.message.startsWith(text)))
      return true;
    current = current.cause;
  }
  return false;
}

/** Seconds a client should wait before retrying such a request. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
