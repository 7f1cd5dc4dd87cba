import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { authTokens, exactInstant, keyRows, ph, prepared, users, userTokens } from "../db/index.ts";

/** The only code that touches `auth_tokens` and `user_tokens`. Keys and tokens are stored as hashes only. */

export type AuthTokenRow = typeof authTokens.$inferSelect;
export type UserTokenPurpose = (typeof userTokens.$inferSelect)["purpose"];

export async function insertAuthToken(db: DbOrTx, userId: number, keyHash: string): Promise<AuthTokenRow> {
  const [row] = await db.insert(authTokens).values({ userId, keyHash }).returning();
  if (!row) throw new Error("auth_tokens insert returned no row");
  return row;
}

type TokenUserRow = {
  keyHash: string;
  tokenId: number;
  createdAt: Date;
  userId: number;
  email: string;
  role: (typeof users.$inferSelect)["role"];
};

/**
 * Live tokens with their users, by the keys' hashes, in one round trip (every signed-in request asks it,
 * issue 36; the requests asked at the same time share the statement, D432): what `keyAuthenticator` needs
 * of both, and no row for an unknown or revoked key or a deleted user. A prepared statement per connection.
 * Each hash is looked up by the unique index of its own (the `limit` keeps PostgreSQL from merging the
 * lookups into one scan of the table, as it did for the carts' fingerprints with stale statistics, D431).
 *
 * The same statement notes the use (D440): `last_used_at` of each token found that has not expired
 * (`ttlSeconds`) is set to now when it is older than `touchSeconds` or unset, so a read is a write at most
 * once a while per token, the write costs no statement of its own, and its commit does not wait for the disk.
 */
export async function findActiveAuthTokenUsers(
  db: DbOrTx,
  keyHashes: readonly string[],
  use: { touchSeconds: number; ttlSeconds: number },
) {
  const keys = keyRows("text", keyHashes);
  return prepared<TokenUserRow[]>(db, `auth_token_users${keys.nameSuffix}`, () => {
    const token = db
      .select({
        keyHash: sql<string>`${authTokens.keyHash}`.as("key_hash"),
        tokenId: sql<number>`${authTokens.id}`.as("token_id"),
        createdAt: sql<string>`${authTokens.createdAt}`.as("created_at"),
        userId: sql<number>`${users.id}`.as("user_id"),
        email: sql<string>`${users.email}`.as("email"),
        role: sql<TokenUserRow["role"]>`${users.role}`.as("role"),
      })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(and(sql`${authTokens.keyHash} = k.key`, isNull(authTokens.revokedAt)))
      .limit(1)
      .as("token");
    const found = db.$with("found").as(
      db
        .select({
          keyHash: token.keyHash,
          tokenId: token.tokenId,
          createdAt: token.createdAt,
          userId: token.userId,
          email: token.email,
          role: token.role,
        })
        .from(keys.from)
        .crossJoinLateral(token),
    );
    // The tokens due for a note, locked in id order and skipping any another lookup is noting right now:
    // two lookups never wait for each other, so they cannot deadlock over two keys asked in either order.
    const due = db.$with("due").as(
      db
        .select({ id: authTokens.id })
        .from(authTokens)
        .where(
          and(
            sql`${authTokens.id} in (select "token_id" from "found")`,
            sql`${authTokens.createdAt} > now() - ${ph("ttlSeconds")}::float8 * interval '1 second'`,
            sql`(${authTokens.lastUsedAt} is null or ${authTokens.lastUsedAt} <= now() - ${ph("touchSeconds")}::float8 * interval '1 second')`,
          ),
        )
        .orderBy(authTokens.id)
        .for("update", { skipLocked: true }),
    );
    // A data-modifying CTE runs whether or not the select reads it.
    const touched = db
      .$with("touched")
      .as(
        db
          .update(authTokens)
          .set({ lastUsedAt: sql`now()` })
          .where(sql`${authTokens.id} in (select "id" from "due")`)
          .returning({ id: authTokens.id }),
      );
    return db
      .with(found, due, touched)
      .select({
        keyHash: found.keyHash,
        tokenId: found.tokenId,
        createdAt: sql<Date>`${found.createdAt}`.mapWith(authTokens.createdAt),
        userId: found.userId,
        email: found.email,
        role: found.role,
        // The note of use may be lost in a crash, never worth a wait for the disk: without this, every
        // request whose lookup shares the statement with a note waited for the WAL's flush (D440).
        relaxed: sql<string>`set_config('synchronous_commit', 'off', true)`,
      })
      .from(found);
  }).execute({ ...keys.values, ...use });
}

export async function revokeAuthToken(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: at })
    .where(and(eq(authTokens.id, id), isNull(authTokens.revokedAt)));
}

/** Revokes every live token of a user, except `keepTokenId` when given. */
export async function revokeUserAuthTokens(
  db: DbOrTx,
  userId: number,
  at: Date,
  keepTokenId?: number,
): Promise<void> {
  const condition = and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt));
  await db
    .update(authTokens)
    .set({ revokedAt: at })
    .where(keepTokenId === undefined ? condition : and(condition, ne(authTokens.id, keepTokenId)));
}

export async function insertUserToken(
  db: DbOrTx,
  token: { userId: number; purpose: UserTokenPurpose; tokenHash: string; expiresAt: Date; email?: string },
): Promise<void> {
  await db.insert(userTokens).values(token);
}

function usableTokenCondition(
  token: { userId: number; purpose: UserTokenPurpose; tokenHash: string },
  now: Date,
) {
  return and(
    eq(userTokens.tokenHash, token.tokenHash),
    eq(userTokens.userId, token.userId),
    eq(userTokens.purpose, token.purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, now),
  );
}

/** Whether a single-use token could be consumed now (without consuming it). */
export async function isUserTokenUsable(
  db: DbOrTx,
  token: { userId: number; purpose: UserTokenPurpose; tokenHash: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(usableTokenCondition(token, now))
    .limit(1);
  return rows.length > 0;
}

/**
 * Marks a single-use token used, if it belongs to the user, has the purpose, is unused and not expired.
 * One statement, so two concurrent uses cannot both succeed. Answers the token's address (a `change_email`
 * token's new one, else null) when it was consumed, undefined when not.
 */
export async function consumeUserToken(
  db: DbOrTx,
  token: { userId: number; purpose: UserTokenPurpose; tokenHash: string },
  now: Date,
): Promise<{ email: string | null } | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(usableTokenCondition(token, now))
    .returning({ email: userTokens.email });
  return row;
}

/** Ends every other unused token of a purpose (after a reset, older reset links stop working). */
export async function expireUserTokens(
  db: DbOrTx,
  userId: number,
  purpose: UserTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

/**
 * The change links the account sent (D577): each new address with the instant its link was made, which is
 * its mail's too (one transaction). The erasure removes exactly those mails.
 */
export async function changeLinksSent(db: DbOrTx, userId: number): Promise<{ email: string; at: string }[]> {
  const rows = await db
    .select({ email: userTokens.email, at: exactInstant(userTokens.createdAt) })
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, "change_email")));
  return rows.flatMap((row) => (row.email ? [{ email: row.email, at: row.at }] : []));
}
