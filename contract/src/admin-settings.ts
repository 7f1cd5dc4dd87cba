import { z } from "zod";
import { VersionSchema } from "./admin-fields.ts";
import { EmailSchema } from "./rules/email.ts";

/**
 * The school's settings in the back office (D243), admins only: the seller on invoices, the VAT notes,
 * the school's e-mail and who is told of bookings. `saved_at` is null while the environment's values apply.
 */
const text = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, { error: "too_long" });

const settingsFields = {
  legal_name: text(200),
  address: text(300),
  tax_id: text(64),
  vat_note_de: text(500),
  vat_note_ru: text(500),
  school_email: EmailSchema,
  /** Empty: the school's e-mail alone is told. */
  staff_notify_emails: z.array(EmailSchema).max(20, { error: "too_big" }),
};

export const AdminSchoolSettingsSchema = z.object({
  id: z.literal(1),
  ...settingsFields,
  saved_at: z.string().nullable(),
  version: VersionSchema,
});
export type AdminSchoolSettings = z.infer<typeof AdminSchoolSettingsSchema>;

export const AdminSchoolSettingsUpdateSchema = z
  .object({ ...settingsFields, version: VersionSchema })
  .strict();
export type AdminSchoolSettingsUpdate = z.infer<typeof AdminSchoolSettingsUpdateSchema>;
