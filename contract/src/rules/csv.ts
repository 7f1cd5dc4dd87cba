/**
 * CSV for spreadsheets (D132): UTF-8 with a byte order mark (Excel otherwise reads the umlauts and Cyrillic
 * wrongly), `;` between fields (German Excel's list separator, so a double-click opens it in columns),
 * CRLF between rows (RFC 4180), every field quoted when it holds `;`, `"`, a line break or leading/trailing
 * blanks. Against formula injection (OWASP "CSV Injection"), a text starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return gets a leading `'`, so Excel and LibreOffice show it as text and never run it. Plain
 * numbers (`12`, `-12,50`) stay numbers: a number cannot be a formula.
 */
export const CSV_SEPARATOR = ";";
const BOM = "\uFEFF";
const NUMBER = /^-?\d+(,\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "number") text = text.replace(".", ",");
  if (!NUMBER.test(text) && FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header row, then the rows, each row's fields in the header's order. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `${BOM}${[header, ...rows].map((row) => row.map(csvField).join(CSV_SEPARATOR)).join("\r\n")}\r\n`;
}

/**
 * Cents as a decimal with a comma, as German spreadsheets read it: 1250 → "12,50", -5 → "-0,05". Not the
 * API's decimal (the contract's `centsToDecimal`, "12.50"), hence its own name.
 */
export function centsForSpreadsheet(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}
