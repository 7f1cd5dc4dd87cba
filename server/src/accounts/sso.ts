// Single sign-on with Google and Facebook (D18): the providers' settings for the client, and signing in
// with a provider's code to the linked account, the account of that e-mail, or a new one.
import type { Locale, SsoConfigReply, SsoProvider, SsoProviderConfig } from "@atelier/contract";
import { NAME_MAX_LENGTH, normalizeEmail } from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import {
  authorizationUrl,
  exchangeCode,
  fetchProfile,
  OAuthError,
  type OAuthProfile,
  oauthSettings,
} from "../oauth/index.ts";
import type { AccountsContext } from "./accounts.deps.ts";
import { issueAuthToken, revokeAllTokens } from "./auth-tokens.service.ts";
import {
  findUserByEmail,
  findUserBySocialAccount,
  insertUser,
  isUniqueViolation,
  linkSocialAccount,
  updateUser,
} from "./users.repository.ts";
export function ssoConfig(ctx: AccountsContext): SsoConfigReply {
  const { env } = ctx;
  const config = (provider: SsoProvider): SsoProviderConfig | null => {
    const settings = oauthSettings(env, provider);
    if (!settings) return null;
    return {
      client_id: settings.clientId,
      authorize_url: settings.authUrl,
      redirect_uri: settings.redirectUri,
      scope: settings.scope,
      url: authorizationUrl(settings),
    };
  };
  return { google: config("google"), facebook: config("facebook") };
}

/** Signs in with a provider's authorization code: the linked account, the account of that e-mail, or a new one. */
export async function ssoSignIn(
  ctx: AccountsContext,
  provider: SsoProvider,
  code: string,
  locale: Locale,
): Promise<{ key: string }> {
  const { db, env } = ctx;
  const settings = oauthSettings(env, provider);
  if (!settings) throw new AppError("sso_not_configured", 503);
  let profile: OAuthProfile;
  try {
    profile = await fetchProfile(settings, await exchangeCode(settings, code));
  } catch (error) {
    if (error instanceof OAuthError && error.reason === "invalid_code") throw new AppError("sso_failed", 400);
    if (error instanceof OAuthError) throw new AppError("sso_failed", 502);
    throw error;
  }
  const email = profile.email ? normalizeEmail(profile.email) : undefined;
  if (!email || !profile.emailVerified) throw new AppError("sso_email_missing", 400);

  const signInOnce = () =>
    db.transaction(async (tx) => {
      let user = await findUserBySocialAccount(tx, provider, profile.providerUserId);
      if (!user) {
        const existing = await findUserByEmail(tx, email);
        if (existing) {
          user = existing;
          if (!existing.emailVerifiedAt) {
            // An unverified account may have been registered by someone else with this address: the
            // provider proved the address, so the unproven password is dropped (reset sets a new one).
            user = await updateUser(tx, existing.id, { emailVerifiedAt: new Date(), passwordHash: null });
            // ... and so is the session its sign-up opened (D166).
            await revokeAllTokens(tx, existing.id);
          }
        } else {
          user = await insertUser(tx, {
            email,
            passwordHash: null,
            firstName: profile.firstName.slice(0, NAME_MAX_LENGTH),
            lastName: profile.lastName.slice(0, NAME_MAX_LENGTH),
            emailVerifiedAt: new Date(),
            locale,
          });
        }
        await linkSocialAccount(tx, {
          userId: user.id,
          provider,
          providerUserId: profile.providerUserId,
          email,
        });
      }
      return { key: await issueAuthToken(tx, user.id) };
    });
  try {
    return await signInOnce();
  } catch (error) {
    // Two first sign-ins of one person at once: the loser finds what the winner created.
    if (isUniqueViolation(error)) return signInOnce();
    throw error;
  }
}
