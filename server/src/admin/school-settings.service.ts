import { type AdminSchoolSettings, type AdminSchoolSettingsUpdate, DATEV_DEFAULTS } from "@atelier/contract";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import {
  lockSchoolSettings,
  type SchoolSettings,
  type SchoolSettingsSource,
  type SchoolSettingsValues,
} from "../settings/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { versionOf } from "./version.ts";

type Values = Omit<AdminSchoolSettings, "id" | "saved_at" | "version">;

function valuesOf(settings: SchoolSettingsValues): Values {
  return {
    legal_name: settings.legalName,
    address: settings.address,
    tax_id: settings.taxId,
    vat_note_de: settings.vatNoteDe,
    vat_note_ru: settings.vatNoteRu,
    school_email: settings.schoolEmail,
    staff_notify_emails: [...settings.staffNotifyEmails],
    datev: settings.datev ?? DATEV_DEFAULTS,
  };
}

function toAdmin(settings: SchoolSettings): AdminSchoolSettings {
  const values = valuesOf(settings);
  return { id: 1, ...values, saved_at: settings.savedAt?.toISOString() ?? null, version: versionOf(values) };
}

/** Before and after as the admin saw them (one record, id 1). */
const audit = auditTrail("school-settings", (values: Values) => values);

/**
 * The school's settings (D243), admins only: read as they apply now (the environment's until the first
 * save), saved at the version read (409 `stale_version` otherwise) under the settings lock, with the audit
 * entry in the same transaction. Invoices, credit notes and notices read them when they are written.
 */
export function createSchoolSettingsAdmin(db: Db, settings: SchoolSettingsSource) {
  return {
    async get(): Promise<AdminSchoolSettings> {
      return toAdmin(await settings.read(db));
    },

    async save(admin: AuthUser, input: AdminSchoolSettingsUpdate): Promise<AdminSchoolSettings> {
      return db.transaction(async (tx) => {
        await lockSchoolSettings(tx);
        const current = toAdmin(await settings.read(tx));
        if (current.version !== input.version) throw new AppError("stale_version", 409);
        const { version: _version, ...values } = input;
        const emails = [...new Set(values.staff_notify_emails.map((email) => email.toLowerCase()))];
        const next: Values = { ...values, staff_notify_emails: emails, datev: values.datev ?? current.datev };
        await settings.save(tx, {
          legalName: next.legal_name,
          address: next.address,
          taxId: next.tax_id,
          vatNoteDe: next.vat_note_de,
          vatNoteRu: next.vat_note_ru,
          schoolEmail: next.school_email,
          staffNotifyEmails: next.staff_notify_emails,
          datev: next.datev,
        });
        const { id: _id, saved_at: _saved, version: _v, ...before } = current;
        await audit(tx, admin, 1, "update", before, next);
        return toAdmin(await settings.read(tx));
      });
    },
  };
}
