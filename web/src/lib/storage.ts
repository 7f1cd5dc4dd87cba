/**
 * The browser's local storage, or undefined where there is none: in the server renderer (no `window`) and
 * in browsers that block it (disabled site data, some private modes), where reading `window.localStorage`
 * itself throws. Callers treat undefined as "nothing stored" and still guard their own reads and writes,
 * which can throw too (quota, blocked storage).
 */
export function browserStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
