const KNOWN = new Set([
  "required",
  "too_long",
  "invalid_date",
  "birth_date_in_future",
  "birth_date_too_young",
  "birth_date_too_old",
]);

type VisitorErrorKey =
  | "required"
  | "too_long"
  | "invalid"
  | "invalid_date"
  | "birth_date_in_future"
  | "birth_date_too_young"
  | "birth_date_too_old";

/** The text key of a contract error code on a visitor field (zod messages and `error_codes` are codes). */
export function visitorFieldErrorKey(code: string): VisitorErrorKey {
  return KNOWN.has(code) ? (code as VisitorErrorKey) : "invalid";
}
