// Moving an account to a new e-mail address (D577). The new address gets a link and the account moves only
// when it is opened in a session of that account, so nobody moves an account, and its sign-in, to an address
// they cannot read, nor confirms their address for another's account. A confirmed old address is told once
// the account has moved, so a change nobody asked for is noticed, and kept (`previous_emails`): what was sent
// with it while it was the family's is still the family's.
import {
  EMAIL_CHANGE_LINK_PARAMS,
  type EmailChangeConfirm,
  type Locale,
  normalizeEmail,
} from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { type AccountsContext, type AccountsEnv, type LinkContext, linkContext } from "./accounts.deps.ts";
import type { AuthUser } from "./auth-tokens.service.ts";
import { newUserToken } from "./link-tokens.ts";
import { decodeUid, encodeUid, sha256 } from "./secrets.ts";
import { consumeUserToken, expireUserTokens, isUserTokenUsable } from "./tokens.repository.ts";
import {
  findUserByEmail,
  lockUser,
  moveUserEmail,
  type UserRow,
  userUniqueViolation,
} from "./users.repository.ts";

/**
 * Mails the link that moves `user` (its row locked by the caller in `tx`) to `email`, in `locale`. The same
 * address, or one another account signs in with, is refused on `email`. Only the newest link works: asking
 * again for another address ends the older ones. Answers the address the link went to.
 */
export async function sendEmailChangeLink(
  ctx: LinkContext,
  tx: Tx,
  user: UserRow,
  email: string,
  locale: Locale,
): Promise<{ email: string; valid_hours: number }> {
  const { env, webUrl, mailOptions } = ctx;
  const next = normalizeEmail(email);
  if (next === normalizeEmail(user.email)) throw AppError.validation("email", "email_unchanged");
  if (await findUserByEmail(tx, next)) throw AppError.validation("email", "email_registered");
  await expireUserTokens(tx, user.id, "change_email", new Date());
  const token = await newUserToken(ctx, tx, user.id, "change_email", next);
  const link = new URL(`${webUrl}/`);
  link.search = new URLSearchParams({
    [EMAIL_CHANGE_LINK_PARAMS.uid]: encodeUid(user.id),
    [EMAIL_CHANGE_LINK_PARAMS.token]: token,
    locale,
  }).toString();
  await enqueueMail(
    tx,
    {
      to: next,
      template: "email-change",
      locale,
      data: { firstName: user.firstName, email: next, link: link.href, hours: env.PASSWORD_RESET_TTL_HOURS },
    },
    mailOptions,
  );
  return { email: next, valid_hours: env.PASSWORD_RESET_TTL_HOURS };
}

/** {@link sendEmailChangeLink} for staff, who send a family the link to its new address (D577). */
export type EmailChangeLinks = (
  tx: Tx,
  user: UserRow,
  email: string,
  locale: Locale,
) => Promise<{ email: string; valid_hours: number }>;

export function emailChangeLinks(env: AccountsEnv): EmailChangeLinks {
  const ctx = linkContext(env);
  return (tx, user, email, locale) => sendEmailChangeLink(ctx, tx, user, email, locale);
}

/** The signed-in parent asks to move their own account (`POST /api/v2/users/me/email/`). */
export function requestEmailChange(
  ctx: AccountsContext,
  auth: AuthUser,
  email: string,
  locale: Locale,
): Promise<{ email: string; valid_hours: number }> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, auth.id);
    if (!user) throw new AppError("not_authenticated", 401);
    return sendEmailChangeLink(ctx, tx, user, email, locale);
  });
}

/**
 * The change link opened (`POST /api/v2/users/me/email/confirm/`): moves the account to the link's address
 * under its row lock, once. Only a session of that account moves it (`callerId`): else whoever registered
 * an account with a password of their own could send its link to another person's address, and that person,
 * opening it, would confirm their address for the stranger's account, into which a later Google sign-in
 * leads (D540's case). The address counts as confirmed (the link reached it). Reset, verification and other
 * change links end; the old address gets a note. Sessions stay signed in.
 */
export function confirmEmailChange(
  ctx: AccountsContext,
  input: EmailChangeConfirm,
  callerId: number | null,
): Promise<{ email: string }> {
  const { db, mailOptions } = ctx;
  return db.transaction(async (tx) => {
    // The account's row first, then its tokens, in the order every writer of the account takes them.
    const userId = decodeUid(input.uid);
    const user = userId === undefined ? undefined : await lockUser(tx, userId);
    const token = { userId: user?.id ?? 0, purpose: "change_email" as const, tokenHash: sha256(input.token) };
    const now = new Date();
    if (!user || !(await isUserTokenUsable(tx, token, now)))
      throw new AppError("invalid_token", 400, "token");
    if (callerId !== user.id) throw new AppError("email_change_sign_in", 400);
    const consumed = await consumeUserToken(tx, token, now);
    if (!consumed?.email) throw new AppError("invalid_token", 400, "token");
    if (normalizeEmail(user.email) === consumed.email) return { email: user.email };
    // Taken since the link was sent: the link stays unused (this transaction rolls back).
    if (await findUserByEmail(tx, consumed.email)) throw AppError.validation("email", "email_registered");
    let moved: UserRow;
    try {
      moved = await moveUserEmail(tx, user, consumed.email, now);
    } catch (error) {
      if (userUniqueViolation(error)?.field === "email")
        throw AppError.validation("email", "email_registered");
      throw error;
    }
    for (const purpose of ["password_reset", "verify_email", "change_email"] as const)
      await expireUserTokens(tx, user.id, purpose, now);
    // The note goes to the old address only when the account had confirmed it: else it may be another
    // person's (D166), who would learn the parent's name and new address.
    if (user.emailVerifiedAt)
      await enqueueMail(
        tx,
        {
          to: user.email,
          template: "email-changed",
          locale: user.locale,
          data: { firstName: user.firstName, email: moved.email },
        },
        mailOptions,
      );
    return { email: moved.email };
  });
}
