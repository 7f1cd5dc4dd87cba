import type pg from "pg";

/**
 * `begin` sent with the transaction's first statement, in one round trip instead of two (D409).
 *
 * Drizzle opens a transaction with `begin` on its own and waits for the answer before the callback's first
 * statement. A checked-out connection of the main pool keeps that `begin` back instead and answers it at
 * once (nothing of it reaches the server yet); the next statement goes out right behind it, both written
 * before either answer is read (node-postgres's pipeline mode, switched on for these two only). The server
 * runs them one after the other as before, so the first statement runs inside the transaction exactly as
 * it did; only the wait in between is gone. When that statement is `commit` or `rollback` nothing was
 * sent, so neither is. If `begin` failed, its error is the statement's, so the transaction's callback
 * ends there and Drizzle rolls back.
 */
const BEGIN = /^\s*begin(\s+[a-z ,]+)?\s*$/i;
const END = /^\s*(commit|rollback)\s*$/i;

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;
/** node-postgres's client state that decides whether a query may be written now. */
type ClientState = {
  pipeline: boolean;
  readyForQuery: boolean;
  _queryable?: boolean;
  _queryQueue?: unknown[];
  _sentQueryQueue?: unknown[];
  _activeQuery?: unknown;
  connection?: { stream?: { cork?: () => void; uncork?: () => void } };
};

/** Per client: the `begin` kept back, and the pair of `begin` and first statement while it is in flight. */
const held = new WeakMap<object, string>();
const inFlight = new WeakMap<object, Promise<unknown>>();

/** A statement's text when it is one sent without values and without a callback, else undefined. */
function plainText(config: unknown, values: unknown, callback: unknown): string | undefined {
  if (callback !== undefined) return undefined;
  if (values !== undefined && !(Array.isArray(values) && values.length === 0)) return undefined;
  if (typeof config === "string") return config;
  if (typeof config !== "object" || config === null) return undefined;
  const { text, name, submit } = config as { text?: unknown; name?: unknown; submit?: unknown };
  if (typeof submit === "function" || name) return undefined;
  return typeof text === "string" ? text : undefined;
}

function answered(command: string): pg.QueryResult {
  return { command, rowCount: null, oid: 0, rows: [], fields: [] } as unknown as pg.QueryResult;
}

/** Whether the client is idle: nothing queued, nothing sent and unanswered. */
function idle(state: ClientState): boolean {
  return (
    state.readyForQuery === true &&
    state._queryable !== false &&
    !state._activeQuery &&
    (state._queryQueue?.length ?? 0) === 0 &&
    (state._sentQueryQueue?.length ?? 0) === 0
  );
}

/** Makes `client` keep a transaction's `begin` for its first statement (for the life of the client). */
export function pipelineBegin(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as Query;
  const state = client as unknown as ClientState;
  const send: Query = (config, values, callback) => {
    // A statement asked for while the pair is in flight goes after it, one at a time, as without the pair.
    const pair = inFlight.get(client);
    if (pair) return pair.then(() => send(config, values, callback));
    const text = plainText(config, values, callback);
    const begin = held.get(client);
    if (begin === undefined) {
      if (text !== undefined && BEGIN.test(text)) {
        held.set(client, text);
        return Promise.resolve(answered("BEGIN"));
      }
      return query(config, values, callback);
    }
    held.delete(client);
    if (text !== undefined && END.test(text)) return Promise.resolve(answered(text.trim().toUpperCase()));
    if (callback !== undefined || typeof values === "function" || !idle(state)) {
      // Not the drizzle path (a callback, or the client busy): the two in turn, as before.
      const done =
        typeof callback === "function" ? callback : typeof values === "function" ? values : undefined;
      return (query(begin) as Promise<unknown>).then(
        () => query(config, values, callback),
        (error: unknown) => {
          if (!done) throw error;
          done(error);
        },
      );
    }
    state.pipeline = true;
    // Both in one write to the socket (each query corks its own messages; corks nest).
    const stream = state.connection?.stream;
    stream?.cork?.();
    let began: Promise<unknown>;
    let ran: Promise<unknown>;
    try {
      began = query(begin) as Promise<unknown>;
      ran = query(config, values) as Promise<unknown>;
    } catch (error) {
      state.pipeline = false;
      throw error;
    } finally {
      stream?.uncork?.();
    }
    const settled = Promise.allSettled([began, ran]).then((results) => {
      // Both are answered: the client is idle again, and sends one statement at a time from here on.
      state.pipeline = false;
      inFlight.delete(client);
      return results;
    });
    inFlight.set(client, settled);
    return settled.then(([b, r]) => {
      if (b.status === "rejected") throw b.reason;
      if (r.status === "rejected") throw r.reason;
      return r.value;
    });
  };
  (client as unknown as { query: Query }).query = send;
}

/** Forgets a `begin` kept for a statement that never came (the client goes back to the pool). */
export function forgetBegin(client: object): void {
  held.delete(client);
}
