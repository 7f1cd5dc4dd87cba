/**
 * The path the server answered for this document, read once when the app starts (main.tsx imports this
 * first). A page the app reaches later by a link has another path.
 */
export const documentPath = typeof window === "undefined" ? undefined : samePath(window.location.pathname);

/** A path as both the router and the address bar may spell it: decoded, without a trailing slash. */
export function samePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as it is.
  }
  return decoded.replace(/\/+$/, "") || "/";
}

const RELOAD_KEY = "not-found-reload";

/**
 * Spec §2 rule 3 for links inside the app (D189): a path the app has no page for may be a redirect staff
 * keep, which only the server knows. The first time the app shows "not found" for a path it reached by a
 * link, it asks the server by loading that address; the server redirects (within the shop or off the site)
 * or answers its 404, and then this document's path is that path, so it happens once. A marker in the
 * tab's session guards against a reload loop should the two ever spell a path differently.
 */
export function askServerForUnknownPath(path: string): boolean {
  if (documentPath === undefined || samePath(path) === documentPath) return false;
  const href = window.location.href;
  try {
    const last = JSON.parse(sessionStorage.getItem(RELOAD_KEY) ?? "null") as {
      href: string;
      at: number;
    } | null;
    if (last && last.href === href && Date.now() - last.at < 10_000) return false;
    sessionStorage.setItem(RELOAD_KEY, JSON.stringify({ href, at: Date.now() }));
  } catch {
    // Without session storage the path comparison alone decides.
  }
  window.location.replace(href);
  return true;
}
