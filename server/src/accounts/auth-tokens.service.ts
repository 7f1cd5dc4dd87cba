import type { DbOrTx } from "../db/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { randomSecret, sha256 } from "./secrets.ts";
import {
  findActiveAuthTokenUser,
  insertAuthToken,
  revokeAuthToken,
  revokeUserAuthTokens,
  touchAuthToken,
} from "./tokens.repository.ts";

/** The signed-in user of a request (`request.user`). */
export type { AuthUser };

const TOUCH_INTERVAL_MS = 60_000;

/** Creates a sign-in token; the key is returned once and only its hash is stored. */
export async function issueAuthToken(db: DbOrTx, userId: number): Promise<string> {
  const key = randomSecret();
  await insertAuthToken(db, userId, sha256(key));
  return key;
}

/**
 * The user of a key, or null for an unknown, revoked or expired key. `last_used_at` is written at most
 * once a minute per token, so reads do not turn every request into a write.
 */
export async function authenticateKey(
  db: DbOrTx,
  key: string,
  options: { tokenTtlMs: number; now?: Date },
): Promise<AuthUser | null> {
  if (!key || key.length > 128) return null;
  const now = options.now ?? new Date();
  // The token and its user in one round trip.
  const token = await findActiveAuthTokenUser(db, sha256(key));
  if (!token) return null;
  if (now.getTime() - token.createdAt.getTime() > options.tokenTtlMs) return null;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS)
    await touchAuthToken(db, token.tokenId, now);
  return { id: token.userId, email: token.email, role: token.role, tokenId: token.tokenId };
}

export function revokeToken(db: DbOrTx, tokenId: number): Promise<void> {
  return revokeAuthToken(db, tokenId, new Date());
}

export function revokeAllTokens(db: DbOrTx, userId: number, keepTokenId?: number): Promise<void> {
  return revokeUserAuthTokens(db, userId, new Date(), keepTokenId);
}
