// The signed-in parent's own profile: read it, and change what may change (the e-mail is fixed; a phone
// number belongs to one account).
import type { ProfileUpdateRequest, User } from "@atelier/contract";
import { normalizeEmail } from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import type { AccountsContext } from "./accounts.deps.ts";
import { toUser } from "./accounts.deps.ts";
import type { AuthUser } from "./auth-tokens.service.ts";
import {
  findUserById,
  phoneTaken,
  type UserChanges,
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
  const changes: UserChanges = {};
  if (input.first_name !== undefined) changes.firstName = input.first_name;
  if (input.last_name !== undefined) changes.lastName = input.last_name;
  if (input.company_name !== undefined) changes.companyName = input.company_name;
  if (input.city !== undefined) changes.city = input.city;
  if (input.country !== undefined) changes.country = input.country;
  if (input.state !== undefined) changes.state = input.state;
  if (input.street !== undefined) changes.street = input.street;
  if (input.post_code !== undefined) changes.postCode = input.post_code;
  if (input.phone_number !== undefined) {
    const phone = input.phone_number === "" ? NO_PHONE : input.phone_number;
    if (phone !== NO_PHONE && phone !== user.phoneNumber && (await phoneTaken(db, phone, user.id)))
      throw AppError.validation("phone_number", "phone_unique");
    changes.phoneNumber = phone;
  }
  if (Object.keys(changes).length === 0) return toUser(user);
  try {
    return toUser(await updateUser(db, user.id, changes));
  } catch (error) {
    // Two profiles taking one phone at once: the unique index decides.
    const taken = userUniqueViolation(error);
    if (taken) throw AppError.validation(taken.field, taken.code);
    throw error;
  }
}
