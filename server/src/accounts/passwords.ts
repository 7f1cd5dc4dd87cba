// Passwords: the reset link (mailed after the reply, so nobody learns which addresses exist), its
// confirmation, and a signed-in change; each ends the other sessions of whoever knew the old one.
import {
  type Locale,
  normalizeEmail,
  type PasswordChangeRequest,
  type PasswordResetConfirmRequest,
} from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import { enqueueMail } from "../mail/index.ts";
import type { AccountsContext } from "./accounts.deps.ts";
import { type AuthUser, revokeAllTokens } from "./auth-tokens.service.ts";
import { consumeLinkToken, newUserToken } from "./link-tokens.ts";
import { decodeUid, encodeUid, hashPassword, sha256 } from "./secrets.ts";
import { expireUserTokens, isUserTokenUsable } from "./tokens.repository.ts";
import { findUserByEmail, lockUser, type UserChanges, updateUser } from "./users.repository.ts";
/** Mails a reset link when the account exists, after the reply (see resendVerification). */
export function requestPasswordReset(ctx: AccountsContext, email: string, locale: Locale): void {
  const { deferred } = ctx;
  deferred.run("password_reset", () => sendPasswordResetLink(ctx, email, locale));
}

export async function sendPasswordResetLink(
  ctx: AccountsContext,
  email: string,
  locale: Locale,
): Promise<void> {
  const { db, webUrl, mailOptions } = ctx;
  const found = await findUserByEmail(db, email);
  if (!found) return;
  await db.transaction(async (tx) => {
    // Read again under the account's lock: an account moved to another address meanwhile (D577) gets no
    // reset link at its old one (the move ends the links it finds; this one would come after).
    const user = await lockUser(tx, found.id);
    if (!user || normalizeEmail(user.email) !== normalizeEmail(email)) return;
    const token = await newUserToken(ctx, tx, user.id, "password_reset");
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

export async function confirmPasswordReset(
  ctx: AccountsContext,
  input: PasswordResetConfirmRequest,
): Promise<void> {
  const { db } = ctx;
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
export async function changePassword(
  ctx: AccountsContext,
  auth: AuthUser,
  input: PasswordChangeRequest,
): Promise<void> {
  const { db } = ctx;
  const passwordHash = await hashPassword(input.new_password1);
  await db.transaction(async (tx) => {
    await updateUser(tx, auth.id, { passwordHash });
    await revokeAllTokens(tx, auth.id, auth.tokenId);
  });
}
