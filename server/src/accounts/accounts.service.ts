import type {
  ErrorCode,
  Locale,
  PasswordChangeRequest,
  PasswordResetConfirmRequest,
  ProfileUpdateRequest,
  SignInRequest,
  SignUpRequest,
  SsoConfigReply,
  SsoProvider,
  SsoProviderConfig,
  User,
} from "@atelier/contract";
import { NAME_MAX_LENGTH, normalizeEmail, safeReturnPath, VERIFY_LINK_PARAMS } from "@atelier/contract";
import type { DeferredWork } from "../common/index.ts";
import type { Env } from "../config/index.ts";
import type { Db, DbOrTx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail } from "../mail/index.ts";
import {
  authorizationUrl,
  exchangeCode,
  fetchProfile,
  type OAuthEnv,
  OAuthError,
  type OAuthProfile,
  oauthSettings,
} from "../oauth/index.ts";
import { type AuthUser, issueAuthToken, revokeAllTokens, revokeToken } from "./auth-tokens.service.ts";
import { decodeUid, encodeUid, hashPassword, randomSecret, sha256, verifyPassword } from "./secrets.ts";
import {
  consumeUserToken,
  expireUserTokens,
  insertUserToken,
  isUserTokenUsable,
  type UserTokenPurpose,
} from "./tokens.repository.ts";
import {
  findUserByEmail,
  findUserById,
  findUserBySocialAccount,
  insertUser,
  isUniqueViolation,
  linkSocialAccount,
  phoneTaken,
  type UserChanges,
  type UserRow,
  updateUser,
  userUniqueViolation,
} from "./users.repository.ts";

export type AccountsEnv = OAuthEnv &
  Pick<Env, "EMAIL_VERIFY_TTL_HOURS" | "PASSWORD_RESET_TTL_HOURS" | "WEB_URL" | "VERIFY_LINK_STYLE">;

const HOUR_MS = 60 * 60 * 1000;
/** The phone number of a user who has not given one (spec §3: it starts as '+'). */
const NO_PHONE = "+";

export function toUser(row: UserRow): User {
  return {
    pk: row.id,
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phoneNumber,
    company_name: row.companyName,
    city: row.city,
    country: row.country,
    state: row.state,
    street: row.street,
    post_code: row.postCode,
  };
}

/** Sign-up, sign-in, e-mail verification, password reset and change, profile, logout and SSO. */
export function createAccountsService(db: Db, env: AccountsEnv, deferred: DeferredWork) {
  const publicUrl = env.PUBLIC_URL.replace(/\/$/, "");
  const webUrl = env.WEB_URL.replace(/\/$/, "");
  const mailOptions = { publicUrl };

  /** Stores a new single-use token and returns the secret that goes into the link. */
  async function newUserToken(tx: DbOrTx, userId: number, purpose: UserTokenPurpose): Promise<string> {
    const token = randomSecret();
    const ttlHours = purpose === "verify_email" ? env.EMAIL_VERIFY_TTL_HOURS : env.PASSWORD_RESET_TTL_HOURS;
    await insertUserToken(tx, {
      userId,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + ttlHours * HOUR_MS),
    });
    return token;
  }

  /**
   * The link leads to the shop page the parent registered on (`next`, checked by the contract's
   * `safeReturnPath`; home without it) with `uid` and `verify_token`: that page posts them and is signed in
   * (D167). Both names are redacted in the request log, and the token is stored only hashed.
   */
  async function sendVerificationMail(
    tx: DbOrTx,
    user: UserRow,
    locale: Locale,
    next?: string | undefined,
  ): Promise<void> {
    const token = await newUserToken(tx, user.id, "verify_email");
    const link = verificationLink(user.id, token, locale, next);
    await enqueueMail(
      tx,
      {
        to: user.email,
        template: "verify-email",
        locale,
        data: { firstName: user.firstName, link: link.href },
      },
      mailOptions,
    );
  }

  /**
   * The verification mail's link in the style the front end at WEB_URL knows (`VERIFY_LINK_STYLE`, D213):
   * our own web's page that posts `uid` and `verify_token` and signs in (D167), or the spec's flow (§4): the
   * API's `GET /api/v2/users/verify_email/?uid&token` verifies and redirects to WEB_URL with
   * `email=confirmed`, where the existing client opens its sign-in dialog.
   */
  function verificationLink(userId: number, token: string, locale: Locale, next?: string | undefined): URL {
    if (env.VERIFY_LINK_STYLE === "redirect") {
      const link = new URL(`${publicUrl}/api/v2/users/verify_email/`);
      link.search = new URLSearchParams({ uid: encodeUid(userId), token, locale }).toString();
      return link;
    }
    const link = new URL(`${webUrl}${safeReturnPath(next) ?? "/"}`);
    link.searchParams.set("locale", locale);
    link.searchParams.set(VERIFY_LINK_PARAMS.uid, encodeUid(userId));
    link.searchParams.set(VERIFY_LINK_PARAMS.token, token);
    return link;
  }

  /** Checks a link's uid and token and uses the token up; undefined when it is unknown, used or expired. */
  async function consumeLinkToken(
    tx: DbOrTx,
    purpose: UserTokenPurpose,
    uid: string,
    token: string,
  ): Promise<UserRow | undefined> {
    const userId = decodeUid(uid);
    if (userId === undefined || !token) return undefined;
    const consumed = await consumeUserToken(tx, { userId, purpose, tokenHash: sha256(token) }, new Date());
    return consumed ? findUserById(tx, userId) : undefined;
  }

  /** Registers and signs in the registering browser (D166); the verification mail leads back to `next`. */
  async function signUp(input: SignUpRequest, locale: Locale): Promise<{ email: string; key: string }> {
    const [existing, phoneUsed] = await Promise.all([
      findUserByEmail(db, input.email),
      phoneTaken(db, input.phone_number),
    ]);
    const conflicts: Record<string, ErrorCode[]> = {};
    if (existing) conflicts.email = ["email_registered"];
    if (phoneUsed) conflicts.phone_number = ["phone_unique"];
    // The school's client shows "exists" when both `email` and `username` carry errors: we say so when
    // the e-mail and the phone (the other half of a Django user's identity here) are both taken.
    if (existing && phoneUsed) conflicts.username = ["exists"];
    if (Object.keys(conflicts).length > 0) throw AppError.fieldErrors(conflicts);

    const passwordHash = await hashPassword(input.password1);
    try {
      const key = await db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          phoneNumber: input.phone_number,
          locale,
        });
        await sendVerificationMail(tx, user, locale, input.next);
        return issueAuthToken(tx, user.id);
      });
      return { email: input.email, key };
    } catch (error) {
      // Two sign-ups with one address or phone at once: the unique index decides, and names the field.
      const taken = userUniqueViolation(error);
      if (taken) throw AppError.fieldErrors({ [taken.field]: [taken.code] });
      throw error;
    }
  }

  async function signIn(input: SignInRequest): Promise<{ key: string }> {
    const user = await findUserByEmail(db, input.email);
    // Unknown e-mail and wrong password answer alike and take about as long.
    const passwordOk = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !passwordOk) throw new AppError("invalid_credentials", 400);
    // Said only to whoever knows the password, so it reveals nothing about which e-mails exist.
    if (!user.emailVerifiedAt) throw new AppError("email_not_verified", 400);
    return { key: await issueAuthToken(db, user.id) };
  }

  /** Opens the link of the verification mail; returns the user's locale when it verified the address. */
  async function verifyEmail(uid: string, token: string): Promise<{ verified: boolean; locale?: Locale }> {
    return db.transaction(async (tx) => {
      const user = await consumeLinkToken(tx, "verify_email", uid, token);
      if (!user) return { verified: false };
      if (!user.emailVerifiedAt) await updateUser(tx, user.id, { emailVerifiedAt: new Date() });
      return { verified: true, locale: user.locale };
    });
  }

  /**
   * The shop page of the verification link posts its uid and token (D167): the link is used up, the address
   * verified, and this browser signed in. When the address becomes verified here, every session made before
   * is ended (the sign-up's own one too; the web swaps in the new key): whoever registered someone else's
   * address keeps no access once its owner proves it (as D18 for single sign-on, D16 for reset).
   */
  async function verifyEmailAndSignIn(uid: string, token: string): Promise<{ key: string; email: string }> {
    return db.transaction(async (tx) => {
      const user = await consumeLinkToken(tx, "verify_email", uid, token);
      if (!user) throw new AppError("invalid_token", 400, "token");
      if (!user.emailVerifiedAt) {
        await updateUser(tx, user.id, { emailVerifiedAt: new Date() });
        await revokeAllTokens(tx, user.id);
      }
      return { key: await issueAuthToken(tx, user.id), email: user.email };
    });
  }

  /**
   * Sends a new verification link to an unverified account; nothing otherwise. The lookup runs after the
   * reply (deferred), so neither the reply nor its timing tells whether the address is registered.
   */
  function resendVerification(email: string, locale: Locale, next?: string | undefined): void {
    deferred.run("resend_verification", async () => {
      const user = await findUserByEmail(db, email);
      if (!user || user.emailVerifiedAt) return;
      await db.transaction((tx) => sendVerificationMail(tx, user, locale, next));
    });
  }

  /** Mails a reset link when the account exists, after the reply (see resendVerification). */
  function requestPasswordReset(email: string, locale: Locale): void {
    deferred.run("password_reset", () => sendPasswordResetLink(email, locale));
  }

  async function sendPasswordResetLink(email: string, locale: Locale): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    await db.transaction(async (tx) => {
      const token = await newUserToken(tx, user.id, "password_reset");
      // The sign-in dialog opens at ConfirmRestorePassword on uid and token (spec §2).
      const link = new URL(`${webUrl}/`);
      link.search = new URLSearchParams({ uid: encodeUid(user.id), token, locale }).toString();
      await enqueueMail(
        tx,
        {
          to: user.email,
          template: "password-reset",
          locale,
          data: { firstName: user.firstName, link: link.href },
        },
        mailOptions,
      );
    });
  }

  async function confirmPasswordReset(input: PasswordResetConfirmRequest): Promise<void> {
    // The token is checked before the costly hash, so guessing tokens costs us a query, not an argon2 run.
    const userId = decodeUid(input.uid);
    const usable =
      userId !== undefined &&
      (await isUserTokenUsable(
        db,
        { userId, purpose: "password_reset", tokenHash: sha256(input.token) },
        new Date(),
      ));
    if (!usable) throw new AppError("invalid_token", 400, "token");
    const passwordHash = await hashPassword(input.new_password1);
    await db.transaction(async (tx) => {
      // Consumed atomically here: of two uses of one link at once, only one gets through.
      const user = await consumeLinkToken(tx, "password_reset", input.uid, input.token);
      if (!user) throw new AppError("invalid_token", 400, "token");
      const changes: UserChanges = { passwordHash };
      // The link reached the mailbox, which proves the address as well as the verification link would.
      if (!user.emailVerifiedAt) changes.emailVerifiedAt = new Date();
      await updateUser(tx, user.id, changes);
      await expireUserTokens(tx, user.id, "password_reset", new Date());
      // Whoever knew the old password is signed out everywhere.
      await revokeAllTokens(tx, user.id);
    });
  }

  /** Sets a new password; the token of this request stays valid, every other one is revoked. */
  async function changePassword(auth: AuthUser, input: PasswordChangeRequest): Promise<void> {
    const passwordHash = await hashPassword(input.new_password1);
    await db.transaction(async (tx) => {
      await updateUser(tx, auth.id, { passwordHash });
      await revokeAllTokens(tx, auth.id, auth.tokenId);
    });
  }

  async function getUser(auth: AuthUser): Promise<User> {
    const user = await findUserById(db, auth.id);
    if (!user) throw new AppError("not_authenticated", 401);
    return toUser(user);
  }

  async function updateProfile(auth: AuthUser, input: ProfileUpdateRequest): Promise<User> {
    const user = await findUserById(db, auth.id);
    if (!user) throw new AppError("not_authenticated", 401);
    if (input.email !== undefined && normalizeEmail(input.email) !== normalizeEmail(user.email))
      throw AppError.validation("email", "email_readonly");
    const changes: UserChanges = {};
    if (input.first_name !== undefined) changes.firstName = input.first_name;
    if (input.last_name !== undefined) changes.lastName = input.last_name;
    if (input.company_name !== undefined) changes.companyName = input.company_name;
    if (input.city !== undefined) changes.city = input.city;
    if (input.country !== undefined) changes.country = input.country;
    if (input.state !== undefined) changes.state = input.state;
    if (input.street !== undefined) changes.street = input.street;
    if (input.post_code !== undefined) changes.postCode = input.post_code;
    if (input.phone_number !== undefined) {
      const phone = input.phone_number === "" ? NO_PHONE : input.phone_number;
      if (phone !== NO_PHONE && phone !== user.phoneNumber && (await phoneTaken(db, phone, user.id)))
        throw AppError.validation("phone_number", "phone_unique");
      changes.phoneNumber = phone;
    }
    if (Object.keys(changes).length === 0) return toUser(user);
    try {
      return toUser(await updateUser(db, user.id, changes));
    } catch (error) {
      // Two profiles taking one phone at once: the unique index decides.
      const taken = userUniqueViolation(error);
      if (taken) throw AppError.validation(taken.field, taken.code);
      throw error;
    }
  }

  function logout(auth: AuthUser): Promise<void> {
    return revokeToken(db, auth.tokenId);
  }

  function ssoConfig(): SsoConfigReply {
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
  async function ssoSignIn(provider: SsoProvider, code: string, locale: Locale): Promise<{ key: string }> {
    const settings = oauthSettings(env, provider);
    if (!settings) throw new AppError("sso_not_configured", 503);
    let profile: OAuthProfile;
    try {
      profile = await fetchProfile(settings, await exchangeCode(settings, code));
    } catch (error) {
      if (error instanceof OAuthError && error.reason === "invalid_code")
        throw new AppError("sso_failed", 400);
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

  return {
    signUp,
    signIn,
    verifyEmail,
    verifyEmailAndSignIn,
    resendVerification,
    requestPasswordReset,
    confirmPasswordReset,
    changePassword,
    getUser,
    updateProfile,
    logout,
    ssoConfig,
    ssoSignIn,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
