/**
 * What a post code may look like (D605). The country is a free text the parent types; empty, or any of the
 * usual names of Germany, means Germany, where a post code has five digits ("10435"). Abroad a post code
 * is letters, digits, spaces and hyphens ("SW1A 1AA", "1010", "00-950", "101000"). An empty post code is
 * left to the rules that ask for an address (D170). Free of zod.
 */

/** How parents write Germany into the country field, compared trimmed and in lower case. */
const GERMANY = new Set([
  "",
  "d",
  "de",
  "deu",
  "deutschland",
  "germany",
  "brd",
  "bundesrepublik deutschland",
  "германия",
]);

export function isGermany(country: string | null | undefined): boolean {
  return GERMANY.has((country ?? "").trim().toLowerCase());
}

/** Why a post code does not fit its country, as an error code; null when it fits or is empty. */
export function postCodeProblem(
  postCode: string | null | undefined,
  country: string | null | undefined,
): "post_code_german" | "post_code_invalid" | null {
  const code = (postCode ?? "").trim();
  if (!code) return null;
  // "D-10435", as addresses were once written, is still a German post code.
  if (isGermany(country)) return /^(?:DE?-)?\d{5}$/i.test(code) ? null : "post_code_german";
  return /^[\p{L}\d](?:[\p{L}\d -]{0,10}[\p{L}\d])?$/u.test(code) ? null : "post_code_invalid";
}
