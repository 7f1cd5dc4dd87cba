import type { Locale } from "@atelier/contract";
import { EmailSchema } from "@atelier/contract";
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import {
  type AddressSpan,
  type MailAttachmentRef,
  mailOutbox,
  pgArray,
  ph,
  prepared,
  sentWithin,
  withinSpan,
} from "../db/index.ts";
import {
  type MailTemplateData,
  type MailTemplateName,
  type RenderOptions,
  renderMail,
} from "./mail-templates.ts";

/**
 * The outbox is the only code that touches `mail_outbox`. A mail is rendered and stored as
 * pending in the caller's transaction, so it exists exactly when its cause (sign-up, order,
 * contact form) was committed; the worker sends it later.
 */

/**
 * One mail to send; `template` decides the shape of `data`. Attachments are named, not included: the
 * worker renders them when it sends (D53), so the caller's transaction stays short.
 */
export type MailRequest = {
  [Name in MailTemplateName]: {
    to: string;
    template: Name;
    locale: Locale;
    data: MailTemplateData[Name];
    attachments?: MailAttachmentRef[];
    /** Not sent before this moment (a gift card's chosen day); absent: at once. */
    notBefore?: Date;
  };
}[MailTemplateName];

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** The mail kinds a template alone does not tell apart (`mail_outbox.kind`). */
type MailKind = "gift-card-recipient";

/**
 * What a mail is, beyond its template: a gift card's mail to its recipient, whether a bought card's (D127) or
 * one staff mail (D277), is `gift-card-recipient`; the buyer's copy of the purchase has no kind.
 */
function mailKind(mail: MailRequest): MailKind | null {
  return mail.template === "gift-card" && mail.data.toRecipient ? "gift-card-recipient" : null;
}

/** A mail's row as the outbox stores it: its address checked, its subject and bodies rendered. */
function outboxRow(mail: MailRequest, options?: RenderOptions) {
  // A bad address would only fail in the worker, hours later; failing here rolls the cause back instead.
  const to = EmailSchema.parse(mail.to);
  // `renderMail` cannot see that template and data of a union member belong together; MailRequest guarantees it.
  const rendered = renderMail(mail.template, mail.locale, mail.data as never, options);
  return {
    to,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    template: mail.template,
    kind: mailKind(mail),
    locale: mail.locale,
    attachments: mail.attachments ?? [],
  };
}

export async function enqueueMail(
  dbOrTx: DbOrTx,
  mail: MailRequest,
  options?: RenderOptions,
): Promise<{ id: number }> {
  // Prepared, with or without a time to wait for: every payment writes two mails (D457).
  const [row] = await prepared<{ id: number }[]>(
    dbOrTx,
    mail.notBefore ? "mail_queued_later" : "mail_queued",
    () =>
      dbOrTx
        .insert(mailOutbox)
        .values({
          to: ph("to"),
          subject: ph("subject"),
          html: ph("html"),
          text: ph("text"),
          template: ph("template"),
          kind: ph("kind"),
          locale: ph("locale"),
          attachments: ph("attachments"),
          ...(mail.notBefore ? { nextAttemptAt: ph("notBefore") } : {}),
        })
        .returning({ id: mailOutbox.id }),
  ).execute({ ...outboxRow(mail, options), notBefore: mail.notBefore });
  if (!row) throw new Error("mail_outbox insert returned no row");
  return row;
}

/**
 * The statement that puts `value` in place of `placeholder` in pending mails of this transaction (their
 * subject, bodies and attachments' names), for a caller's CTE: a mail that names something only known in
 * the transaction's last statement (the invoice number, D404) is stored before it with a placeholder.
 * `value` may name the CTE's other relations; `from` names them.
 */
export function fillPlaceholderSql(ids: readonly number[], placeholder: string, value: SQL, from: SQL): SQL {
  if (ids.length === 0) return sql`select 1`;
  const idList = sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  );
  return sql`update ${mailOutbox} set
      "subject" = replace("subject", ${placeholder}::text, ${value}),
      "html" = replace("html", ${placeholder}::text, ${value}),
      "text" = replace("text", ${placeholder}::text, ${value}),
      "attachments" = replace("attachments"::text, ${placeholder}::text, ${value})::jsonb
    from ${from}
    where ${mailOutbox.id} in (${idList}) and ${mailOutbox.status} = 'pending'`;
}

/**
 * Claims up to `limit` due mails for this instance. The row locks with SKIP LOCKED let several
 * instances claim at once without taking the same mail; the claim is one statement, so it needs no
 * transaction held open while mails are sent. Claiming counts the attempt and moves
 * `next_attempt_at` forward by `leaseSeconds`: a crash mid-send leaves the mail to be retried
 * after the lease instead of stuck, and a mail that keeps crashing the sender still runs out of attempts.
 * Times come from the database clock, the one clock all instances share.
 */
export async function claimDueMails(
  dbOrTx: DbOrTx,
  limit: number,
  leaseSeconds: number,
): Promise<OutboxMail[]> {
  const due = dbOrTx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await dbOrTx
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseSeconds}::integer * interval '1 second'`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

export async function markMailSent(dbOrTx: DbOrTx, id: number): Promise<void> {
  await dbOrTx.update(mailOutbox).set({ status: "sent", sentAt: sql`now()` }).where(eq(mailOutbox.id, id));
}

/** Records a failed attempt: retried after `retryInSeconds`, or given up for good when `final`. */
export async function markMailAttemptFailed(
  dbOrTx: DbOrTx,
  id: number,
  failure: { error: string; final: boolean; retryInSeconds: number },
): Promise<void> {
  await dbOrTx
    .update(mailOutbox)
    .set({
      status: failure.final ? "failed" : "pending",
      lastError: failure.error,
      nextAttemptAt: sql`now() + ${failure.retryInSeconds}::integer * interval '1 second'`,
    })
    .where(eq(mailOutbox.id, id));
}

/**
 * Sends a mail of the outbox again as it was written (same recipient, texts and attachments, D129): a new
 * pending row. While an earlier copy is still pending, that copy is the answer and nothing is added, so a
 * double click sends one mail.
 */
export async function resendMail(
  tx: DbOrTx,
  id: number,
): Promise<{ id: number; created: boolean } | "cleared" | null> {
  // The original's row lock makes two resends of it one after the other: the second finds the first's copy.
  const [original] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for("update");
  if (!original) return null;
  // Its texts are no longer kept (D563): a copy would be empty.
  if (original.textsClearedAt) return "cleared";
  const [waiting] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, original.to),
        eq(mailOutbox.subject, original.subject),
        eq(mailOutbox.template, original.template),
        eq(mailOutbox.status, "pending"),
        gt(mailOutbox.id, original.id),
      ),
    );
  if (waiting) return { id: waiting.id, created: false };
  const [copy] = await tx
    .insert(mailOutbox)
    .values({
      to: original.to,
      subject: original.subject,
      html: original.html,
      text: original.text,
      template: original.template,
      kind: original.kind,
      locale: original.locale,
      attachments: original.attachments,
    })
    .returning({ id: mailOutbox.id });
  return copy ? { id: copy.id, created: true } : null;
}

/**
 * `resendMail` with a bound (D276): the newest copy of `id` made within `windowMs`, or still waiting, is the
 * answer; `"limit"` once `max` copies were made; else a new copy. Under the original's row lock.
 */
export async function resendMailAtMost(
  tx: DbOrTx,
  id: number,
  bound: { max: number; windowMs: number },
): Promise<{ id: number; created: boolean } | "limit" | "cleared" | null> {
  const [original] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for("update");
  if (!original) return null;
  if (original.textsClearedAt) return "cleared";
  const copies = await tx
    .select({ id: mailOutbox.id, status: mailOutbox.status, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, original.to),
        eq(mailOutbox.subject, original.subject),
        eq(mailOutbox.template, original.template),
        gt(mailOutbox.id, original.id),
      ),
    )
    .orderBy(desc(mailOutbox.id));
  const newest = copies[0];
  if (newest && (newest.status === "pending" || newest.createdAt.getTime() > Date.now() - bound.windowMs))
    return { id: newest.id, created: false };
  if (copies.length >= bound.max) return "limit";
  return resendMail(tx, id);
}

/** A mail that attaches this gift card's PDF. */
const carriesCard = (giftCardId: number) =>
  sql`${mailOutbox.attachments} @> ${JSON.stringify([{ kind: "gift-card-pdf", giftCardId }])}::jsonb`;

/** A mail of `template` to `to` naming the gift card's PDF that still waits in the outbox (D277). */
export async function findPendingGiftCardMail(
  tx: DbOrTx,
  to: string,
  giftCardId: number,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        sql`lower(${mailOutbox.to}) = lower(${to})`,
        eq(mailOutbox.template, "gift-card"),
        eq(mailOutbox.status, "pending"),
        carriesCard(giftCardId),
      ),
    )
    .orderBy(desc(mailOutbox.id));
  return row?.id;
}

/**
 * Takes back the gift card mails not sent yet that carry one of these cards (a recipient's mail waiting for
 * its day, D512): the card no longer pays, so its code must not reach anyone as a present. Answers how many.
 */
export async function withdrawPendingGiftCardMails(tx: DbOrTx, giftCardIds: number[]): Promise<number> {
  if (giftCardIds.length === 0) return 0;
  const carries = or(...giftCardIds.map(carriesCard));
  const rows = await tx
    .delete(mailOutbox)
    // A given-up one too: staff could send it again from the dashboard (D534), with a code that no longer pays.
    .where(
      and(eq(mailOutbox.template, "gift-card"), inArray(mailOutbox.status, ["pending", "failed"]), carries),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * Takes the mails of a gift card still waiting for their day out of the outbox and answers where and when
 * each was to go, so the card's owner can write them anew with what the card is worth now (D629: a partial
 * refund of the card lowers it). Only mails never tried whose day is still ahead: a mail the worker holds
 * (its lease moves the next attempt ahead, but it has been tried) is being sent as it is, and the buyer's
 * copy at the purchase is never held for a day. Failed ones stay for staff.
 */
export async function takeWaitingGiftCardMails(
  tx: DbOrTx,
  giftCardId: number,
  now: Date,
): Promise<{ to: string; locale: Locale; notBefore: Date }[]> {
  return tx
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.template, "gift-card"),
        eq(mailOutbox.status, "pending"),
        eq(mailOutbox.attempts, 0),
        gt(mailOutbox.nextAttemptAt, now),
        carriesCard(giftCardId),
      ),
    )
    .returning({ to: mailOutbox.to, locale: mailOutbox.locale, notBefore: mailOutbox.nextAttemptAt });
}

/** The school's own copies of what a family sent or did: they name the family without being addressed to it. */
const STAFF_TEMPLATES = [
  "contact-request",
  "visit-request-notification",
  "party-request-notification",
  "staff-notice",
  "staff-refund",
];

/**
 * Erasure (D139, D207): every mail to the address goes, sent or not, and every mail that names it (the
 * school's notices carry the parent's address); of the school's own copies also those naming the family's
 * phone or names (`needles`: a request's copy, "Neue Buchung bezahlt"). The outbox is a queue and a log,
 * not an archive (invoices are kept as invoices, and re-rendered from them). Answers the deleted mails'
 * ids, whose files the transport may have written (`removeMailFiles`).
 */
export async function deleteMailsAbout(
  db: DbOrTx,
  family: { addresses: readonly AddressSpan[]; needles: readonly string[] },
): Promise<number[]> {
  const haystack = sql`lower(${mailOutbox.subject} || ' ' || ${mailOutbox.text} || ' ' || ${mailOutbox.html})`;
  const names = (needle: string) => sql`position(lower(${needle}) in ${haystack}) > 0`;
  const needles = family.needles.map((needle) => needle.trim()).filter((needle) => needle.length >= 3);
  // A mail to one of the family's addresses, or naming one, while it was the family's (D577).
  const ofAddress = family.addresses.map((span) =>
    and(
      or(sql`lower(${mailOutbox.to}) = lower(${span.email})`, names(span.email)),
      withinSpan(mailOutbox.createdAt, span),
    ),
  );
  const rows = await db
    .delete(mailOutbox)
    .where(
      or(
        ...ofAddress,
        needles.length > 0
          ? and(inArray(mailOutbox.template, STAFF_TEMPLATES), or(...needles.map(names)))
          : undefined,
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

/**
 * Erasure (D577): the change links a family sent to new addresses it never opened. Only those mails (each by
 * its address and the instant its link was made): such an address may be another family's now, whose own
 * mails stay. Returns the ids removed.
 */
export async function deleteChangeLinkMails(
  db: DbOrTx,
  links: readonly { email: string; at: string }[],
): Promise<number[]> {
  if (links.length === 0) return [];
  const rows = await db
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.template, "email-change"),
        or(
          ...links.map(
            (link) =>
              sql`lower(${mailOutbox.to}) = lower(${link.email}) and ${mailOutbox.createdAt} = ${link.at}::timestamptz`,
          ),
        ),
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

/**
 * The outbox at a glance, for the metrics (D260): mails waiting to be sent (including those waiting for
 * their next attempt) and mails given up after the last attempt, which a person has to look at.
 */
export async function countOutbox(db: DbOrTx): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ["pending", "failed"]))
    .groupBy(mailOutbox.status);
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { pending: of("pending"), failed: of("failed") };
}

/** How many given-up mails staff see on the dashboard, newest first. */
export const FAILED_MAILS_SHOWN = 20;

/**
 * Mails the worker gave up on after its last attempt (D15), newest first: the dashboard shows them so staff
 * learn of a reset, verification or offer that never reached a family, and can send it again (D534).
 */
export async function findFailedMails(db: DbOrTx, limit = FAILED_MAILS_SHOWN) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      template: mailOutbox.template,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "failed"))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}

/** A given-up mail handed back to the worker: where it goes and what it is, for its texts to be written anew. */
export type RequeuedMail = Pick<
  OutboxMail,
  "id" | "to" | "template" | "kind" | "locale" | "attachments" | "createdAt"
>;

/**
 * A given-up mail handed back to the worker as it was, with its attempts anew (D534). Null when the mail is
 * not (or no longer) given up: sent meanwhile, already handed back by another click, or unknown. Its row
 * stays locked to the caller's commit, so the caller may write its texts anew (`rewriteMail`, D641).
 */
export async function requeueFailedMail(tx: DbOrTx, id: number): Promise<RequeuedMail | null> {
  const [row] = await tx
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null })
    // One whose texts were cleared (D563) would go out empty: it is not found.
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed"), isNull(mailOutbox.textsClearedAt)))
    .returning({
      id: mailOutbox.id,
      to: mailOutbox.to,
      template: mailOutbox.template,
      kind: mailOutbox.kind,
      locale: mailOutbox.locale,
      attachments: mailOutbox.attachments,
      createdAt: mailOutbox.createdAt,
    });
  return row ?? null;
}

/**
 * A mail not sent yet written anew from `mail` (its subject and bodies; where it goes, its language and its
 * attachments with them), as `enqueueMail` would write it: a mail handed back after the outbox gave up on it
 * says what is true when it goes (D641). Its place in the outbox and its attempts stay.
 */
export async function rewriteMail(
  tx: DbOrTx,
  id: number,
  mail: MailRequest,
  options?: RenderOptions,
): Promise<void> {
  await tx
    .update(mailOutbox)
    .set(outboxRow(mail, options))
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")));
}

/** The school's own copies among `STAFF_TEMPLATES`: a staff refund's mail is the family's own (D506, D558). */
const SCHOOL_COPIES = STAFF_TEMPLATES.filter((template) => template !== "staff-refund");

/**
 * The mails to the addresses (the account's, and those it had before, D577), newest first: subject and when
 * only (a family's data export, D560). Their text stays out: its links (a password reset, a payment) still
 * work until they expire. The school's own copies are left out: an address that gets them (a staff
 * member's) would carry other families' names.
 */
export async function mailsSentTo(db: DbOrTx, spans: readonly AddressSpan[]) {
  return db
    .select({ subject: mailOutbox.subject, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(
      and(
        sentWithin(mailOutbox.to, mailOutbox.createdAt, spans),
        sql`${mailOutbox.template} <> all(${pgArray(SCHOOL_COPIES)}::text[])`,
      ),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(2_000);
}
