import { describe, expect, it } from "vitest";
import {
  PasswordChangeRequestSchema,
  PasswordResetConfirmRequestSchema,
  ProfileUpdateRequestSchema,
  SignInRequestSchema,
  SignUpRequestSchema,
} from "./accounts.ts";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? [] : (result.error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? []));

const signUp = {
  email: "anna@example.org",
  phone_number: "+4915112345678",
  password1: "Sicher-Passwort1",
  password2: "Sicher-Passwort1",
  first_name: " Anna ",
  last_name: "Schmidt",
};

describe("account schemas", () => {
  it("sign-up: accepts a valid form and trims names", () => {
    expect(SignUpRequestSchema.parse(signUp).first_name).toBe("Anna");
  });

  it("sign-up: reports the repeat mismatch on password2 even while other fields are invalid", () => {
    expect(issues(SignUpRequestSchema.safeParse({ ...signUp, email: "x", password2: "other" }))).toEqual([
      "email:invalid_email",
      "password2:password_mismatch",
    ]);
  });

  it("sign-in: any password of 1 to 64 characters, no rules for choosing one (D232)", () => {
    expect(SignInRequestSchema.safeParse({ email: "a@b.de", password: "Abcdefg1" }).success).toBe(true);
    expect(SignInRequestSchema.safeParse({ email: "a@b.de", password: "abc" }).success).toBe(true);
    expect(issues(SignInRequestSchema.safeParse({ email: "a@b.de", password: "" }))).toEqual([
      "password:required",
    ]);
    expect(issues(SignInRequestSchema.safeParse({ email: "a@b.de", password: "a".repeat(65) }))).toEqual([
      "password:password_too_long",
    ]);
  });

  it("reset confirm and change: new_password2 must equal new_password1", () => {
    const reset = { uid: "1", token: "t", new_password1: "Abcdefg1", new_password2: "Abcdefg2" };
    expect(issues(PasswordResetConfirmRequestSchema.safeParse(reset))).toEqual([
      "new_password2:password_mismatch",
    ]);
    expect(
      issues(PasswordChangeRequestSchema.safeParse({ new_password1: "Abcdefg1", new_password2: "Abcdefg1" })),
    ).toEqual([]);
  });

  it("profile: any subset; phone may be empty or '+'; texts at most 64", () => {
    expect(ProfileUpdateRequestSchema.safeParse({}).success).toBe(true);
    expect(ProfileUpdateRequestSchema.safeParse({ phone_number: "+" }).success).toBe(true);
    expect(issues(ProfileUpdateRequestSchema.safeParse({ phone_number: "030" }))).toEqual([
      "phone_number:invalid_phone",
    ]);
    expect(issues(ProfileUpdateRequestSchema.safeParse({ city: "x".repeat(65) }))).toEqual(["city:too_long"]);
  });
});
