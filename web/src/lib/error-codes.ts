import { type ErrorBody, errorMessage, type Locale } from "@atelier/contract";
import { useLocale } from "../i18n/use-locale.ts";

/**
 * Every stable code in a rejected call's `error_codes` (decisions D8): the web shows the contract's text of a
 * code ({@link errorText}) rather than reading the server's prose. Accepts an ApiError or a bare body.
 */
export function errorCodes(errorOrBody: unknown): string[] {
  const body =
    errorOrBody && typeof errorOrBody === "object" && "body" in errorOrBody
      ? (errorOrBody as { body: unknown }).body
      : errorOrBody;
  if (!body || typeof body !== "object") return [];
  const codes = (body as ErrorBody).error_codes;
  if (!codes || typeof codes !== "object") return [];
  return Object.values(codes).flatMap((value) => (Array.isArray(value) ? value : [value]));
}

/** The stable codes of a rejected call by field: `{"visitor": ["already_booked"]}`. */
export function errorCodesByField(errorOrBody: unknown): Record<string, string[]> {
  const body =
    errorOrBody && typeof errorOrBody === "object" && "body" in errorOrBody
      ? (errorOrBody as { body: unknown }).body
      : errorOrBody;
  if (!body || typeof body !== "object") return {};
  const codes = (body as ErrorBody).error_codes;
  if (!codes || typeof codes !== "object") return {};
  return Object.fromEntries(
    Object.entries(codes).map(([field, value]) => [field, Array.isArray(value) ? value : [value]]),
  );
}

/**
 * The server's own message of a rejected call, in the request's locale (spec §8: the add-to-cart
 * alert and the promocode field show it): the first message of `field` if given, else of any field,
 * else `detail`. Undefined when the body carries none (network error, HTML error page).
 */
export function serverMessage(errorOrBody: unknown, field?: string): string | undefined {
  const body =
    errorOrBody && typeof errorOrBody === "object" && "body" in errorOrBody
      ? (errorOrBody as { body: unknown }).body
      : errorOrBody;
  if (!body || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  const first = (value: unknown) =>
    Array.isArray(value) && typeof value[0] === "string" && value[0].trim() ? value[0] : undefined;
  if (field && first(record[field])) return first(record[field]);
  for (const [key, value] of Object.entries(record)) {
    if (key === "error_codes" || key === "detail") continue;
    const message = first(value);
    if (message) return message;
  }
  return typeof record.detail === "string" && record.detail.trim() ? record.detail : undefined;
}

/**
 * The text of an error code, a zod issue's or the server's (decisions D8): the contract's texts
 * (contract/src/errors.ts) are the only texts for codes, so every form says the same thing the same way.
 * An unknown code reads as `invalid`; no code, no text.
 */
export function errorText(code: string | undefined, locale: Locale): string | undefined {
  return code ? errorMessage(code, locale) : undefined;
}

/** {@link errorText} in the page's locale. */
export function useErrorText(): (code: string | undefined) => string | undefined {
  const locale = useLocale();
  return (code) => errorText(code, locale);
}

/**
 * The server's words for a refusal it explained (a 4xx with a message: a deadline passed, a rule of the
 * shop), in the request's locale; undefined for a failure nobody explained (no connection, a 5xx, too many
 * tries), where the caller's own "please try again" is the right thing to say.
 */
export function refusalText(error: unknown): string | undefined {
  const status =
    error && typeof error === "object" && "status" in error ? (error as { status: unknown }).status : 0;
  if (typeof status !== "number" || status < 400 || status >= 500 || status === 429) return undefined;
  return errorCodes(error).length > 0 ? serverMessage(error) : undefined;
}
