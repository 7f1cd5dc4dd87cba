import { errorCodes } from "../../lib/error-codes.ts";

function bodyOf(error: unknown): unknown {
  return error && typeof error === "object" && "body" in error ? (error as { body: unknown }).body : null;
}

export type SignInError = "wrongCredentials" | "emailNotVerified" | "somethingWrong";

/** Spec §8 sign-in: non_field_errors shows the wrong-credentials message, otherwise something-wrong. */
export function signInError(error: unknown): SignInError {
  const body = bodyOf(error);
  if (errorCodes(error).includes("email_not_verified")) return "emailNotVerified";
  if (body && typeof body === "object" && "non_field_errors" in body) return "wrongCredentials";
  return "somethingWrong";
}

export type SignUpError =
  | "emailRegistered"
  | "phoneError"
  | "emailError"
  | "exists"
  | "passwordMismatch"
  | "phoneUnique"
  | "somethingWrong";

// Spec §8 registration errors by code; "exists" (e-mail and username both taken) wins over its parts.
const SIGN_UP_CODES: [code: string, error: SignUpError][] = [
  ["exists", "exists"],
  ["email_registered", "emailRegistered"],
  ["phone_unique", "phoneUnique"],
  ["invalid_phone", "phoneError"],
  ["invalid_email", "emailError"],
  ["password_mismatch", "passwordMismatch"],
];

export function signUpError(error: unknown): SignUpError {
  const codes = errorCodes(error);
  return SIGN_UP_CODES.find(([code]) => codes.includes(code))?.[1] ?? "somethingWrong";
}

/** Reset, resend, confirm and change: the link expired, too many tries, or something-wrong. */
export function generalError(error: unknown): "invalidToken" | "throttled" | "somethingWrong" {
  const codes = errorCodes(error);
  if (codes.includes("invalid_token")) return "invalidToken";
  if (codes.includes("throttled")) return "throttled";
  return "somethingWrong";
}
