// Sign-up, sign-in, e-mail verification, password reset and change, profile, a new e-mail address, logout and
// SSO. Each use case is its own module (D355): registration.ts, passwords.ts, profile.ts, email-change.ts,
// sso.ts and the links' tokens in
// link-tokens.ts; this binds them to the context they share.
import type {
  EmailChangeConfirm,
  Locale,
  PasswordChangeRequest,
  PasswordResetConfirmRequest,
  ProfileUpdateRequest,
  SignInRequest,
  SignUpRequest,
  SsoProvider,
} from "@atelier/contract";
import type { DeferredWork } from "../common/index.ts";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { type AccountsContext, type AccountsEnv, accountsContext } from "./accounts.deps.ts";
import { type AuthUser, issueAuthToken, revokeToken } from "./auth-tokens.service.ts";
import { confirmEmailChange, requestEmailChange } from "./email-change.ts";
import { changePassword, confirmPasswordReset, requestPasswordReset } from "./passwords.ts";
import { getUser, updateProfile } from "./profile.ts";
import { resendVerification, signUp, verifyEmail, verifyEmailAndSignIn } from "./registration.ts";
import { verifyPassword } from "./secrets.ts";
import { ssoConfig, ssoSignIn } from "./sso.ts";
import { findUserByEmail } from "./users.repository.ts";

export { type AccountsEnv, toUser } from "./accounts.deps.ts";

async function signIn(ctx: AccountsContext, input: SignInRequest): Promise<{ key: string }> {
  const { db } = ctx;
  const user = await findUserByEmail(db, input.email);
  // Unknown e-mail and wrong password answer alike and take about as long.
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk) throw new AppError("invalid_credentials", 400);
  // Said only to whoever knows the password, so it reveals nothing about which e-mails exist.
  if (!user.emailVerifiedAt) throw new AppError("email_not_verified", 400);
  return { key: await issueAuthToken(db, user.id) };
}
function logout(ctx: AccountsContext, auth: AuthUser): Promise<void> {
  const { db } = ctx;
  return revokeToken(db, auth.tokenId);
}
/** Sign-up, sign-in, e-mail verification, password reset and change, profile, logout and SSO. */
export function createAccountsService(db: Db, env: AccountsEnv, deferred: DeferredWork) {
  const ctx = accountsContext(db, env, deferred);
  return {
    signUp: (input: SignUpRequest, locale: Locale) => signUp(ctx, input, locale),
    signIn: (input: SignInRequest) => signIn(ctx, input),
    verifyEmail: (uid: string, token: string) => verifyEmail(ctx, uid, token),
    verifyEmailAndSignIn: (
      uid: string,
      token: string,
      proof: { callerId: number | null; password?: string | undefined },
    ) => verifyEmailAndSignIn(ctx, uid, token, proof),
    resendVerification: (email: string, locale: Locale, next?: string | undefined) =>
      resendVerification(ctx, email, locale, next),
    requestPasswordReset: (email: string, locale: Locale) => requestPasswordReset(ctx, email, locale),
    confirmPasswordReset: (input: PasswordResetConfirmRequest) => confirmPasswordReset(ctx, input),
    changePassword: (auth: AuthUser, input: PasswordChangeRequest) => changePassword(ctx, auth, input),
    getUser: (auth: AuthUser) => getUser(ctx, auth),
    updateProfile: (auth: AuthUser, input: ProfileUpdateRequest) => updateProfile(ctx, auth, input),
    requestEmailChange: (auth: AuthUser, email: string, locale: Locale) =>
      requestEmailChange(ctx, auth, email, locale),
    confirmEmailChange: (input: EmailChangeConfirm, callerId: number | null) =>
      confirmEmailChange(ctx, input, callerId),
    logout: (auth: AuthUser) => logout(ctx, auth),
    ssoConfig: () => ssoConfig(ctx),
    ssoSignIn: (provider: SsoProvider, code: string, locale: Locale) =>
      ssoSignIn(ctx, provider, code, locale),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
export { keyAuthenticator } from "./auth-tokens.service.ts";
