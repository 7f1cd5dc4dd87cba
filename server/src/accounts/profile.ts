// The signed-in parent's own profile: read it, and change what may change (the e-mail moves by a link, D577; a phone
// number belongs to one account). Staff correct the same fields for a family under the same rules (D576).
import type { ProfileUpdateRequest, User } from "@atelier/contract";
import { normalizeEmail, postCodeProblem } from "@atelier/contract";
import type { DbOrTx, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AccountsContext } from "./accounts.deps.ts";
import { toUser } from "./accounts.deps.ts";
import type { AuthUser } from "./auth-tokens.service.ts";
import {
  findUserById,
  phoneTaken,
  type UserChanges,
  type UserRow,
  updateUser,
  userUniqueViolation,
} from "./users.repository.ts";

/** The phone number of a user who has not given one (spec §3: it starts as '+'). */
const NO_PHONE = "+";

export async function getUser(ctx: AccountsContext, auth: AuthUser): Promise<User> {
  const { db } = ctx;
  const user = await findUserById(db, auth.id);
  if (!user) throw new AppError("not_authenticated", 401);
  return toUser(user);
}

export async function updateProfile(
  ctx: AccountsContext,
  auth: AuthUser,
  input: ProfileUpdateRequest,
): Promise<User> {
  const { db } = ctx;
  const user = await findUserById(db, auth.id);
  if (!user) throw new AppError("not_authenticated", 401);
  if (input.email !== undefined && normalizeEmail(input.email) !== normalizeEmail(user.email))
    throw AppError.validation("email", "email_readonly");
  const changes = await profileChanges(db, user, input);
  if (Object.keys(changes).length === 0) return toUser(user);
  return toUser(await writeProfile(db, user.id, changes));
}

/** The profile's fields a parent (and staff for them, D576) may change; the e-mail is the sign-in. */
export type ProfileFields = Omit<ProfileUpdateRequest, "pk" | "id" | "email">;

/** Each field of `ProfileFields` with its column. */
const PROFILE_COLUMNS = [
  ["first_name", "firstName"],
  ["last_name", "lastName"],
  ["phone_number", "phoneNumber"],
  ["company_name", "companyName"],
  ["street", "street"],
  ["post_code", "postCode"],
  ["city", "city"],
  ["state", "state"],
  ["country", "country"],
] as const;

/**
 * What a profile change writes: each field given, as its column; an empty phone is "no phone", and a phone
 * another account has is refused at its field (one account per number).
 */
async function profileChanges(db: DbOrTx, user: UserRow, input: ProfileFields): Promise<UserChanges> {
  const changes: UserChanges = {};
  for (const [field, column] of PROFILE_COLUMNS) {
    const value = input[field];
    if (value !== undefined) changes[column] = value;
  }
  // The post code fits the country as the profile will hold them (D605); checked only when one of them changes:
  // the existing client sends back what it read, and an older address must not block a change of the name.
  const differs = (value: string | undefined, stored: string) =>
    value !== undefined && value.trim() !== stored.trim();
  if (differs(changes.postCode, user.postCode) || differs(changes.country, user.country)) {
    const problem = postCodeProblem(changes.postCode ?? user.postCode, changes.country ?? user.country);
    if (problem) throw AppError.validation("post_code", problem);
  }
  if (changes.phoneNumber !== undefined) {
    const phone = changes.phoneNumber === "" ? NO_PHONE : changes.phoneNumber;
    if (phone !== NO_PHONE && phone !== user.phoneNumber && (await phoneTaken(db, phone, user.id)))
      throw AppError.validation("phone_number", "phone_unique");
    changes.phoneNumber = phone;
  }
  return changes;
}

async function writeProfile(db: DbOrTx, userId: number, changes: UserChanges): Promise<UserRow> {
  try {
    return await updateUser(db, userId, changes);
  } catch (error) {
    // Two profiles taking one phone at once: the unique index decides.
    const taken = userUniqueViolation(error);
    if (taken) throw AppError.validation(taken.field, taken.code);
    throw error;
  }
}

/**
 * Staff correct a family's own data when it asks (D576): the parent's fields under the parent's rules.
 * `user` is the account's row, locked by the caller in `tx` (`lockUser`). Answers the account as it is
 * after, and the fields that changed (none: nothing written).
 */
export async function correctProfile(
  tx: Tx,
  user: UserRow,
  input: ProfileFields,
): Promise<{ user: UserRow; changed: (keyof ProfileFields)[] }> {
  const changes = await profileChanges(tx, user, input);
  const changed = PROFILE_COLUMNS.filter(
    ([, column]) => column in changes && changes[column] !== user[column],
  );
  if (changed.length === 0) return { user, changed: [] };
  const only = Object.fromEntries(changed.map(([, column]) => [column, changes[column]])) as UserChanges;
  return { user: await writeProfile(tx, user.id, only), changed: changed.map(([field]) => field) };
}
