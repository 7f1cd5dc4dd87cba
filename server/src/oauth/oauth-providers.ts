import { ArcticFetchError, OAuth2Client, OAuth2RequestError } from "arctic";
import type { Env } from "../config/index.ts";

/**
 * Google and Facebook sign-in by the OAuth 2 authorization-code flow. Every endpoint comes from the
 * configuration, so tests (and a staging provider) can stand in for the real ones.
 */

export type OAuthProviderName = "google" | "facebook";

export type OAuthSettings = {
  provider: OAuthProviderName;
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  /** The shop URL with `sso_provider=<provider>`; the web reads the code from it (spec §2 navigation rule 1). */
  redirectUri: string;
  scope: string;
};

/** What a provider tells us about the person signing in. */
export type OAuthProfile = {
  providerUserId: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

/** Why a sign-in with a provider failed: a bad or used code, or a provider we could not talk to. */
export class OAuthError extends Error {
  constructor(
    readonly reason: "invalid_code" | "provider_unavailable",
    message: string,
  ) {
    super(message);
    this.name = "OAuthError";
  }
}

const SCOPES: Record<OAuthProviderName, string> = {
  google: "openid email profile",
  facebook: "email public_profile",
};

export type OAuthEnv = Pick<
  Env,
  | "PUBLIC_URL"
  | "OAUTH_REDIRECT_URL"
  | "GOOGLE_CLIENT_ID"
  | "GOOGLE_CLIENT_SECRET"
  | "GOOGLE_AUTH_URL"
  | "GOOGLE_TOKEN_URL"
  | "GOOGLE_USERINFO_URL"
  | "FACEBOOK_CLIENT_ID"
  | "FACEBOOK_CLIENT_SECRET"
  | "FACEBOOK_AUTH_URL"
  | "FACEBOOK_TOKEN_URL"
  | "FACEBOOK_USERINFO_URL"
>;

function redirectUriFor(env: OAuthEnv, provider: OAuthProviderName): string {
  const url = new URL(env.OAUTH_REDIRECT_URL ?? `${env.PUBLIC_URL.replace(/\/$/, "")}/`);
  url.searchParams.set("sso_provider", provider);
  return url.toString();
}

/** The provider's settings, or null while it is not configured (no client id): SSO is off. */
export function oauthSettings(env: OAuthEnv, provider: OAuthProviderName): OAuthSettings | null {
  const common = { provider, redirectUri: redirectUriFor(env, provider), scope: SCOPES[provider] };
  if (provider === "google") {
    if (!env.GOOGLE_CLIENT_ID) return null;
    return {
      ...common,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? "",
      authUrl: env.GOOGLE_AUTH_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      userInfoUrl: env.GOOGLE_USERINFO_URL,
    };
  }
  if (!env.FACEBOOK_CLIENT_ID) return null;
  return {
    ...common,
    clientId: env.FACEBOOK_CLIENT_ID,
    clientSecret: env.FACEBOOK_CLIENT_SECRET ?? "",
    authUrl: env.FACEBOOK_AUTH_URL,
    tokenUrl: env.FACEBOOK_TOKEN_URL,
    userInfoUrl: env.FACEBOOK_USERINFO_URL,
  };
}

/** The provider's authorization page with client id, redirect URI, scope and `response_type=code`. */
export function authorizationUrl(settings: OAuthSettings): string {
  const url = new URL(settings.authUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", settings.clientId);
  url.searchParams.set("redirect_uri", settings.redirectUri);
  url.searchParams.set("scope", settings.scope);
  return url.toString();
}

const TIMEOUT_MS = 10_000;

/** Exchanges the authorization code for an access token. */
export async function exchangeCode(settings: OAuthSettings, code: string): Promise<string> {
  if (settings.provider === "google") {
    // Google takes the client credentials by HTTP Basic auth (client_secret_basic), as arctic sends them.
    const client = new OAuth2Client(settings.clientId, settings.clientSecret, settings.redirectUri);
    try {
      const tokens = await client.validateAuthorizationCode(settings.tokenUrl, code, null);
      return tokens.accessToken();
    } catch (error) {
      if (error instanceof OAuth2RequestError) throw new OAuthError("invalid_code", error.code);
      if (error instanceof ArcticFetchError) throw new OAuthError("provider_unavailable", error.message);
      throw new OAuthError("provider_unavailable", error instanceof Error ? error.message : String(error));
    }
  }
  // Facebook takes them in the form body (arctic's Facebook adapter does the same, with fixed endpoints).
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: settings.redirectUri,
    client_id: settings.clientId,
    client_secret: settings.clientSecret,
  });
  const response = await fetchJson(settings.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body,
  });
  if (response.status >= 400 && response.status < 500) throw new OAuthError("invalid_code", "code refused");
  const accessToken = (response.json as { access_token?: unknown } | null)?.access_token;
  if (response.status !== 200 || typeof accessToken !== "string")
    throw new OAuthError("provider_unavailable", `token endpoint answered ${response.status}`);
  return accessToken;
}

/** Reads the signed-in person from the provider's user-info endpoint. */
export async function fetchProfile(settings: OAuthSettings, accessToken: string): Promise<OAuthProfile> {
  const response = await fetchJson(settings.userInfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
  });
  const info = response.json as Record<string, unknown> | null;
  if (response.status !== 200 || !info)
    throw new OAuthError("provider_unavailable", `user info answered ${response.status}`);
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  if (settings.provider === "google") {
    const id = text(info.sub);
    if (!id) throw new OAuthError("provider_unavailable", "user info without sub");
    return {
      providerUserId: id,
      email: text(info.email) || undefined,
      emailVerified: info.email_verified === true || info.email_verified === "true",
      firstName: text(info.given_name),
      lastName: text(info.family_name),
    };
  }
  const id = typeof info.id === "number" ? String(info.id) : text(info.id);
  if (!id) throw new OAuthError("provider_unavailable", "user info without id");
  // Facebook only returns addresses its users have confirmed.
  const email = text(info.email) || undefined;
  return {
    providerUserId: id,
    email,
    emailVerified: Boolean(email),
    firstName: text(info.first_name),
    lastName: text(info.last_name),
  };
}

async function fetchJson(url: string, init: RequestInit): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new OAuthError("provider_unavailable", error instanceof Error ? error.message : String(error));
  }
  const json = await response.json().catch(() => null);
  return { status: response.status, json };
}
