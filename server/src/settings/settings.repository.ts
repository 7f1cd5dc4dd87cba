import { eq, sql } from "drizzle-orm";
import { type DbOrTx, prepared, schoolSettings } from "../db/index.ts";

/** The only code that touches `school_settings` (D243). */

export type SchoolSettingsRow = typeof schoolSettings.$inferSelect;
export type SchoolSettingsValues = Omit<SchoolSettingsRow, "id" | "updatedAt">;

/** Advisory lock key of a settings save ("sset" in ASCII): the row may not exist yet to be locked. */
const SETTINGS_LOCK_KEY = 0x73736574;

export async function findSchoolSettingsRow(db: DbOrTx): Promise<SchoolSettingsRow | undefined> {
  // Prepared: every payment's invoice and staff notice read it (D457).
  const [row] = await prepared<SchoolSettingsRow[]>(db, "school_settings", () =>
    db.select().from(schoolSettings).where(eq(schoolSettings.id, 1)),
  ).execute();
  return row;
}

/** Serialises saves until the transaction ends, so a version read before another save is stale. */
export async function lockSchoolSettings(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETTINGS_LOCK_KEY})`);
}

export async function saveSchoolSettingsRow(db: DbOrTx, values: SchoolSettingsValues): Promise<void> {
  const row = { ...values, updatedAt: new Date() };
  await db
    .insert(schoolSettings)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: schoolSettings.id, set: row });
}
