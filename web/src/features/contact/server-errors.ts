import type { ErrorBody } from "@atelier/contract";

export type ServerFormErrors = {
  /** Per form field: the stable code when the server sent one, else its (localized) message. */
  fields: { name: string; code: string | undefined; message: string }[];
  /** Errors of the whole request (`non_field_errors` or `detail`), as the server wrote them. */
  general: string | undefined;
};

const first = (value: unknown): string | undefined =>
  Array.isArray(value)
    ? typeof value[0] === "string"
      ? value[0]
      : undefined
    : typeof value === "string"
      ? value
      : undefined;

/** Reads a DRF error body: which of `fieldNames` failed and why; everything else is a general error. */
export function readServerErrors(body: unknown, fieldNames: readonly string[]): ServerFormErrors {
  const result: ServerFormErrors = { fields: [], general: undefined };
  if (!body || typeof body !== "object") return result;
  const errors = body as ErrorBody;
  const codes = (errors.error_codes ?? {}) as Record<string, unknown>;
  for (const name of fieldNames) {
    const message = first(errors[name]);
    const code = first(codes[name]);
    if (message !== undefined || code !== undefined) {
      result.fields.push({ name, code, message: message ?? code ?? "" });
    }
  }
  result.general =
    first(errors.non_field_errors) ?? (typeof errors.detail === "string" ? errors.detail : undefined);
  if (!result.general) {
    // A field the form does not show (should not happen): still tell the user something went wrong.
    const other = Object.keys(errors).find(
      (key) => key !== "error_codes" && !fieldNames.includes(key) && first(errors[key]) !== undefined,
    );
    if (other) result.general = first(errors[other]);
  }
  return result;
}
