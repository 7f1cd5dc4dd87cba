// The school's own data (D243): one row owned here, the environment's values until an admin saves.
export {
  createSchoolSettings,
  type SchoolSettings,
  type SchoolSettingsEnv,
  type SchoolSettingsSource,
  schoolSettingsFromEnv,
  staffRecipientsOf,
} from "./school-settings.ts";
export { lockSchoolSettings, type SchoolSettingsValues } from "./settings.repository.ts";

/** How an area reads who is told of a booking, at the moment it writes the notice (D110, D243). */
export type StaffRecipients = (db: import("../db/index.ts").DbOrTx) => Promise<readonly string[]>;
