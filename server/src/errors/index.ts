export { AppError } from "./app-error.ts";
export { ErrorReplySchema } from "./error-reply.ts";
