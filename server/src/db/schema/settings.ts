import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The school's own data (D243), owned by `settings`: one row, written when an admin first saves the
 * settings in the back office. Until then the environment's values (SCHOOL_*, INVOICE_VAT_NOTE_*,
 * STAFF_NOTIFY_EMAILS) are used; after that this row is.
 */
export const schoolSettings = pgTable(
  "school_settings",
  {
    id: integer("id").primaryKey().default(1),
    legalName: text("legal_name").notNull(),
    address: text("address").notNull(),
    taxId: text("tax_id").notNull(),
    vatNoteDe: text("vat_note_de").notNull(),
    vatNoteRu: text("vat_note_ru").notNull(),
    schoolEmail: text("school_email").notNull(),
    /** Who is told of each booking (D110); empty: the school's e-mail alone. */
    staffNotifyEmails: text("staff_notify_emails").array().notNull(),
    /** The DATEV export's numbers and accounts (D282), as `DatevSettings`; null: SKR03's defaults. */
    datev: jsonb("datev").$type<import("@atelier/contract").DatevSettings>(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("school_settings_one_row", sql`${t.id} = 1`)],
);
