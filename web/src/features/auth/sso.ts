/**
 * Hook point for spec §2 navigation rule 1 (single sign-on callback): when the query carries `code` and
 * `sso_provider` is google or facebook, the accounts feature will exchange the code at
 * POST /api/v2/users/auth/sso/{provider}/ and store the returned key. Until then this only recognises
 * the callback; nobody is signed in.
 */
export type SsoCallback = { provider: "google" | "facebook"; code: string };

export function parseSsoCallback(search: Record<string, unknown>): SsoCallback | null {
  const { code, sso_provider: provider } = search;
  if (typeof code !== "string" || code === "") return null;
  if (provider !== "google" && provider !== "facebook") return null;
  return { provider, code };
}

/** Called by the root route on every navigation. Accounts issue: start the sign-in here. */
export function handleSsoCallback(_callback: SsoCallback): void {}
