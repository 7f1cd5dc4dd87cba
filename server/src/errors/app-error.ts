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
    /** Several fields at once (e.g. sign-up: e-mail and phone both taken); wins over `field`. */
    readonly fields?: Readonly<Record<string, readonly ErrorCode[]>>,
    /** Values the message names in braces, e.g. `{taken}` seats (the code stays the stable part). */
    readonly params?: Readonly<Record<string, string | number>>,
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

  /** A 400 with errors on several fields: `{"email": [...], "non_field_errors": [...]}`. */
  static fieldErrors(fields: Readonly<Record<string, readonly ErrorCode[]>>): AppError {
    const first = Object.entries(fields)[0];
    return new AppError(first?.[1][0] ?? "invalid", 400, first?.[0], fields);
  }
}
