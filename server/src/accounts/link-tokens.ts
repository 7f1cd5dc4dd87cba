// The single-use tokens of the mailed links (e-mail verification, password reset): made here, stored only
// hashed, and used up once, so a link opened twice or guessed gets nowhere.
import type { DbOrTx, Tx } from "../db/index.ts";
import type { AccountsContext } from "./accounts.deps.ts";
import { decodeUid, randomSecret, sha256 } from "./secrets.ts";
import { consumeUserToken, insertUserToken, type UserTokenPurpose } from "./tokens.repository.ts";
import { lockUser, type UserRow } from "./users.repository.ts";

const HOUR_MS = 60 * 60 * 1000;

/** Stores a new single-use token and returns the secret that goes into the link. */
export async function newUserToken(
  ctx: Pick<AccountsContext, "env">,
  tx: DbOrTx,
  userId: number,
  purpose: UserTokenPurpose,
  email?: string,
): Promise<string> {
  const { env } = ctx;
  const token = randomSecret();
  // A change link moves the sign-in to another address: it lives as briefly as a reset link.
  const ttlHours = purpose === "verify_email" ? env.EMAIL_VERIFY_TTL_HOURS : env.PASSWORD_RESET_TTL_HOURS;
  await insertUserToken(tx, {
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlHours * HOUR_MS),
    ...(email === undefined ? {} : { email }),
  });
  return token;
}

/**
 * Checks a link's uid and token and uses the token up; undefined when it is unknown, used or expired. The
 * account's row is locked first, as every writer of an account and its tokens takes them (D577): a move to a
 * new address ends this account's links under that lock.
 */
export async function consumeLinkToken(
  tx: Tx,
  purpose: UserTokenPurpose,
  uid: string,
  token: string,
): Promise<UserRow | undefined> {
  const userId = decodeUid(uid);
  if (userId === undefined || !token) return undefined;
  const user = await lockUser(tx, userId);
  if (!user) return undefined;
  const consumed = await consumeUserToken(tx, { userId, purpose, tokenHash: sha256(token) }, new Date());
  return consumed ? user : undefined;
}
