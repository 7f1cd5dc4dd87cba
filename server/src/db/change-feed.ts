import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** The channel the catalogue's triggers notify on commit (migration 0009, D85). */
export const CATALOGUE_CHANNEL = "atelier_catalogue";

/** The channel the mail outbox's trigger notifies on commit of a new mail (migration 0048, D469). */
export const MAIL_CHANNEL = "atelier_mail";

/**
 * What a notice says changed (D444): `seats` only the seats the catalogue shows (a booking of an order that
 * is not a cart, a waiting list's entry: the payload `seats`), `all` anything the catalogue shows (one of its
 * own tables, a TRUNCATE, or the feed's own state). What shows no seats of others may ignore `seats`.
 */
export type FeedChange = "seats" | "all";

/** The notice's payload as a change: only the seats' own triggers send `seats` (migration 0047). */
export const feedChangeOf = (payload: string | undefined): FeedChange =>
  payload === "seats" ? "seats" : "all";

/**
 * Commits that touched the catalogue or the seats it shows, as PostgreSQL notifies them (D85).
 * Listeners are called on every such commit and whenever `live` changes (as `all`). While `live` is false a
 * notification could be missed (the listening connection is down), so nothing derived from the
 * catalogue may be reused.
 */
export type ChangeFeed = {
  readonly live: boolean;
  subscribe(listener: (change: FeedChange) => void): () => void;
  /**
   * Called when a commit wrote a mail into the outbox (D469), so the mail worker need not wait for its next
   * round. A notice missed while the feed is down only delays that mail to the round.
   */
  onMailWritten(listener: () => void): () => void;
  close(): Promise<void>;
};

function listenerSet<Change = FeedChange>() {
  const listeners = new Set<(change: Change) => void>();
  return {
    add(listener: (change: Change) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(change: Change) {
      for (const listener of listeners) listener(change);
    },
  };
}

const LISTEN = `LISTEN ${CATALOGUE_CHANNEL}`;
/** Only the watcher listens for mails: no instance needs its own mail's notice before its commit returns. */
const LISTEN_MAIL = `LISTEN ${MAIL_CHANNEL}`;
const RECONNECT_MS = 1_000;
/** The watcher's `application_name`, so operators (and a test) can tell it apart. */
export const WATCHER_NAME = "atelier-change-watcher";

/**
 * PostgreSQL: every pooled connection listens, because a session receives its own notifications
 * before its COMMIT returns: this server's writes show on its next request, whatever connection made
 * them. One extra connection, opened on the first subscription, listens while the pool is idle (for
 * other instances, consoles) and tells whether notifications can be missed; it reconnects on loss.
 */
export function postgresChangeFeed(
  connectionString: string,
): ChangeFeed & { onConnect(client: pg.ClientBase): Promise<void> } {
  const listeners = listenerSet();
  const mailListeners = listenerSet<void>();
  const onNotification = (message: pg.Notification) => {
    if (message.channel === CATALOGUE_CHANNEL) listeners.emit(feedChangeOf(message.payload));
    else if (message.channel === MAIL_CHANNEL) mailListeners.emit();
  };

  let live = false;
  let closed = false;
  let watcher: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    listeners.emit("all");
  };
  const lost = () => {
    setLive(false);
    watcher?.removeAllListeners();
    watcher?.on("error", () => {});
    watcher?.end().catch(() => {});
    watcher = undefined;
    if (!closed && !retry) retry = setTimeout(watch, RECONNECT_MS);
  };
  async function watch() {
    retry = undefined;
    if (closed || watcher) return;
    const client = new pg.Client({ connectionString, application_name: WATCHER_NAME });
    watcher = client;
    client.on("notification", onNotification);
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await client.query(LISTEN);
      await client.query(LISTEN_MAIL);
      if (watcher === client && !closed) setLive(true);
    } catch {
      if (watcher === client) lost();
    }
  }

  return {
    /** The pool's `onConnect`: a connection listens before its first query. */
    async onConnect(client) {
      client.on("notification", onNotification);
      // A failed LISTEN only delays this connection's own writes to the watcher's notification.
      await client.query(LISTEN).catch(() => {});
    },
    get live() {
      return live;
    },
    subscribe(listener) {
      if (!watcher && !retry && !closed) void watch();
      return listeners.add(listener);
    },
    onMailWritten(listener) {
      if (!watcher && !retry && !closed) void watch();
      return mailListeners.add(listener);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = watcher;
      watcher = undefined;
      live = false;
      if (client) {
        client.removeAllListeners();
        client.on("error", () => {});
        await client.end().catch(() => {});
      }
    },
  };
}

/** PGlite: one session in this process makes every write, and gets its own notifications at once. */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const listeners = listenerSet();
  const mailListeners = listenerSet<void>();
  const unlisten = await client.listen(CATALOGUE_CHANNEL, (payload) => listeners.emit(feedChangeOf(payload)));
  const unlistenMail = await client.listen(MAIL_CHANNEL, () => mailListeners.emit());
  return {
    live: true,
    subscribe: (listener) => listeners.add(listener),
    onMailWritten: (listener) => mailListeners.add(listener),
    close: async () => {
      await Promise.all([unlisten(), unlistenMail()]).catch(() => {});
    },
  };
}
