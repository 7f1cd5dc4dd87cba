// Registering and proving the e-mail address (D166, D167, D213): sign-up signs the browser in at once and
// mails a verification link; opening it verifies the address and, from the shop page, signs in.
import type { ErrorCode, Locale, SignUpRequest } from "@atelier/contract";
import { normalizeEmail, safeReturnPath, VERIFY_LINK_PARAMS } from "@atelier/contract";
import type { DbOrTx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail } from "../mail/index.ts";
import type { AccountsContext } from "./accounts.deps.ts";
import { issueAuthToken, revokeAllTokens } from "./auth-tokens.service.ts";
import { consumeLinkToken, newUserToken } from "./link-tokens.ts";
import { decodeUid, encodeUid, hashPassword, sha256, verifyPassword } from "./secrets.ts";
import { isUserTokenUsable } from "./tokens.repository.ts";
import {
  findUserByEmail,
  findUserById,
  insertUser,
  lockUser,
  phoneTaken,
  type UserRow,
  updateUser,
  userUniqueViolation,
} from "./users.repository.ts";
/** Registers and signs in the registering browser (D166); the verification mail leads back to `next`. */
export async function signUp(
  ctx: AccountsContext,
  input: SignUpRequest,
  locale: Locale,
): Promise<{ email: string; key: string }> {
  const { db } = ctx;
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
      await sendVerificationMail(ctx, tx, user, locale, input.next);
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

/**
 * The link leads to the shop page the parent registered on (`next`, checked by the contract's
 * `safeReturnPath`; home without it) with `uid` and `verify_token`: that page posts them and is signed in
 * (D167). Both names are redacted in the request log, and the token is stored only hashed.
 */
export async function sendVerificationMail(
  ctx: AccountsContext,
  tx: DbOrTx,
  user: UserRow,
  locale: Locale,
  next?: string | undefined,
): Promise<void> {
  const { mailOptions } = ctx;
  const token = await newUserToken(ctx, tx, user.id, "verify_email");
  const link = verificationLink(ctx, user.id, token, locale, next);
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
export function verificationLink(
  ctx: AccountsContext,
  userId: number,
  token: string,
  locale: Locale,
  next?: string | undefined,
): URL {
  const { env, publicUrl, webUrl } = ctx;
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

/** Opens the link of the verification mail; returns the user's locale when it verified the address. */
export async function verifyEmail(
  ctx: AccountsContext,
  uid: string,
  token: string,
): Promise<{ verified: boolean; locale?: Locale }> {
  const { db } = ctx;
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
 * is ended (the sign-up's own one too; the web swaps in the new key), as D18 for single sign-on and D16
 * for reset.
 *
 * The password chosen at sign-up is the registrant's, not yet proven to be the address owner's (D540): a
 * link opened anywhere but in the registering browser's session asks for it. Whoever registered someone
 * else's address therefore keeps nothing when the owner opens the link: the owner, who never chose that
 * password, sets one through "Passwort vergessen?", which ends the registrant's password and sessions.
 * The token is checked before the costly hash, and used up only once the password is given.
 */
export async function verifyEmailAndSignIn(
  ctx: AccountsContext,
  uid: string,
  token: string,
  proof: { callerId: number | null; password?: string | undefined },
): Promise<{ key: string; email: string }> {
  const { db } = ctx;
  const userId = decodeUid(uid);
  const usable =
    userId !== undefined &&
    (await isUserTokenUsable(db, { userId, purpose: "verify_email", tokenHash: sha256(token) }, new Date()));
  if (!usable) throw new AppError("invalid_token", 400, "token");
  const pending = await findUserById(db, userId);
  if (pending && !pending.emailVerifiedAt && pending.passwordHash && proof.callerId !== pending.id) {
    if (!proof.password) throw AppError.validation("password", "verify_password_required");
    if (!(await verifyPassword(pending.passwordHash, proof.password)))
      throw AppError.validation("password", "verify_password_wrong");
  }
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
export function resendVerification(
  ctx: AccountsContext,
  email: string,
  locale: Locale,
  next?: string | undefined,
): void {
  const { db, deferred } = ctx;
  deferred.run("resend_verification", async () => {
    const found = await findUserByEmail(db, email);
    if (!found || found.emailVerifiedAt) return;
    await db.transaction(async (tx) => {
      // Read again under the account's lock: an account moved to another address meanwhile (D577) gets
      // no link at its old one.
      const user = await lockUser(tx, found.id);
      if (!user || user.emailVerifiedAt || normalizeEmail(user.email) !== normalizeEmail(email)) return;
      await sendVerificationMail(ctx, tx, user, locale, next);
    });
  });
}
