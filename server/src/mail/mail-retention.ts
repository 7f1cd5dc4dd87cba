// How long the outbox keeps what a sent mail said (D563). The outbox is a queue and a log, not an archive
// (D139): invoices and credit notes are kept as documents and drawn again from them, a gift card's PDF from
// the card. A sent mail's texts held sign-in and payment links, check-in codes and the family's details;
// after the days below only the record that it went stays: address, subject, template and times.
import { and, asc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { mailOutbox } from "../db/index.ts";
import { AppError } from "../errors/index.ts";

/** A sent mail's texts are kept this many days: long enough to send a confirmation again (D129). */
export const MAIL_TEXT_DAYS = 90;
/** A mail whose link signs in or confirms an address (valid 24 or 72 hours) keeps its texts a week. */
export const LINK_TEXT_DAYS = 7;
const LINK_TEMPLATES = ["password-reset", "verify-email"];
/** Mails cleared per statement: one short transaction each, beside the shop's own writes. */
const CLEAR_BATCH = 500;
const DAY_MS = 86_400_000;

/**
 * Clears the texts and attachments of sent mails past their days, oldest first, at most `limit`; answers
 * how many. Rows another instance is clearing are skipped. Pending and given-up mails keep theirs: they are
 * still to be sent (D534).
 */
export async function clearOldMailTexts(db: DbOrTx, now: Date, limit = CLEAR_BATCH): Promise<number> {
  const linkBefore = new Date(now.getTime() - LINK_TEXT_DAYS * DAY_MS);
  const before = new Date(now.getTime() - MAIL_TEXT_DAYS * DAY_MS);
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "sent"),
        isNull(mailOutbox.textsClearedAt),
        lt(mailOutbox.sentAt, linkBefore),
        or(lt(mailOutbox.sentAt, before), inArray(mailOutbox.template, LINK_TEMPLATES)),
      ),
    )
    .orderBy(asc(mailOutbox.sentAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const cleared = await db
    .update(mailOutbox)
    .set({ html: "", text: "", attachments: [], textsClearedAt: now })
    .where(inArray(mailOutbox.id, due))
    .returning({ id: mailOutbox.id });
  return cleared.length;
}

/** A resend of a mail whose texts were cleared: 400, naming the days (D563). */
export const mailTextCleared = () =>
  new AppError("mail_text_cleared", 400, "non_field_errors", undefined, { days: String(MAIL_TEXT_DAYS) });
