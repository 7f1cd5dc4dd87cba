import { DATEV_DEFAULTS, type DatevSettings } from "@atelier/contract";
import type { Env } from "../config/index.ts";
import type { DbOrTx } from "../db/index.ts";
import {
  findSchoolSettingsRow,
  type SchoolSettingsValues,
  saveSchoolSettingsRow,
} from "./settings.repository.ts";

/**
 * The school's own data (D243): the seller on invoices, the VAT notes, the school's e-mail and who is told
 * of bookings. Stored in the database once an admin saves them; the environment gives the first values.
 * Read where they are used, at the moment an invoice is issued or a notice is written.
 */
export type SchoolSettings = SchoolSettingsValues & {
  /** When an admin last saved them; null while the environment's values apply. */
  savedAt: Date | null;
};

export type SchoolSettingsEnv = Pick<
  Env,
  | "SCHOOL_LEGAL_NAME"
  | "SCHOOL_ADDRESS"
  | "SCHOOL_TAX_ID"
  | "SCHOOL_EMAIL"
  | "INVOICE_VAT_NOTE_DE"
  | "INVOICE_VAT_NOTE_RU"
  | "STAFF_NOTIFY_EMAILS"
>;

export function schoolSettingsFromEnv(env: SchoolSettingsEnv): SchoolSettingsValues {
  return {
    legalName: env.SCHOOL_LEGAL_NAME,
    address: env.SCHOOL_ADDRESS,
    taxId: env.SCHOOL_TAX_ID,
    vatNoteDe: env.INVOICE_VAT_NOTE_DE,
    vatNoteRu: env.INVOICE_VAT_NOTE_RU,
    schoolEmail: env.SCHOOL_EMAIL,
    staffNotifyEmails: env.STAFF_NOTIFY_EMAILS,
    datev: null,
  };
}

/** Who is told of each booking, cancellation, withdrawal and request (D110): the list, else the school. */
export function staffRecipientsOf(settings: Pick<SchoolSettingsValues, "schoolEmail" | "staffNotifyEmails">) {
  return settings.staffNotifyEmails.length > 0 ? settings.staffNotifyEmails : [settings.schoolEmail];
}

/** Reads the settings inside a caller's transaction (or on the pool), for the areas that use them. */
export type SchoolSettingsSource = ReturnType<typeof createSchoolSettings>;

export function createSchoolSettings(defaults: SchoolSettingsValues) {
  async function read(db: DbOrTx): Promise<SchoolSettings> {
    const row = await findSchoolSettingsRow(db);
    if (!row) return { ...defaults, savedAt: null };
    const { id: _id, updatedAt, ...values } = row;
    return { ...values, savedAt: updatedAt };
  }
  return {
    defaults,
    read,
    staffRecipients: async (db: DbOrTx): Promise<readonly string[]> => staffRecipientsOf(await read(db)),
    schoolEmail: async (db: DbOrTx): Promise<string> => (await read(db)).schoolEmail,
    /** The DATEV export's numbers and accounts (D282): as saved, else SKR03's defaults. */
    datev: async (db: DbOrTx): Promise<DatevSettings> => (await read(db)).datev ?? DATEV_DEFAULTS,
    /** Call under `lockSchoolSettings`, after checking the version. */
    save: (db: DbOrTx, values: SchoolSettingsValues) => saveSchoolSettingsRow(db, values),
  };
}
