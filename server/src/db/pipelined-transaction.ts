import type pg from "pg";
import type { DbOrTx } from "./client.ts";
import { connectionOf } from "./prepared.ts";

/**
 * Fewer round trips in the main pool's transactions (node-postgres's pipeline mode). Each round trip is a
 * wait, for PostgreSQL to be woken and, in a rush, for the shop's busy event loop to take the answer, and the
 * transaction may hold a lock all the while (issue 36, D455, D456). So statements that may go together go
 * in one write.
 *
 * - `begin` goes out with the transaction's first statement (D409). Drizzle opens a transaction with
 *   `begin` on its own and waits for the answer; the connection keeps it back, answers it at once (nothing
 *   of it reaches the server yet) and writes it right before the next statement. When that statement is
 *   `commit` or `rollback` nothing was sent, so neither is. If `begin` failed, its error is the statement's,
 *   so the transaction's callback ends there and Drizzle rolls back.
 * - Other statements asked while that write is unanswered go after it, one at a time, as without it.
 * - `askTogether(tx, ask)` writes the statements `ask` asks for at once in one write, at a transaction's start
 *   (with `begin`) or in its middle (D455, D456): a lock and the read or check that needs it, so that no turn
 *   of the shop's event loop falls between them while the lock is held. The server runs them one after the
 *   other, each with its own snapshot, exactly as if each had waited for the one before; only the waits are
 *   gone. If one fails, the ones behind it fail too (the transaction is aborted): `allInOrder` awaits them
 *   and fails with the first.
 * - `commitWith(tx, statement)` writes `commit` right behind the transaction's last statement (D455). The
 *   statement answers only once the commit is answered, and fails when it failed or the commit did. Drizzle's
 *   own `commit` (or `rollback`, after a failure) is then answered without the server: the transaction is
 *   over. A statement asked for after it is refused: it would run outside the transaction.
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

/** Per connection: what is kept back or asked for at the transaction's edges, and what is in flight. */
type Edges = {
  /** The `begin` kept for the next statement. */
  begin: string | undefined;
  /** `commitWith` is asking: the next statement goes with `commit`. */
  commitNext: boolean;
  /** The commit went with the last statement: the transaction is over. */
  ended: boolean;
  /** Pipelined queries not answered yet; the pipeline is switched off when none is left. */
  inFlight: number;
  /** The socket is corked until the end of this turn, so that the turn's statements share one write. */
  corked: boolean;
  /** `askTogether` is asking: the statements asked now go in one write. */
  together: boolean;
  /** Settles when no pipelined query is in flight any more; a statement not asked together waits for it. */
  drained: Promise<void>;
  drain: () => void;
};
const edgesOf = new WeakMap<object, Edges>();

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

/** The answer of a statement sent with `commit`: its own, once the commit is known to have committed. */
async function committedAnswer(ran: Promise<unknown>, commit: Promise<unknown>): Promise<unknown> {
  const [statement, ended] = await Promise.allSettled([ran, commit]);
  if (statement.status === "rejected") throw statement.reason;
  if (ended.status === "rejected") throw ended.reason;
  if ((ended.value as pg.QueryResult).command !== "COMMIT") {
    throw new Error("the transaction was rolled back at its commit");
  }
  return statement.value;
}

/** Makes `client` pipeline its transactions' edges (for the life of the client). */
export function pipelineTransactions(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as Query;
  const state = client as unknown as ClientState;
  const edges: Edges = {
    begin: undefined,
    commitNext: false,
    ended: false,
    inFlight: 0,
    corked: false,
    together: false,
    drained: Promise.resolve(),
    drain: () => undefined,
  };
  edgesOf.set(client, edges);

  /** Counts a pipelined query until it is answered; the last one answered ends pipeline mode. */
  const track = (sent: Promise<unknown>) => {
    if (edges.inFlight === 0) {
      edges.drained = new Promise((resolve) => {
        edges.drain = resolve;
      });
    }
    edges.inFlight++;
    const done = () => {
      edges.inFlight--;
      if (edges.inFlight > 0) return;
      state.pipeline = false;
      edges.drain();
    };
    sent.then(done, done);
    return sent;
  };

  /** Writes `begin` (if kept), the statement and `commit` (if asked) behind whatever is in flight. */
  const pipelined = (config: unknown, values: unknown) => {
    state.pipeline = true;
    if (!edges.corked) {
      // The queries asked in this turn are written together; node-postgres corks each one's messages too,
      // and corks nest.
      const stream = state.connection?.stream;
      stream?.cork?.();
      edges.corked = true;
      queueMicrotask(() => {
        edges.corked = false;
        stream?.uncork?.();
      });
    }
    const begin = edges.begin;
    const commit = edges.commitNext;
    edges.begin = undefined;
    edges.commitNext = false;
    const began = begin === undefined ? undefined : track(query(begin) as Promise<unknown>);
    const ran = track(query(config, values) as Promise<unknown>);
    const first = began ? Promise.all([began, ran]).then(([, answer]) => answer) : ran;
    if (!commit) return first;
    edges.ended = true;
    return committedAnswer(first, track(query("commit") as Promise<unknown>));
  };

  const send: Query = (config, values, callback) => {
    const text = plainText(config, values, callback);
    if (edges.ended) {
      if (text !== undefined && END.test(text)) {
        edges.ended = false;
        return Promise.resolve(answered(text.trim().toUpperCase()));
      }
      const error = new Error("a statement after the transaction's last one (commitWith)");
      if (typeof callback === "function") return void callback(error);
      return Promise.reject(error);
    }
    if (edges.inFlight > 0 && !edges.together && !edges.commitNext) {
      // Asked while a pipelined write is unanswered, but not together with it: after it, one at a time, as
      // without pipelining (D409). Statements are written together only where asked (D456).
      return edges.drained.then(() => send(config, values, callback));
    }
    const busy = edges.begin !== undefined || edges.commitNext || edges.together || edges.inFlight > 0;
    if (!busy) {
      if (text !== undefined && BEGIN.test(text)) {
        edges.begin = text;
        return Promise.resolve(answered("BEGIN"));
      }
      return query(config, values, callback);
    }
    if (edges.begin !== undefined && text !== undefined && END.test(text)) {
      // A transaction without statements: nothing was sent, so nothing is ended.
      edges.begin = undefined;
      edges.commitNext = false;
      return Promise.resolve(answered(text.trim().toUpperCase()));
    }
    if (callback !== undefined || typeof values === "function") {
      // Not the drizzle path: answered through the callback, the query going as a promise's would.
      const done = (typeof callback === "function" ? callback : values) as (e?: unknown, r?: unknown) => void;
      (send(config, typeof values === "function" ? undefined : values) as Promise<unknown>).then(
        (result) => done(undefined, result),
        (error: unknown) => done(error),
      );
      return undefined;
    }
    if (edges.inFlight > 0 || idle(state)) return pipelined(config, values);
    // The client busy with queries sent without pipelining: one at a time behind them, as without it.
    const begin = edges.begin;
    const commit = edges.commitNext;
    edges.begin = undefined;
    edges.commitNext = false;
    if (commit) edges.ended = true;
    const one = (q: unknown, v?: unknown) => query(q, v) as Promise<unknown>;
    return (async () => {
      if (begin !== undefined) await one(begin);
      const answer = await one(config, values);
      if (commit && (((await one("commit")) as pg.QueryResult).command ?? "") !== "COMMIT") {
        throw new Error("the transaction was rolled back at its commit");
      }
      return answer;
    })();
  };
  (client as unknown as { query: Query }).query = send;
}

/** Forgets what was kept for a transaction that ended without it (the client goes back to the pool). */
export function forgetEdges(client: object): void {
  const edges = edgesOf.get(client);
  if (!edges) return;
  edges.begin = undefined;
  edges.commitNext = false;
  edges.ended = false;
}

/**
 * Runs the transaction's last statement with its `commit` in the same write (D455): `statement` must ask for
 * its query at once (a prepared statement's `execute`), and nothing may run in the transaction after it. Its
 * answer comes once the transaction has committed; it fails when the statement or the commit failed. On a
 * connection that does not pipeline (PGlite) the statement runs alone and the transaction commits as usual.
 */
export function commitWith<T>(tx: DbOrTx, statement: () => Promise<T>): Promise<T> {
  const edges = edgesOf.get(connectionOf(tx));
  if (!edges) return statement();
  edges.commitNext = true;
  let answer: Promise<T>;
  try {
    answer = statement();
  } catch (error) {
    edges.commitNext = false;
    throw error;
  }
  if (!edges.commitNext) return answer;
  // Not asked at once (e.g. a lazy query builder): refused, so that no later statement takes the commit
  // meant for this one. Whatever `statement` sends later fails with its transaction.
  edges.commitNext = false;
  if (answer instanceof Promise) answer.catch(() => undefined);
  throw new Error("commitWith: the statement must ask for its query at once");
}

/**
 * Writes the statements `ask` asks for at once (prepared statements' or Drizzle's `execute()`) in one write,
 * in the order asked; the server runs each once the one before it has ended, with a snapshot of its own
 * (D456). What they answer is what each would have answered alone. On a connection that does not pipeline
 * (PGlite) they go one after the other.
 */
export function askTogether<T>(tx: DbOrTx, ask: () => T): T {
  const edges = edgesOf.get(connectionOf(tx));
  if (!edges) return ask();
  edges.together = true;
  try {
    return ask();
  } finally {
    edges.together = false;
  }
}
