// How long the outbox keeps what a sent or given-up mail said (D563). The outbox is a queue and a log, not an archive
// (D139): invoices and credit notes are kept as documents and drawn again from them, a gift card's PDF from
// the card. A sent mail's texts held sign-in and payment links, check-in codes and the family's details;
// after the days below only the record that it went stays: address, subject, template and times.
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { mailOutbox } from "../db/index.ts";
import { AppError } from "../errors/index.ts";

/** A sent mail's texts are kept this many days: long enough to send a confirmation again (D129). */
export const MAIL_TEXT_DAYS = 90;
/** A mail whose link signs in or confirms an address (valid 24 or 72 hours) keeps its texts a week. */
export const LINK_TEXT_DAYS = 7;
const LINK_TEMPLATES = ["password-reset", "verify-email", "email-change"];
/** Mails cleared per statement: one short transaction each, beside the shop's own writes. */
const CLEAR_BATCH = 500;

/**
 * Clears the texts and attachments (and the last error, which may name the address) of mails past their
 * days, oldest first, at most `limit` of each kind; answers how many. Sent mails count from their sending,
 * given-up ones from their writing: after the days their links are dead and nobody sends them again.
 * Rows another instance is clearing are skipped; pending mails keep theirs.
 */
export async function clearOldMailTexts(db: DbOrTx, limit = CLEAR_BATCH): Promise<number> {
  // The database's clock, which wrote `sent_at` (markMailSent): one clock for both, whatever the process's.
  const linkBefore = sql`now() - make_interval(days => ${LINK_TEXT_DAYS})`;
  const before = sql`now() - make_interval(days => ${MAIL_TEXT_DAYS})`;
  const pastDays = (at: typeof mailOutbox.sentAt | typeof mailOutbox.createdAt) =>
    and(lt(at, linkBefore), or(lt(at, before), inArray(mailOutbox.template, LINK_TEMPLATES)));
  let cleared = 0;
  for (const [status, at] of [
    ["sent", mailOutbox.sentAt],
    ["failed", mailOutbox.createdAt],
  ] as const) {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, status), isNull(mailOutbox.textsClearedAt), pastDays(at)))
      .orderBy(asc(at))
      .limit(limit)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(mailOutbox)
      .set({ html: "", text: "", attachments: [], lastError: null, textsClearedAt: sql`now()` })
      .where(inArray(mailOutbox.id, due))
      .returning({ id: mailOutbox.id });
    cleared += rows.length;
  }
  return cleared;
}

/** A resend of a mail whose texts were cleared: 400, naming the days (D563). */
export const mailTextCleared = () =>
  new AppError("mail_text_cleared", 400, "non_field_errors", undefined, { days: String(MAIL_TEXT_DAYS) });
