export { accountsRoutes } from "./accounts.routes.ts";
export { authenticateKey } from "./auth-tokens.service.ts";
export { emailEquals, findUserById, uniqueViolationConstraint } from "./users.repository.ts";
