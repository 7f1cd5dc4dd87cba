import { useSyncExternalStore } from "react";
import { type CookieConsent, DEFAULT_CONSENT, readConsent, subscribeConsent } from "./consent-store.ts";

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

let cache: { raw: string; consent: CookieConsent } = { raw: "", consent: DEFAULT_CONSENT };
function snapshot(): CookieConsent {
  const consent = readConsent(browserStorage());
  const raw = JSON.stringify(consent);
  if (raw !== cache.raw) cache = { raw, consent };
  return cache.consent;
}

function subscribe(onChange: () => void) {
  const unsubscribe = subscribeConsent(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    unsubscribe();
    window.removeEventListener("storage", onChange);
  };
}

/**
 * The visitor's cookie choice. Features that load third-party content (e.g. the IP-country lookup of
 * the phone input) must check `externalMedia` first.
 */
export function useCookieConsent(): CookieConsent {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULT_CONSENT);
}
