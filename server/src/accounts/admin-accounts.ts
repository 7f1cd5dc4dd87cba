import { randomBytes } from "node:crypto";
import { errorMessage, normalizeEmail, SignUpPasswordSchema } from "@atelier/contract";
import type { DbOrTx, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { hashPassword, verifyPassword } from "./secrets.ts";
import { revokeUserAuthTokens } from "./tokens.repository.ts";
import {
  countAdmins,
  findUserByEmail,
  findUserById,
  insertUser,
  lockAdminRoles,
  setUserRole,
  type UserRow,
  updateUser,
} from "./users.repository.ts";

/**
 * The school's admins from the first start on (D240): the first start creates one when none exists, and
 * `npm run admin` creates or resets one on a running installation. Both write through these functions.
 */

/** The name a new admin account carries until its owner changes it. */
export const ADMIN_USER = { firstName: "Admin", lastName: "Atelier" } as const;

/** A random password that meets the sign-up rules (spec §5): upper, lower, digit and special character. */
export function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(15).toString("base64url");
    if (/[A-Z]/.test(candidate) && /[a-z]/.test(candidate) && /\d/.test(candidate) && /[-_]/.test(candidate))
      return candidate;
  }
}

/** The sign-up rules (spec §5) a chosen password breaks, as German texts; empty when it is fine. */
export function passwordProblems(password: string): string[] {
  const parsed = SignUpPasswordSchema.safeParse(password);
  return parsed.success ? [] : parsed.error.issues.map((issue) => errorMessage(issue.message, "de"));
}

/** What a write to an admin account did, for the audit log (roles only, never the password, D139). */
export type AdminAccountWrite = {
  user: Pick<UserRow, "id" | "email">;
  action: "create" | "update";
  before: { role: UserRow["role"] } | null;
  after: { role: UserRow["role"]; password_set?: true };
};

export type FirstAdmin = {
  email: string;
  /** The password when this call set it; null when an existing account was made admin (its own stays). */
  password: string | null;
};

/**
 * Creates the school's first admin when no account has the role (D240), in the caller's transaction and
 * under the admin-roles lock, so two instances starting at once create one. An account with that e-mail
 * becomes admin and keeps its password. Answers null when an admin already exists.
 */
export async function ensureFirstAdmin(
  tx: Tx,
  options: { email: string; password?: string | undefined },
): Promise<FirstAdmin | null> {
  await lockAdminRoles(tx);
  if ((await countAdmins(tx)) > 0) return null;
  const email = normalizeEmail(options.email);
  const existing = await findUserByEmail(tx, email);
  if (existing) {
    await setUserRole(tx, existing.id, "admin");
    return { email: existing.email, password: null };
  }
  const password = options.password ?? generatePassword();
  await insertUser(tx, {
    email,
    passwordHash: await hashPassword(password),
    ...ADMIN_USER,
    role: "admin",
    emailVerifiedAt: new Date(),
    locale: "de",
  });
  return { email, password };
}

export type AdminCommandResult =
  | { outcome: "created"; email: string; password: string }
  | { outcome: "promoted"; email: string; from: UserRow["role"]; password: string | null }
  | { outcome: "unchanged"; email: string }
  | { outcome: "password_set"; email: string; role: UserRow["role"]; password: string }
  | { outcome: "not_found"; email: string };

type Audit = (tx: Tx, write: AdminAccountWrite) => Promise<void>;

async function setPassword(tx: Tx, user: UserRow, password: string): Promise<void> {
  await updateUser(tx, user.id, { passwordHash: await hashPassword(password) });
  // A new password signs out every session of the account, as a reset does.
  await revokeUserAuthTokens(tx, user.id, new Date());
}

/**
 * `npm run admin -- create <email>` (D240): a new account with the admin role and the given (or a
 * generated) password; an existing account is made admin, keeping its password unless one is given.
 * An admin already is left as it is (use reset-password).
 */
export async function createAdminAccount(
  db: DbOrTx,
  input: { email: string; password?: string | undefined },
  audit: Audit,
): Promise<AdminCommandResult> {
  const email = normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    await lockAdminRoles(tx);
    const existing = await findUserByEmail(tx, email);
    if (existing?.role === "admin") return { outcome: "unchanged", email: existing.email };
    if (existing) {
      await setUserRole(tx, existing.id, "admin");
      if (input.password !== undefined) await setPassword(tx, existing, input.password);
      await audit(tx, {
        user: existing,
        action: "update",
        before: { role: existing.role },
        after: { role: "admin", ...(input.password === undefined ? {} : { password_set: true as const }) },
      });
      return {
        outcome: "promoted",
        email: existing.email,
        from: existing.role,
        password: input.password ?? null,
      };
    }
    const password = input.password ?? generatePassword();
    const user = await insertUser(tx, {
      email,
      passwordHash: await hashPassword(password),
      ...ADMIN_USER,
      role: "admin",
      emailVerifiedAt: new Date(),
      locale: "de",
    });
    await audit(tx, { user, action: "create", before: null, after: { role: "admin", password_set: true } });
    return { outcome: "created", email, password };
  });
}

/** `npm run admin -- reset-password <email>` (D240): a new password (given or generated); sessions end. */
export async function resetAccountPassword(
  db: DbOrTx,
  input: { email: string; password?: string | undefined },
  audit: Audit,
): Promise<AdminCommandResult> {
  const email = normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return { outcome: "not_found", email };
    const password = input.password ?? generatePassword();
    await setPassword(tx, user, password);
    await audit(tx, {
      user,
      action: "update",
      before: { role: user.role },
      after: { role: user.role, password_set: true },
    });
    return { outcome: "password_set", email: user.email, role: user.role, password };
  });
}

/**
 * A staff member or admin changes their own password in the back office (D242): the current one must
 * match; the new one is set, every other session of the account ends, this one stays; audited by `audit`.
 */
export async function changeOwnPassword(
  db: DbOrTx,
  auth: { id: number; tokenId: number },
  input: { oldPassword: string; newPassword: string },
  audit: Audit,
): Promise<void> {
  const user = await findUserById(db, auth.id);
  if (!user) throw new AppError("not_authenticated", 401);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword)))
    throw AppError.validation("old_password", "old_password_wrong");
  // The same password again would sign every other session out and change nothing (D603).
  if (input.newPassword === input.oldPassword)
    throw AppError.validation("new_password1", "password_unchanged");
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeUserAuthTokens(tx, user.id, new Date(), auth.tokenId);
    await audit(tx, {
      user,
      action: "update",
      before: { role: user.role },
      after: { role: user.role, password_set: true },
    });
  });
}
