import type { AdminMail, MailFailure } from "@atelier/contract";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { boundedTotal, mailOutbox, prefixPattern, wholeTableTotal } from "../db/index.ts";
import type { OutboxMail } from "./mail-outbox.ts";

/**
 * The outbox as the back office lists it: every mail the shop wrote, newest first, by its state and its
 * address. Only the columns that say where a mail went and how; its subject and bodies are never read
 * here beyond the subject: a reset's or an address's link signs in for whoever reads it, an order's mail
 * carries the door's codes, a gift card's its code.
 */

export type OutboxListFilter = {
  statuses?: readonly AdminMail["status"][];
  /** The beginning of the recipient's address, any case (`mail_outbox_to_prefix_idx`). */
  recipient?: string;
};

const listColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  template: mailOutbox.template,
  locale: mailOutbox.locale,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  textsClearedAt: mailOutbox.textsClearedAt,
};

type ListRow = Pick<OutboxMail, keyof typeof listColumns>;

/**
 * The class of a failed attempt's error, from the words nodemailer and the mail server gave (kept in
 * `last_error` for the log): staff act on the class (the server is away, its login is wrong, the address
 * does not exist), never on raw SMTP replies that may name the server's login.
 */
export function mailFailureOf(error: string | null): MailFailure | null {
  if (!error) return null;
  if (
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ESOCKET|ECONNECTION|Greeting never received|Connection (timeout|closed)/i.test(
      error,
    )
  )
    return "unreachable";
  if (/EAUTH|Invalid login|\b53[45]\b|\b5\.7\.8\b/i.test(error)) return "login_refused";
  if (/recipients were rejected|EENVELOPE|\b55[0-3]\b|\b5\.1\.\d\b|\b5\.2\.2\b/i.test(error))
    return "address_refused";
  if (/\b4[2-5]\d\b|\b4\.\d\.\d\b/.test(error)) return "deferred";
  return "unclassified";
}

function mailOf(row: ListRow): AdminMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    locale: row.locale,
    status: row.status,
    attempts: row.attempts,
    failure: row.status === "sent" ? null : mailFailureOf(row.lastError),
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    // A sent or given-up mail is tried no more: its next attempt is no news.
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    texts_cleared: row.textsClearedAt !== null,
  };
}

/** The list's one order: by id, the order the mails were written in, which `created_at` follows. */
export const OUTBOX_SORTS = { id: mailOutbox.id };

function whereOf(filter: OutboxListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.statuses?.length) conditions.push(inArray(mailOutbox.status, [...filter.statuses]));
  if (filter.recipient)
    conditions.push(sql`lower(${mailOutbox.to}) like lower(${prefixPattern(filter.recipient)})`);
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * A page of the outbox by id (the order the mails were written in). The page's ids first, through the
 * primary key or `mail_outbox_status_id_idx`, then their rows: the rows an offset skips are not read. The
 * whole outbox's total is PostgreSQL's estimate once it is long, a filtered one is counted up to a bound
 * (D400, D407): a decade holds 100,000 mails.
 */
export async function listOutboxMails(
  db: DbOrTx,
  filter: OutboxListFilter,
  cut: { descending: boolean; offset: number; limit: number },
): Promise<{ rows: AdminMail[]; total: number | null }> {
  const where = whereOf(filter);
  const order = cut.descending ? desc(mailOutbox.id) : asc(mailOutbox.id);
  const ids = (
    await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(where)
      .orderBy(order)
      .offset(cut.offset)
      .limit(cut.limit)
  ).map((row) => row.id);
  const [rows, total] = await Promise.all([
    ids.length
      ? db.select(listColumns).from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(order)
      : Promise.resolve([]),
    where
      ? boundedTotal(db, db.select({ id: mailOutbox.id }).from(mailOutbox).where(where))
      : wholeTableTotal(db, mailOutbox, async () => {
          const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
          return Number(row?.n ?? 0);
        }),
  ]);
  return { rows: rows.map(mailOf), total };
}

/** One mail of the outbox as the list shows it, or null. */
export async function findOutboxMail(db: DbOrTx, id: number): Promise<AdminMail | null> {
  const [row] = await db.select(listColumns).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ? mailOf(row) : null;
}
