import { normalizeEmail } from "@atelier/contract";
import { and, asc, count, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../db/index.ts";
import {
  type AddressSpan,
  containsPattern,
  exactInstant,
  pgArray,
  ph,
  prepared,
  previousEmails,
  searchTextContains,
  socialAccounts,
  users,
} from "../db/index.ts";

/** The only code that touches `users`, `social_accounts` and `previous_emails`. */

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

/**
 * Moves the account to a new address (D577), normalised as every stored address, and keeps the old one in
 * `previous_emails` when the account had confirmed it: an address nobody confirmed may be another person's,
 * and what was sent with it is not this family's (D166). The caller holds the account's row lock; a taken
 * address fails on the unique index.
 */
export async function moveUserEmail(tx: Tx, user: UserRow, email: string, at: Date): Promise<UserRow> {
  if (user.emailVerifiedAt)
    // The database's clock, which writes the rows the address's span is compared with (`created_at`).
    await tx.insert(previousEmails).values({ userId: user.id, email: user.email });
  const [row] = await tx
    .update(users)
    .set({ email: normalizeEmail(email), emailVerifiedAt: user.emailVerifiedAt ?? at, updatedAt: at })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new Error(`user ${user.id} not found`);
  return row;
}

/** The account's earlier addresses, newest first, each with the moment it moved off it (D577, D580). */
export async function previousEmailsOf(db: DbOrTx, userId: number) {
  return db
    .select({ email: previousEmails.email, changedAt: previousEmails.changedAt })
    .from(previousEmails)
    .where(eq(previousEmails.userId, userId))
    .orderBy(desc(previousEmails.changedAt), desc(previousEmails.id));
}

/**
 * The addresses of an account with the time each was its own (D577): the current one since another account
 * last moved off it, each earlier one until this account moved off it (and since another account did
 * before). What was sent with an address in its span is the family's: its data file and its erasure.
 */
export async function familyAddresses(db: DbOrTx, user: UserRow): Promise<AddressSpan[]> {
  const before = await db
    .select({ email: previousEmails.email, changedAt: exactInstant(previousEmails.changedAt) })
    .from(previousEmails)
    .where(eq(previousEmails.userId, user.id));
  const spans: AddressSpan[] = [
    { email: user.email },
    ...before.map((row) => ({ email: row.email, until: row.changedAt })),
  ];
  const lowered = [...new Set(spans.map((span) => span.email.toLowerCase()))];
  const others = await db
    .select({
      email: sql<string>`lower(${previousEmails.email})`,
      changedAt: exactInstant(previousEmails.changedAt),
    })
    .from(previousEmails)
    .where(
      and(
        ne(previousEmails.userId, user.id),
        sql`lower(${previousEmails.email}) = any(${pgArray(lowered)}::text[])`,
      ),
    );
  // UTC ISO text of one width: later instants compare greater as text.
  return spans.map((span) => {
    const movedOff = others
      .filter((row) => row.email === span.email.toLowerCase() && (!span.until || row.changedAt < span.until))
      .map((row) => row.changedAt)
      .sort();
    const from = movedOff.at(-1);
    return from ? { ...span, from } : span;
  });
}

export type SocialProvider = (typeof socialAccounts.$inferSelect)["provider"];

/**
 * Keeps a billing address given at checkout on the parent's profile for the next order (D171), but only
 * where the profile has no address yet: an address typed at checkout is for that order's invoice and never
 * overwrites one the parent keeps in the profile. Returns whether the profile took it.
 */
export async function fillEmptyAddress(
  db: DbOrTx,
  id: number,
  address: { street: string; postCode: string; city: string; country: string },
): Promise<boolean> {
  // Prepared: every PayPal payment offers its address (D457).
  const rows = await prepared<{ id: number }[]>(db, "user_address_filled", () =>
    db
      .update(users)
      .set({
        street: sql`${ph("street")}`,
        postCode: sql`${ph("postCode")}`,
        city: sql`${ph("city")}`,
        country: sql`${ph("country")}`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(users.id, ph("id")),
          sql`btrim(${users.street}) = '' and btrim(${users.postCode}) = '' and btrim(${users.city}) = ''`,
        ),
      )
      .returning({ id: users.id }),
  ).execute({ ...address, id });
  return rows.length > 0;
}

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

// ---------- People in the back office (D138, D139) ----------

export const USER_SORTS = {
  id: users.id,
  email: users.email,
  last_name: users.lastName,
  created_at: users.createdAt,
  role: users.role,
};

/**
 * Finds people by a part of the name, the e-mail address or the phone number (its digits, however typed).
 * `%` and `_` in the search are taken literally.
 */
export async function searchUsersForStaff(
  db: DbOrTx,
  filter: { q?: string; roles?: string[]; ids?: number[] },
  cut: { sort: AnyPgColumn | SQL; descending: boolean; offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.q) {
    const digits = filter.q.replace(/\D/g, "");
    // "first last", "last first" and the e-mail address, in the row's stored search text (D418).
    const matches = [searchTextContains(users.searchText, filter.q)];
    if (digits.length >= 3) {
      const phone = sql`regexp_replace(${users.phoneNumber}, '[^0-9]', '', 'g')`;
      matches.push(sql`${phone} like ${`%${digits}%`}`);
      // A German number typed as dialled at home (0176 …) is stored internationally (+49176 …).
      if (digits.startsWith("0") && !digits.startsWith("00"))
        matches.push(sql`${phone} like ${`%49${digits.slice(1)}%`}`);
    }
    // An address finds the family also by one it moved off (D580): staff are called from the old one. Only
    // for an address typed, so a name's search stays on the row's own text.
    if (filter.q.includes("@"))
      matches.push(
        sql`${users.id} in (select ${previousEmails.userId} from ${previousEmails} where lower(${previousEmails.email}) like lower(${containsPattern(filter.q.trim())}))`,
      );
    conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  if (filter.roles) conditions.push(sql`${users.role}::text = any(${pgArray(filter.roles)}::text[])`);
  if (filter.ids)
    conditions.push(filter.ids.length ? sql`${users.id} = any(${pgArray(filter.ids)}::int[])` : sql`false`);
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(cut.descending ? desc(cut.sort) : asc(cut.sort), asc(users.id))
    .offset(cut.offset)
    .limit(cut.limit);
  // A page that is not full ends the list, so it tells the total without counting the matches again (a
  // search's second pass over every person, half a searched page's work on ten years of data, D413).
  if (rows.length < cut.limit && (rows.length > 0 || cut.offset === 0))
    return { rows, total: cut.offset + rows.length };
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One user, its row locked until the transaction ends (role changes and erasure). */
export async function lockUser(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  return row;
}

/** Sets the role; `instructorId` is the instructor record of an `instructor` account (D380), else null. */
export async function setUserRole(
  tx: Tx,
  id: number,
  role: UserRow["role"],
  instructorId: number | null = null,
): Promise<void> {
  await tx
    .update(users)
    .set({ role, instructorId: role === "instructor" ? instructorId : null, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/**
 * Erasure (D139): the account goes, and with it by cascade its tokens (sign-ins), e-mail and reset tokens,
 * social sign-ins, children and waiting-list entries; orders, withdrawals and gift cards keep no link to it.
 */
export async function deleteUserAccount(tx: Tx, id: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}

/** Advisory lock key of every change that may add or remove an admin ("admn" in ASCII). */
const ADMIN_ROLES_LOCK_KEY = 0x61646d6e;

/**
 * Serialises role changes that may add or remove an admin, and the first admin's creation, until the
 * transaction ends (D241): two demotions at once count the admins one after the other, never both before.
 */
export async function lockAdminRoles(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_ROLES_LOCK_KEY})`);
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, "admin"));
  return row?.n ?? 0;
}
