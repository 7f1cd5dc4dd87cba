import { batchedRead, type Db, type DbOrTx } from "../db/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { randomSecret, sha256 } from "./secrets.ts";
import {
  findActiveAuthTokenUsers,
  insertAuthToken,
  revokeAuthToken,
  revokeUserAuthTokens,
} from "./tokens.repository.ts";

/** The signed-in user of a request (`request.user`). */
export type { AuthUser };

/** `last_used_at` is written at most once in this many seconds per token (D440: by the lookup itself). */
const TOUCH_INTERVAL_S = 60;

/** Creates a sign-in token; the key is returned once and only its hash is stored. */
export async function issueAuthToken(db: DbOrTx, userId: number): Promise<string> {
  const key = randomSecret();
  await insertAuthToken(db, userId, sha256(key));
  return key;
}

/**
 * The sign-in of a request's key: its user, or null for an unknown, revoked or expired key. The lookups of
 * the requests that arrive in one turn of the event loop share one statement (D432), as the carts' fingerprints do (D431);
 * each statement starts after its requests arrived, so a key revoked before is refused. `last_used_at` is
 * written at most once a minute per token, so reads do not turn every request into a write, and by the
 * lookup's own statement (D440).
 */
export function keyAuthenticator(
  db: Db,
  options: { tokenTtlMs: number },
): (key: string) => Promise<AuthUser | null> {
  const tokenUser = batchedRead(
    async (keyHashes: string[]) =>
      new Map(
        (
          await findActiveAuthTokenUsers(db, keyHashes, {
            touchSeconds: TOUCH_INTERVAL_S,
            ttlSeconds: options.tokenTtlMs / 1000,
          })
        ).map((row) => [row.keyHash, row]),
      ),
    // No statement waits for another: on enrolment day the pool is busy with transactions, and a lookup
    // held until one of two in flight came back waited for the pool twice (D432). Only the lookups that
    // arrive in one turn of the event loop go together.
    { maxInFlight: Number.POSITIVE_INFINITY },
  );
  return async (key) => {
    if (!key || key.length > 128) return null;
    const now = new Date();
    const token = await tokenUser(sha256(key));
    if (!token) return null;
    if (now.getTime() - token.createdAt.getTime() > options.tokenTtlMs) return null;
    return { id: token.userId, email: token.email, role: token.role, tokenId: token.tokenId };
  };
}

export function revokeToken(db: DbOrTx, tokenId: number): Promise<void> {
  return revokeAuthToken(db, tokenId, new Date());
}

export function revokeAllTokens(db: DbOrTx, userId: number, keepTokenId?: number): Promise<void> {
  return revokeUserAuthTokens(db, userId, new Date(), keepTokenId);
}
