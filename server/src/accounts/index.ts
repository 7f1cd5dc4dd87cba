export { accountsRoutes } from "./accounts.routes.ts";
export { authenticateKey } from "./auth-tokens.service.ts";
export { emailEquals } from "./users.repository.ts";
