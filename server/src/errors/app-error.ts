import type { ErrorCode } from "@atelier/contract";

/**
 * The one way services report a failure the client should see.
 * `field` names the input the error belongs to (`non_field_errors` when absent and not a `detail` error).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly field?: string,
  ) {
    super(code);
    this.name = "AppError";
  }

  static notFound(): AppError {
    return new AppError("not_found", 404);
  }

  static validation(field: string, code: ErrorCode): AppError {
    return new AppError(code, 400, field);
  }
}
