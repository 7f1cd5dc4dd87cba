import type { Env } from "../config/env.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { type SellerEnv, sellerFromEnv } from "../invoices/seller.ts";
import { createAttachmentRenderer } from "./mail-attachments.ts";
import { enqueueMail, type MailRequest } from "./mail-outbox.ts";
import { createTransport, type MailTransport } from "./mail-transport.ts";
import { createMailWorker, type DrainResult, type MailLogger } from "./mail-worker.ts";
import { createRenderThread } from "./render-thread.ts";

export type { AttachmentRenderer, RenderedAttachment } from "./mail-attachments.ts";
export { createAttachmentRenderer } from "./mail-attachments.ts";
export type { MailRequest, OutboxMail } from "./mail-outbox.ts";
export { enqueueMail } from "./mail-outbox.ts";
export type {
  ContactRequestData,
  ContactRequestKind,
  MailTemplateData,
  MailTemplateName,
  OrderConfirmationData,
  OrderConfirmationItem,
  PasswordResetData,
  RefundNoticeData,
  RefundReason,
  RenderedMail,
  RenderOptions,
  VerifyEmailData,
  VisitRequestMailData,
  WaitingListOfferData,
} from "./mail-templates.ts";
export { renderMail } from "./mail-templates.ts";
export type { MailTransport, OutgoingMail } from "./mail-transport.ts";
export { createTransport } from "./mail-transport.ts";
export type { DrainResult, MailLogger, MailWorker } from "./mail-worker.ts";
export { createMailWorker } from "./mail-worker.ts";

export type MailerOptions = {
  db: Db;
  env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR" | "PUBLIC_URL" | "MAIL_WORKER_INTERVAL_MS"> &
    SellerEnv;
  logger: MailLogger;
  /** Replaces the transport chosen from env (tests, other adapters). */
  transport?: MailTransport;
  maxAttempts?: number;
};

export type Mailer = {
  /** Writes a mail into the outbox in the caller's transaction: pass the `tx` of the mail's cause. */
  enqueue(dbOrTx: DbOrTx, mail: MailRequest): Promise<{ id: number }>;
  start(): void;
  stop(): Promise<void>;
  drainOnce(): Promise<DrainResult>;
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
    describe: () => transport.describe(),
  };
}
