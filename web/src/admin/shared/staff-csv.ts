import { toCsv } from "@atelier/contract";
import { downloadCSV, type Exporter } from "react-admin";
import { auditFieldLabel, auditValueText } from "../audit/audit-changes.ts";
import { adminI18n, currentAdminLocale } from "../i18n/i18n-provider.ts";

/** Fields that say nothing to a reader of the file: the edit check. */
const LEFT_OUT = new Set(["version"]);

/**
 * A list's export as staff open it in a spreadsheet (D590), not react-admin's raw one (English codes,
 * cents, UTC times, `,` between fields): the columns named as the screens name them, values in words as the
 * audit log writes them (codes as words, money in euros, moments in Berlin time), in the staff member's
 * language; written by the contract's spreadsheet rule (UTF-8 with BOM, `;`, safe against formulas).
 */
export function staffRows(records: readonly Record<string, unknown>[], resource: string) {
  const locale = currentAdminLocale();
  const translate = (key: string, options?: { _?: string }) => adminI18n.translate(key, options);
  const words = { yes: translate("admin.words.yes"), no: translate("admin.words.no") };
  const label = (field: string) => auditFieldLabel(translate, resource, field);
  const fields = [...new Set(records.flatMap((record) => Object.keys(record)))].filter(
    (f) => !LEFT_OUT.has(f),
  );
  const rows = records.map((record) =>
    fields.map((field) => {
      const text = auditValueText(field, record[field], locale, words, resource, label);
      return text === "—" ? "" : text;
    }),
  );
  return { header: fields.map(label), rows };
}

export const staffCsv: Exporter = (records, _related, _dataProvider, resource = "export") => {
  const { header, rows } = staffRows(records as Record<string, unknown>[], resource);
  const name = adminI18n.translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
  // react-admin's download adds no byte order mark; `toCsv` writes one, so Excel reads umlauts and Cyrillic.
  downloadCSV(toCsv(header, rows), name);
};
