import { toCsv } from "@atelier/contract";
import { downloadCSV, type Exporter } from "react-admin";
import { auditFieldLabel, auditValueText } from "../audit/audit-changes.ts";
import { adminI18n, currentAdminLocale } from "../i18n/i18n-provider.ts";

/** Fields that say nothing to a reader of the file: the edit check. */
const LEFT_OUT = new Set(["version"]);

/** Fields that name another record by its id, and the list it is in: the file names it, not its number. */
const REFERENCES: Record<string, string> = {
  product_page: "products",
  products: "products",
  category: "categories",
  location_id: "locations",
  instructor: "instructors",
  instructors: "instructors",
  season: "academy-seasons",
  handler: "people",
};

/** Ids to the names of the records they name, per field. */
export type ReferenceNames = Record<string, ReadonlyMap<number, string>>;

/** A record's name as its screens show it: its name or label (in the reader's language), else a person's. */
export function recordName(record: Record<string, unknown>, locale: "de" | "ru"): string {
  for (const key of ["name", "label", "title"]) {
    const value = record[key];
    if (typeof value === "string" && value) return value;
    if (typeof value === "object" && value !== null) {
      const texts = value as { de?: string; ru?: string };
      const text = (locale === "ru" && texts.ru) || texts.de;
      if (text) return text;
    }
  }
  const person = `${record.first_name ?? ""} ${record.last_name ?? ""}`.trim();
  return person || String(record.email ?? record.code ?? record.id ?? "");
}

/**
 * A list's export as staff open it in a spreadsheet (D590), not react-admin's raw one (English codes,
 * cents, UTC times, `,` between fields): the columns named as the screens name them, values in words as the
 * audit log writes them (codes as words, money in euros, moments in Berlin time), in the staff member's
 * language; written by the contract's spreadsheet rule (UTF-8 with BOM, `;`, safe against formulas).
 */
export function staffRows(
  records: readonly Record<string, unknown>[],
  resource: string,
  names: ReferenceNames = {},
) {
  const locale = currentAdminLocale();
  const translate = (key: string, options?: { _?: string }) => adminI18n.translate(key, options);
  const words = { yes: translate("admin.words.yes"), no: translate("admin.words.no") };
  const label = (field: string) => auditFieldLabel(translate, resource, field);
  const fields = [...new Set(records.flatMap((record) => Object.keys(record)))].filter(
    (f) => !LEFT_OUT.has(f),
  );
  const rows = records.map((record) =>
    fields.map((field) => {
      const named = names[field];
      const value = record[field];
      const text = named
        ? auditValueText(field, nameOf(named, value), locale, words, resource, label)
        : auditValueText(field, value, locale, words, resource, label);
      return text === "—" ? "" : text;
    }),
  );
  return { header: fields.map(label), rows };
}

/** An id (or a list of them) as the names of the records, an id without a record kept as it is. */
function nameOf(named: ReadonlyMap<number, string>, value: unknown): unknown {
  if (typeof value === "number") return named.get(value) ?? value;
  return Array.isArray(value) ? value.map((one) => nameOf(named, one)) : value;
}

/** Reads some records of a list by id (react-admin's `getMany`). */
export type ReadMany = (resource: string, ids: number[]) => Promise<Record<string, unknown>[]>;

/** The most ids one read asks for: the server's lists take at most 100 (`filter.ids`). */
const IDS_PER_READ = 100;

/** The names of the records the rows name by id, read 100 at a time. */
export async function referenceNames(
  records: readonly Record<string, unknown>[],
  readMany: ReadMany,
  locale: "de" | "ru",
): Promise<ReferenceNames> {
  const names: Record<string, Map<number, string>> = {};
  const fields = [...new Set(records.flatMap((record) => Object.keys(record)))];
  for (const field of fields) {
    const resource = REFERENCES[field];
    if (!resource) continue;
    const ids = [...new Set(records.flatMap((record) => [record[field]].flat()))].filter(
      (id): id is number => typeof id === "number",
    );
    const named = new Map<number, string>();
    for (let from = 0; from < ids.length; from += IDS_PER_READ) {
      // A list that cannot be read (a role without it) leaves the numbers: the export still downloads.
      const rows = await readMany(resource, ids.slice(from, from + IDS_PER_READ)).catch(() => []);
      for (const one of rows) named.set(Number(one.id), recordName(one, locale));
    }
    names[field] = named;
  }
  return names;
}

export const staffCsv: Exporter = async (records, _fetchRelated, dataProvider, resource = "export") => {
  const rows0 = records as Record<string, unknown>[];
  const readMany: ReadMany = async (list, ids) =>
    (await dataProvider.getMany(list, { ids })).data as Record<string, unknown>[];
  const names = await referenceNames(rows0, readMany, currentAdminLocale());
  const { header, rows } = staffRows(rows0, resource, names);
  const name = adminI18n.translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
  // react-admin's download adds no byte order mark; `toCsv` writes one, so Excel reads umlauts and Cyrillic.
  downloadCSV(toCsv(header, rows), name);
};
