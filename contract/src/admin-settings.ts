import { z } from "zod";
import { VersionSchema } from "./admin-fields.ts";
import { EmailSchema } from "./rules/email.ts";

/**
 * The school's settings in the back office (D243), admins only: the seller on invoices, the VAT notes,
 * the school's e-mail and who is told of bookings. `saved_at` is null while the environment's values apply.
 */
const text = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, { error: "too_long" });

/** A DATEV account number: 4 to 8 digits (the Sachkontenlänge), as the tax adviser gives it. */
const account = z
  .string({ error: "required" })
  .trim()
  .regex(/^\d{4,8}$/, { error: "invalid" });

/**
 * What the DATEV export (D282) needs of the school: the tax adviser's consultant and client numbers, the
 * chart of accounts and its account length, and the accounts each document is booked to. The defaults
 * are SKR03's: 1360 Geldtransit, 8400 Erlöse 19 % USt (an automatic VAT account), 8100 steuerfreie
 * Umsätze § 4 Nr. 8 ff. UStG, 1700 sonstige Verbindlichkeiten for sold multi-purpose vouchers (D283).
 */
export const DatevSettingsSchema = z.object({
  consultant_number: z.number({ error: "required" }).int().min(1001, { error: "too_small" }).max(9999999, {
    error: "too_big",
  }),
  client_number: z.number({ error: "required" }).int().min(1, { error: "too_small" }).max(99999, {
    error: "too_big",
  }),
  chart: z.enum(["03", "04"], { error: "invalid" }),
  account_length: z.number({ error: "required" }).int().min(4, { error: "too_small" }).max(8, {
    error: "too_big",
  }),
  clearing_account: account,
  revenue_taxed_account: account,
  revenue_exempt_account: account,
  voucher_account: account,
});
export type DatevSettings = z.infer<typeof DatevSettingsSchema>;

export const DATEV_DEFAULTS: DatevSettings = {
  consultant_number: 1001,
  client_number: 1,
  chart: "03",
  account_length: 4,
  clearing_account: "1360",
  revenue_taxed_account: "8400",
  revenue_exempt_account: "8100",
  voucher_account: "1700",
};

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
  datev: DatevSettingsSchema,
  saved_at: z.string().nullable(),
  version: VersionSchema,
});
export type AdminSchoolSettings = z.infer<typeof AdminSchoolSettingsSchema>;

/** `datev` left out keeps the accounts saved before (D282). */
export const AdminSchoolSettingsUpdateSchema = z
  .object({ ...settingsFields, datev: DatevSettingsSchema.optional(), version: VersionSchema })
  .strict();
export type AdminSchoolSettingsUpdate = z.infer<typeof AdminSchoolSettingsUpdateSchema>;
