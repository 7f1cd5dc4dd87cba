import type { Db } from "../db/index.ts";
import { type AttachmentRenderer, noAttachments } from "./attachments.ts";
import { claimDueMails, markMailAttemptFailed, markMailSent, type OutboxMail } from "./mail-outbox.ts";
import { clearOldMailTexts } from "./mail-retention.ts";
import type { MailTransport } from "./mail-transport.ts";

type LogFn = (details: Record<string, unknown>, message: string) => void;

/** The part of a pino logger the worker uses; Fastify's `app.log` fits. */
export type MailLogger = { info: LogFn; warn: LogFn; error: LogFn };

export type MailWorkerOptions = {
  db: Db;
  transport: MailTransport;
  logger: MailLogger;
  intervalMs: number;
  maxAttempts?: number;
  batchSize?: number;
  /** Makes the files a mail names (invoice PDF, check-in QR codes) when it is sent. */
  renderAttachments?: AttachmentRenderer;
  /**
   * Subscribes to the commits that wrote a mail (the change feed's `onMailWritten`, D469): the worker then
   * sends it at once instead of at its next round. Returns the unsubscribe.
   */
  onMailWritten?: (listener: () => void) => () => void;
};

export type DrainResult = { sent: number; failed: number };

export type MailWorker = {
  /** Polls every `intervalMs` until `stop()`, and at once when woken by a commit that wrote a mail. */
  start(): void;
  /** Stops polling and waits for the batch in flight, for a graceful shutdown. */
  stop(): Promise<void>;
  /** Sends every mail due now; `failed` counts failed attempts, retried later or given up. */
  drainOnce(): Promise<DrainResult>;
  /** When the last drain finished without an error (none yet: undefined); the metrics' freshness (D260). */
  lastRoundAt(): Date | undefined;
};

const RETRY_BASE_SECONDS = 30;
const RETRY_MAX_SECONDS = 60 * 60;
// A claimed mail is hidden from other instances this long. It must exceed a whole batch:
// batchSize (10) × the transport's send timeout (60 s) = 10 min < 15 min.
const CLAIM_LEASE_SECONDS = 15 * 60;
const MAX_ERROR_LENGTH = 2000;
/** A woken round waits this long, so the mails of one burst of commits go out in one round (D469). */
const WAKE_DELAY_MS = 20;
/** How often an instance clears old sent mails' texts (D563), and how many batches at most each time. */
const CLEAR_TEXTS_EVERY_MS = 60 * 60_000;
const CLEAR_TEXTS_ROUNDS = 10;

/** Backoff after the `attempts`-th failed attempt: 30 s × 2^attempts, at most one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(RETRY_BASE_SECONDS * 2 ** attempts, RETRY_MAX_SECONDS);
}

/** Sends one claimed mail and marks it sent, or marks the attempt failed (retried later or given up). */
async function deliver(
  { db, transport, logger }: Pick<MailWorkerOptions, "db" | "transport" | "logger">,
  renderAttachments: AttachmentRenderer,
  maxAttempts: number,
  mail: OutboxMail,
): Promise<boolean> {
  try {
    // Rendered inside the attempt: a failing PDF is a failed attempt, retried like a refused relay.
    const attachments = await renderAttachments(mail.attachments);
    await transport.send({ ...mail, attachments });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    // Every error is retried, 5xx included: a relay refusing us (auth, relaying denied) is
    // usually a configuration fixed within the retry window, and a dropped mail costs more than a retry.
    const final = mail.attempts >= maxAttempts;
    await markMailAttemptFailed(db, mail.id, {
      error: reason,
      final,
      retryInSeconds: final ? 0 : retryDelaySeconds(mail.attempts),
    });
    const details = { mailId: mail.id, template: mail.template, attempts: mail.attempts, err: reason };
    if (final) logger.error(details, "mail given up after the last attempt");
    else logger.warn(details, "mail attempt failed, will retry");
    return false;
  }
  // Sent but not yet marked: a crash here re-sends after the lease (at-least-once delivery).
  await markMailSent(db, mail.id);
  logger.info({ mailId: mail.id, template: mail.template }, "mail sent");
  return true;
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, logger, intervalMs } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  const batchSize = options.batchSize ?? 10;
  const renderAttachments = options.renderAttachments ?? noAttachments;

  let timer: NodeJS.Timeout | undefined;
  let timerDueAt = 0;
  let running = false;
  // A mail written while a round runs may have been committed after its claim: one more round then.
  let wokenDuringRound = false;
  let unsubscribe: (() => void) | undefined;
  // One drain at a time per instance: the timer and explicit drainOnce calls share this.
  let inFlight: Promise<DrainResult> | undefined;
  let lastRoundAt: Date | undefined;
  let lastClearAt = Number.NEGATIVE_INFINITY;

  /** Once an hour, after a round: old sent mails' texts cleared (D563); a failure waits for the next hour. */
  async function clearOldTexts() {
    if (Date.now() - lastClearAt < CLEAR_TEXTS_EVERY_MS) return;
    lastClearAt = Date.now();
    try {
      let cleared = 0;
      for (let round = 0; round < CLEAR_TEXTS_ROUNDS; round++) {
        const batch = await clearOldMailTexts(db);
        cleared += batch;
        if (batch === 0) break;
      }
      if (cleared > 0) logger.info({ cleared }, "texts of old sent mails cleared");
    } catch (error) {
      logger.warn({ err: error }, "clearing old sent mails' texts failed; tried again in an hour");
    }
  }

  async function drain(keepGoing: () => boolean): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0 };
    for (;;) {
      const batch = await claimDueMails(db, batchSize, CLAIM_LEASE_SECONDS);
      for (const mail of batch) {
        if (await deliver(options, renderAttachments, maxAttempts, mail)) result.sent++;
        else result.failed++;
      }
      // Failed mails are due only later, so the loop ends; stop() ends it after the current batch.
      if (batch.length < batchSize || !keepGoing()) {
        lastRoundAt = new Date();
        // Not on the way out: stop() waits for this round only.
        if (keepGoing()) await clearOldTexts();
        return result;
      }
    }
  }

  function runExclusive(keepGoing: () => boolean): Promise<DrainResult> {
    const previous = inFlight ?? Promise.resolve(undefined);
    const next = previous.catch(() => undefined).then(() => drain(keepGoing));
    inFlight = next;
    const clear = () => {
      if (inFlight === next) inFlight = undefined;
    };
    next.then(clear, clear);
    return next;
  }

  function schedule(delayMs: number): void {
    timer = setTimeout(tick, delayMs);
    timerDueAt = Date.now() + delayMs;
    // The worker alone must not keep the process alive.
    timer.unref();
  }

  /** A commit wrote a mail: the next round comes now, or right after the one running (D469). */
  function wake(): void {
    if (!running) return;
    if (timer === undefined) wokenDuringRound = true;
    else if (timerDueAt > Date.now() + WAKE_DELAY_MS) {
      clearTimeout(timer);
      schedule(WAKE_DELAY_MS);
    }
  }

  async function tick(): Promise<void> {
    timer = undefined;
    wokenDuringRound = false;
    try {
      await runExclusive(() => running);
    } catch (error) {
      // A database outage must not kill the worker; the next tick tries again.
      logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        "mail worker batch failed",
      );
    }
    // A stop() and start() during this tick may already have scheduled the next one.
    if (running && timer === undefined) schedule(wokenDuringRound ? WAKE_DELAY_MS : intervalMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      unsubscribe = options.onMailWritten?.(wake);
      schedule(0);
    },
    async stop() {
      running = false;
      unsubscribe?.();
      unsubscribe = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight?.catch(() => undefined);
    },
    drainOnce: () => runExclusive(() => true),
    lastRoundAt: () => lastRoundAt,
  };
}
