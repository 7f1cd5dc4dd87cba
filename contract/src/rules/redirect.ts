import { matchPageRoute, matchPageRouteAnyCase, REDIRECTS } from "../routes.ts";
import { safeReturnPath } from "./return-path.ts";

/** The longest address staff may redirect from, and the longest external address they may redirect to. */
export const REDIRECT_PATH_MAX_LENGTH = 200;
export const REDIRECT_URL_MAX_LENGTH = 2000;

/**
 * Addresses the server answers itself: a redirect from one of them would never be reached, or would hide
 * what the server serves there.
 */
const SYSTEM_PREFIXES = ["/api", "/admin", "/media", "/assets", "/images"];
const SYSTEM_PATHS = ["/healthz", "/readyz", "/robots.txt", "/sitemap.xml"];

/** A path without its trailing slashes. */
function withoutTrailingSlash(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * A source as it is stored and looked up: in lower case and without a trailing slash, so `/Sommer/`, typed
 * from a flyer as `/sommer`, is one address.
 */
export function redirectSourceKey(path: string): string {
  return withoutTrailingSlash(path).toLowerCase();
}

/**
 * Why `path` cannot be the address a staff redirect starts from (D189), or undefined when it can: a path of
 * this site (one leading `/`, no query, hash, space, control character or backslash) that is neither a page
 * of the shop, nor in the built-in table, nor one the server keeps for itself.
 */
export function redirectSourceProblem(
  path: string,
): "invalid_redirect_path" | "redirect_path_reserved" | undefined {
  if (path.length < 2 || path.length > REDIRECT_PATH_MAX_LENGTH) return "invalid_redirect_path";
  if (!path.startsWith("/") || path.startsWith("//")) return "invalid_redirect_path";
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (char === "\\" || char === "?" || char === "#" || code <= 0x20 || code === 0x7f || /\s/.test(char))
      return "invalid_redirect_path";
  }
  // Pages, the built-in table and the server's own prefixes in any case (D203): a source is stored and
  // looked up in lower case, so `/Product/15` would otherwise take `/product/15`'s address.
  const written = withoutTrailingSlash(path);
  const key = redirectSourceKey(path);
  if (
    written === "/" ||
    matchPageRoute(written) !== undefined ||
    matchPageRouteAnyCase(written) !== undefined
  )
    return "redirect_path_reserved";
  if (Object.keys(REDIRECTS).some((builtIn) => builtIn.toLowerCase() === key))
    return "redirect_path_reserved";
  if (SYSTEM_PATHS.includes(key)) return "redirect_path_reserved";
  if (SYSTEM_PREFIXES.some((prefix) => key === prefix || key.startsWith(`${prefix}/`)))
    return "redirect_path_reserved";
  return undefined;
}

export type RedirectTarget =
  | { kind: "internal"; href: string; sourceKey: string }
  | { kind: "external"; href: string };

/**
 * Where a staff redirect may lead (D189): a page of this shop (a path, with query and hash if wanted) or,
 * leaving the site (spec §2 rule 3), a full `https://` address without credentials. `sourceKey` is the
 * internal target's path as a source is stored, so a save can refuse a redirect that comes back round.
 */
export function parseRedirectTarget(
  value: string,
  /** The shop's own hosts (`PUBLIC_URL`'s): a full address there is a page of the shop, written long (D203). */
  ownHosts: readonly string[] = [],
): RedirectTarget | undefined {
  const own = ownAddressPath(value, ownHosts);
  if (own !== undefined) return own === null ? undefined : parseRedirectTarget(own);
  if (value.startsWith("/")) {
    const href = safeReturnPath(value);
    if (href === null) return undefined;
    return {
      kind: "internal",
      href,
      sourceKey: redirectSourceKey(new URL(href, "https://x.invalid").pathname),
    };
  }
  if (value.length > REDIRECT_URL_MAX_LENGTH || /[\s\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" || url.hostname === "" || url.username !== "" || url.password !== "")
    return undefined;
  return { kind: "external", href: url.href };
}

/**
 * The path (with query and hash) of an `http(s)://` address on one of the shop's own hosts; null for such an
 * address that is no page path; undefined for any other value.
 */
function ownAddressPath(value: string, ownHosts: readonly string[]): string | null | undefined {
  if (ownHosts.length === 0 || !/^https?:\/\//i.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (!ownHosts.some((host) => host.toLowerCase() === url.host)) return undefined;
  if (url.username !== "" || url.password !== "" || /[\s\\]/.test(value)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
