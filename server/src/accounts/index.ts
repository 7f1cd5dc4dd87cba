export { type AccountsEnv, addressOf } from "./accounts.deps.ts";
export { accountsRoutes } from "./accounts.routes.ts";
export {
  type AdminAccountWrite,
  type AdminCommandResult,
  changeOwnPassword,
  createAdminAccount,
  ensureFirstAdmin,
  type FirstAdmin,
  generatePassword,
  passwordProblems,
  resetAccountPassword,
} from "./admin-accounts.ts";
export { keyAuthenticator } from "./auth-tokens.service.ts";
export { type EmailChangeLinks, emailChangeLinks } from "./email-change.ts";
export { correctProfile, type ProfileFields } from "./profile.ts";
export { changeLinksSent } from "./tokens.repository.ts";
export {
  countAdmins,
  deleteUserAccount,
  emailEquals,
  familyAddresses,
  fillEmptyAddress,
  findUserById,
  lockAdminRoles,
  lockUser,
  previousEmailsOf,
  searchUsersForStaff,
  setUserRole,
  USER_SORTS,
  type UserRow,
  uniqueViolationConstraint,
} from "./users.repository.ts";
