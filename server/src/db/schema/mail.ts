import { MAIL_STATUSES } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./common.ts";
import { localeEnum } from "./users.ts";

/**
 * An attachment named by what it is made from: the invoice PDF of an invoice row, or a check-in QR code
 * (PNG) of an order item's code. The worker renders it when it sends the mail.
 */
export type MailAttachmentRef =
  | { kind: "invoice-pdf"; invoiceId: number; filename: string }
  | { kind: "checkin-qr"; code: string; filename: string; cid: string }
  | { kind: "gift-card-pdf"; giftCardId: number; filename: string };

export const mailStatus = pgEnum("mail_status", MAIL_STATUSES);

/** Every mail is written here in the same transaction as its cause; a worker sends it. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    template: text("template").notNull(),
    /**
     * What the mail is where its template writes more than one kind of mail: `gift-card-recipient` for a gift
     * card's mail to the person it is given to, beside the buyer's copy of the same template (`mailKind`).
     * Null for every other mail. Told by what was written, never by the address (an address changes, D641).
     */
    kind: text("kind"),
    locale: localeEnum("locale").notNull(),
    /** Attachments made when the mail is sent, from data that does not change (D53). */
    attachments: jsonb("attachments").$type<MailAttachmentRef[]>().notNull().default([]),
    status: mailStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * When the texts and attachments of this sent mail were cleared (D563): subject, address, template and
     * times stay as the record that it was sent; the texts held links, codes and the family's details.
     */
    textsClearedAt: timestamp("texts_cleared_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_pending_idx").on(t.status, t.nextAttemptAt),
    // The back office's list of mails in one state, newest first (a decade's 100,000 mails).
    index("mail_outbox_status_id_idx").on(t.status, t.id),
    // Its search by the beginning of an address, any case (LIKE 'anna.m%' reads the index whatever the
    // database's collation): a whole-table scan of a decade's mails took 100 ms.
    index("mail_outbox_to_prefix_idx").using("btree", sql`lower(${t.to}) text_pattern_ops`, t.id),
    // The sent mails whose texts are still kept, oldest first: what the clearing round reads (D563).
    index("mail_outbox_texts_kept_idx")
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent' and ${t.textsClearedAt} is null`),
  ],
);
