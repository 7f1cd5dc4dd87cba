/**
 * Whether the visitor allowed external media in the cookie modal. Shared so that any feature loading
 * third-party content (the phone input's IP-to-country lookup) can check it without importing the
 * cookie-consent feature. Reads the same local storage entry the cookie modal writes
 * (`cookie-consent`: `{essential, statistics, externalMedia}`); anything else means "no".
 */
export const COOKIE_CONSENT_STORAGE_KEY = "cookie-consent";

export function hasExternalMediaConsent(storage: Pick<Storage, "getItem"> | undefined): boolean {
  try {
    const raw = storage?.getItem(COOKIE_CONSENT_STORAGE_KEY);
    if (!raw) return false;
    const value: unknown = JSON.parse(raw);
    return (
      !!value && typeof value === "object" && (value as { externalMedia?: unknown }).externalMedia === true
    );
  } catch {
    return false;
  }
}
