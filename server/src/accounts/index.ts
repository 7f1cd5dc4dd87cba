export { accountsRoutes } from "./accounts.routes.ts";
export { authenticateKey } from "./auth-tokens.service.ts";
export {
  deleteUserAccount,
  emailEquals,
  fillEmptyAddress,
  findUserById,
  lockUser,
  searchUsersForStaff,
  setUserRole,
  USER_SORTS,
  type UserRow,
  uniqueViolationConstraint,
} from "./users.repository.ts";
