import { searchWithout } from "./auth-dialog-store.ts";

/**
 * Spec §2 navigation rule 1 (single sign-on callback): when the query carries `code` and `sso_provider`
 * is google or facebook, the code is exchanged at POST /api/v2/users/auth/sso/{provider}/ and the
 * returned key stored (spec §4). The provider's redirect_uri (from the server's SSO config) carries
 * `sso_provider`; `state` is our anti-forgery nonce, checked before the exchange.
 * This file is in the main bundle: the exchange itself is loaded on demand.
 */
export type SsoProviderName = "google" | "facebook";
export type SsoCallback = { provider: SsoProviderName; code: string; state?: string | undefined };

export function parseSsoCallback(search: Record<string, unknown>): SsoCallback | null {
  const { code, sso_provider: provider, state } = search;
  if (typeof code !== "string" || code === "") return null;
  if (provider !== "google" && provider !== "facebook") return null;
  return { provider, code, state: typeof state === "string" ? state : undefined };
}

/** From the raw query string: the router would JSON-parse a purely numeric code into a number. */
export function ssoCallbackFromSearchStr(searchStr: string): SsoCallback | null {
  return parseSsoCallback(Object.fromEntries(new URLSearchParams(searchStr)));
}

/** Query keys of the provider's redirect; removed from the URL once the sign-in has started. */
export const SSO_CALLBACK_PARAMS = ["code", "sso_provider", "state", "scope", "authuser", "prompt"] as const;

export function searchWithoutSsoParams(searchStr: string): string {
  return searchWithout(searchStr, SSO_CALLBACK_PARAMS);
}

/** Local storage key of the `state` nonce sent to the provider (spec §3 names the others). */
export const SSO_STATE_KEY = "sso-state";

// A code is single-use: a second navigation with the same URL must not exchange it again.
const handledCodes = new Set<string>();

/** Called by the root route on every navigation (not on preloads): starts the sign-in once per code. */
export function handleSsoCallback(callback: SsoCallback): void {
  if (handledCodes.has(callback.code)) return;
  handledCodes.add(callback.code);
  void import("./sso-sign-in.ts").then((module) => module.exchangeSsoCode(callback));
}
