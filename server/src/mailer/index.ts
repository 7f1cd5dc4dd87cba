import type { Env } from "../config/index.ts";
import type { ChangeFeed, Db, DbOrTx } from "../db/index.ts";
import { type SellerEnv, sellerFromEnv } from "../invoices/index.ts";
import {
  createMailWorker,
  createTransport,
  type DrainResult,
  enqueueMail,
  type MailLogger,
  type MailRequest,
  type MailTransport,
} from "../mail/index.ts";
import { createAttachmentRenderer } from "./attachments.ts";
import { createRenderThread } from "./render-thread.ts";

export { createAttachmentRenderer } from "./attachments.ts";

export type MailerOptions = {
  db: Db;
  env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR" | "PUBLIC_URL" | "MAIL_WORKER_INTERVAL_MS"> &
    SellerEnv;
  logger: MailLogger;
  /** Replaces the transport chosen from env (tests, other adapters). */
  transport?: MailTransport;
  /** The database's change feed: a commit that wrote a mail wakes the worker (D469). */
  changes?: Pick<ChangeFeed, "onMailWritten"> | undefined;
  maxAttempts?: number;
};

export type Mailer = {
  /** Writes a mail into the outbox in the caller's transaction: pass the `tx` of the mail's cause. */
  enqueue(dbOrTx: DbOrTx, mail: MailRequest): Promise<{ id: number }>;
  start(): void;
  stop(): Promise<void>;
  drainOnce(): Promise<DrainResult>;
  /** When the worker's last round finished (D260). */
  lastRoundAt(): Date | undefined;
  /** Where mail goes, for the start-up log. */
  describe(): string;
};

/** The mail subsystem as the app wires it: outbox writes bound to PUBLIC_URL, a transport from env, one worker. */
export function createMailer(options: MailerOptions): Mailer {
  const { db, env, logger } = options;
  const transport = options.transport ?? createTransport(env);
  const renderThread = createRenderThread();
  const worker = createMailWorker({
    db,
    transport,
    logger,
    intervalMs: env.MAIL_WORKER_INTERVAL_MS,
    maxAttempts: options.maxAttempts,
    onMailWritten: options.changes?.onMailWritten,
    renderAttachments: createAttachmentRenderer({
      db,
      seller: sellerFromEnv(env),
      publicUrl: env.PUBLIC_URL,
      backend: renderThread,
    }),
  });
  return {
    enqueue: (dbOrTx, mail) => enqueueMail(dbOrTx, mail, { publicUrl: env.PUBLIC_URL }),
    start() {
      logger.info({ transport: transport.describe() }, "mail worker started");
      worker.start();
    },
    async stop() {
      await worker.stop();
      await renderThread.close();
    },
    drainOnce: () => worker.drainOnce(),
    lastRoundAt: () => worker.lastRoundAt(),
    describe: () => transport.describe(),
  };
}
