import { createHash } from "node:crypto";

/**
 * The version of a record as staff read it (D99): a digest of its values, so any change, by staff, by a
 * parent's booking or by hand in the database, makes an edit read before it stale. Keys are sorted so the
 * same values always give the same version.
 */
export function versionOf(record: unknown): string {
  return createHash("sha256").update(stableJson(record)).digest("base64url").slice(0, 22);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
