export {
  type AuthUser,
  accountRateKey,
  currentUser,
  isStaffRole,
  pathGuard,
  registerAuth,
  requireInstructor,
  requireStaff,
  requireUser,
  signInRefusal,
} from "./auth.ts";
export { clientKey } from "./client-key.ts";
export { BROTLI_QUALITY, COMPRESS_THRESHOLD, registerCompression } from "./compression.ts";
export {
  apiNotFound,
  clientErrorHandler,
  type ErrorReporter,
  frameworkErrors,
  type LegacyMessages,
  methodNotAllowed,
  registerErrorHandler,
  routedMethods,
} from "./error-handler.ts";
export { registerInputGuard } from "./input-guard.ts";
export { registerJsonBody } from "./json-body.ts";
export { registerOpenApi } from "./openapi.ts";
export { registerRateLimit } from "./rate-limit.ts";
export { registerRequestLocale } from "./request-locale.ts";
export { registerSecurity } from "./security.ts";
