import { COOKIE_MODAL_CLOSED_COOKIE, STORAGE_KEYS } from "@atelier/contract";
import { readCookie } from "../../lib/cookies.ts";
import { COOKIE_CONSENT_STORAGE_KEY } from "../../lib/external-media-consent.ts";

/**
 * Local storage key of the chosen options (the spec names only `is-closed-cookie`, spec §3); declared in lib
 * because features that load third-party content read the external-media choice from it too.
 */
export const COOKIE_CONSENT_KEY = COOKIE_CONSENT_STORAGE_KEY;

export type CookieConsent = { essential: true; statistics: boolean; externalMedia: boolean };

export const DEFAULT_CONSENT: CookieConsent = { essential: true, statistics: false, externalMedia: false };
export const ALL_CONSENT: CookieConsent = { essential: true, statistics: true, externalMedia: true };

type ReadableStorage = Pick<Storage, "getItem">;
type WritableStorage = Pick<Storage, "setItem">;

/** Stored consent; anything missing or malformed means "not given" (essential stays on). */
export function parseConsent(raw: string | null): CookieConsent {
  if (!raw) return DEFAULT_CONSENT;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object") return DEFAULT_CONSENT;
    const { statistics, externalMedia } = value as Record<string, unknown>;
    return { essential: true, statistics: statistics === true, externalMedia: externalMedia === true };
  } catch {
    return DEFAULT_CONSENT;
  }
}

/** Spec §2: the modal is shown unless `is-closed-cookie` equals "true". */
export function isCookieModalClosed(storage: ReadableStorage | undefined): boolean {
  try {
    return storage?.getItem(STORAGE_KEYS.cookieClosed) === "true";
  } catch {
    return false;
  }
}

export function readConsent(storage: ReadableStorage | undefined): CookieConsent {
  try {
    return parseConsent(storage?.getItem(COOKIE_CONSENT_KEY) ?? null);
  } catch {
    return DEFAULT_CONSENT;
  }
}

export function saveConsent(storage: WritableStorage | undefined, consent: CookieConsent) {
  try {
    storage?.setItem(COOKIE_CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // Storage full or blocked: the choice holds for this page view only.
  }
}

export function markCookieModalClosed(storage: WritableStorage | undefined) {
  try {
    storage?.setItem(STORAGE_KEYS.cookieClosed, "true");
  } catch {
    // See saveConsent.
  }
  mirrorModalClosedForServer(true);
}

/**
 * Keeps the cookie that tells the server renderer whether to put the modal into a page (D86) equal to the
 * stored choice; written only when it differs (a logout clears the storage, not the cookie).
 */
export function mirrorModalClosedForServer(closed: boolean) {
  if (typeof document === "undefined") return;
  if ((readCookie(document.cookie, COOKIE_MODAL_CLOSED_COOKIE) === "true") === closed) return;
  const value = closed ? "true; Max-Age=31536000" : "; Max-Age=0";
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie write; the Cookie Store API is not in every supported browser.
  document.cookie = `${COOKIE_MODAL_CLOSED_COOKIE}=${value}; Path=/; SameSite=Lax`;
}

/**
 * The footer's "cookie settings" link asks the root layout to show the modal again (TDDDG: withdrawing
 * consent must be as easy as giving it). An event on `window` keeps the footer and the layout apart and
 * costs the first load nothing.
 */
const COOKIE_SETTINGS_EVENT = "atelier:cookie-settings";

export function requestCookieSettings() {
  window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT));
}

/** Calls `listener` whenever the cookie settings are asked for; returns the unsubscribe. */
export function onCookieSettingsRequest(listener: () => void): () => void {
  window.addEventListener(COOKIE_SETTINGS_EVENT, listener);
  return () => window.removeEventListener(COOKIE_SETTINGS_EVENT, listener);
}
