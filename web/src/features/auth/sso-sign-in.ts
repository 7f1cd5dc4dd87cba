import type { SsoProvider, SsoProviderConfig } from "@atelier/contract";
import { errorCodes } from "../../lib/error-codes.ts";
import { browserStorage } from "../../lib/storage.ts";
import { authApi } from "./api/auth-api.ts";
import { closeAuthDialog, openAuthDialog } from "./auth-dialog-store.ts";
import { completeSignIn } from "./sign-in-flow.ts";
import { SSO_STATE_KEY, type SsoCallback } from "./sso.ts";

/** A fresh random nonce for the provider's `state`. */
function newState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The provider's authorization URL with our `state` added (the server fills in everything else). */
export function authorizationUrl(config: Pick<SsoProviderConfig, "url">, state: string): string {
  const url = new URL(config.url);
  url.searchParams.set("state", state);
  return url.toString();
}

/**
 * Spec §2: the provider's authorization page opens in a new tab. That tab comes back to the shop with
 * `?sso_provider=...&code=...&state=...`, signs in there and stores the token; this tab follows through
 * the `storage` event (same local storage).
 */
export function openProviderPage(config: SsoProviderConfig): void {
  const state = newState();
  browserStorage()?.setItem(SSO_STATE_KEY, state);
  // With noopener, window.open returns null even on success, so a blocked popup cannot be told apart.
  window.open(authorizationUrl(config, state), "_blank", "noopener");
}

export async function exchangeSsoCode(callback: SsoCallback): Promise<void> {
  const expected = browserStorage()?.getItem(SSO_STATE_KEY);
  browserStorage()?.removeItem(SSO_STATE_KEY);
  // A code without our nonce was not started by this browser (login forgery): never exchange it.
  if (!expected || callback.state !== expected) {
    openAuthDialog({ notice: "ssoFailed" });
    return;
  }
  try {
    const { key } = await authApi.ssoSignIn(callback.provider as SsoProvider, callback.code);
    await completeSignIn(key);
    closeAuthDialog();
  } catch (error) {
    const code = errorCodes(error)[0];
    openAuthDialog({ notice: code === "sso_not_configured" ? "ssoNotConfigured" : "ssoFailed" });
  }
}
