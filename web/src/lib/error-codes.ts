import type { ErrorBody } from "@atelier/contract";

/**
 * Every stable code in a rejected call's `error_codes` (decisions D8): the web maps codes to its own
 * texts and never reads the server's prose. Accepts an ApiError or a bare body.
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
