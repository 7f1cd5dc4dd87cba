import type { Env } from "../config/index.ts";
import type { SchoolSettingsValues } from "../settings/index.ts";

/** Who issues the invoices: the school as configured (§ 14(4) Nr. 1 and 2 UStG). */
export type Seller = {
  legalName: string;
  /** One line, comma-separated; printed one part a line. */
  address: string;
  taxId: string;
  email: string;
  /** The note on VAT-exempt lines (§ 4 Nr. 21 UStG), German and Russian. */
  vatNote: { de: string; ru: string };
};

export type SellerEnv = Pick<
  Env,
  | "SCHOOL_LEGAL_NAME"
  | "SCHOOL_ADDRESS"
  | "SCHOOL_TAX_ID"
  | "SCHOOL_EMAIL"
  | "INVOICE_VAT_NOTE_DE"
  | "INVOICE_VAT_NOTE_RU"
>;

export function sellerFromEnv(env: SellerEnv): Seller {
  return {
    legalName: env.SCHOOL_LEGAL_NAME,
    address: env.SCHOOL_ADDRESS,
    taxId: env.SCHOOL_TAX_ID,
    email: env.SCHOOL_EMAIL,
    vatNote: { de: env.INVOICE_VAT_NOTE_DE, ru: env.INVOICE_VAT_NOTE_RU },
  };
}

/** The seller as the school's settings say now (D243): frozen into each invoice and credit note issued. */
export function sellerFromSettings(settings: SchoolSettingsValues): Seller {
  return {
    legalName: settings.legalName,
    address: settings.address,
    taxId: settings.taxId,
    email: settings.schoolEmail,
    vatNote: { de: settings.vatNoteDe, ru: settings.vatNoteRu },
  };
}
