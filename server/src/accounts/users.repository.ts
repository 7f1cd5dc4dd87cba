import { normalizeEmail } from "@atelier/contract";
import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { socialAccounts, users } from "../db/index.ts";

/** The only code that touches `users` and `social_accounts`. */

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<
  Pick<
    UserRow,
    | "firstName"
    | "lastName"
    | "phoneNumber"
    | "companyName"
    | "city"
    | "country"
    | "state"
    | "street"
    | "postCode"
    | "passwordHash"
    | "emailVerifiedAt"
  >
>;

/**
 * Addresses are stored normalised (`normalizeEmail`) and looked up by the normalised value. Both sides go
 * through the database's lower() as the unique index `users_email_lower_idx` does, so the lookup uses the
 * index and matches exactly what the index considers equal; older rows stored with capitals still match.
 */
export function emailEquals(email: string) {
  return sql`lower(${users.email}) = lower(${normalizeEmail(email)})`;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(emailEquals(email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Whether another user (not `exceptUserId`) already has this phone number. */
export async function phoneTaken(db: DbOrTx, phone: string, exceptUserId?: number): Promise<boolean> {
  const condition =
    exceptUserId === undefined
      ? eq(users.phoneNumber, phone)
      : and(eq(users.phoneNumber, phone), ne(users.id, exceptUserId));
  const [row] = await db.select({ id: users.id }).from(users).where(condition).limit(1);
  return Boolean(row);
}

export async function insertUser(db: DbOrTx, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: normalizeEmail(user.email) })
    .returning();
  if (!row) throw new Error("users insert returned no row");
  return row;
}

export async function updateUser(db: DbOrTx, id: number, changes: UserChanges): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} not found`);
  return row;
}

export type SocialProvider = (typeof socialAccounts.$inferSelect)["provider"];

export async function findUserBySocialAccount(
  db: DbOrTx,
  provider: SocialProvider,
  providerUserId: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, providerUserId)))
    .limit(1);
  return row?.user;
}

export async function linkSocialAccount(
  db: DbOrTx,
  link: { userId: number; provider: SocialProvider; providerUserId: string; email: string },
): Promise<void> {
  await db
    .insert(socialAccounts)
    .values({ ...link, email: normalizeEmail(link.email) })
    .onConflictDoNothing();
}

/** True when the error is PostgreSQL's unique violation (23505), on node-postgres and PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolationConstraint(error) !== undefined;
}

/** The constraint (index) name of a unique violation, "" when the driver names none; undefined for other errors. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The field and code a unique index of the users table stands for. */
const USER_UNIQUE_FIELDS: Record<string, { field: string; code: "email_registered" | "phone_unique" }> = {
  users_email_lower_idx: { field: "email", code: "email_registered" },
  users_phone_unique_idx: { field: "phone_number", code: "phone_unique" },
};

/** Maps a unique violation of the users table to the field it concerns, by the index's name. */
export function userUniqueViolation(error: unknown) {
  const constraint = uniqueViolationConstraint(error);
  return constraint === undefined ? undefined : USER_UNIQUE_FIELDS[constraint];
}
