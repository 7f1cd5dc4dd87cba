import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PHONE_MAX_LENGTH, TEXT_MAX_LENGTH } from "./rules/constants.ts";
import { EmailSchema } from "./rules/email.ts";
import { type Locale, RequestLocaleSchema } from "./rules/locale.ts";
import { NameSchema } from "./rules/name.ts";
import { isOneLine, ONE_LINE } from "./rules/one-line.ts";
import { SignInAttemptPasswordSchema, SignInPasswordSchema, SignUpPasswordSchema } from "./rules/password.ts";
import { isValidPhone, normalizePhone, PhoneSchema } from "./rules/phone.ts";
import { ReturnPathSchema } from "./rules/return-path.ts";

/**
 * What a single-use token of a user is for: confirming the e-mail address, setting a new password, or
 * moving the account to a new address (the token holds the address, D577).
 */
export const USER_TOKEN_PURPOSES = ["verify_email", "password_reset", "change_email"] as const;

/**
 * Request and reply schemas of the user calls (spec §7, api-shapes.md "Users").
 * The server validates with them and the web's forms use them, so a rule is written once.
 * Error messages are the stable codes of `errors.ts`.
 */

/** A repeated password must equal the first one; the error sits on the repeat field (spec §5). */
function repeatMustMatch<T extends Record<string, unknown>>(
  first: keyof T & string,
  repeat: keyof T & string,
) {
  return {
    check: (value: T) => value[first] === value[repeat],
    params: {
      error: "password_mismatch",
      path: [repeat],
      // Also checked while other fields are still invalid, so the form shows every problem at once.
      when: (payload: { value: unknown }) => {
        const value = payload.value as Partial<T> | undefined;
        return typeof value?.[first] === "string" && typeof value?.[repeat] === "string";
      },
    },
  };
}

const signUpMatch = repeatMustMatch<{ password1: string; password2: string }>("password1", "password2");

/** `POST /api/v2/users/sign_up/` */
export const SignUpRequestSchema = z
  .object({
    email: EmailSchema,
    phone_number: PhoneSchema,
    password1: SignUpPasswordSchema,
    password2: z.string({ error: "required" }),
    first_name: NameSchema,
    last_name: NameSchema,
    /**
     * Where the verification link leads back to (D167): a path of the shop, such as `/cart?step=checkout`.
     * Optional (the existing client sends none: the link leads home).
     */
    next: ReturnPathSchema.optional(),
  })
  .refine(signUpMatch.check, signUpMatch.params);
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

/**
 * Sign-up signs in the browser that registered (`key`, D166): a new parent may pay before the address is
 * verified. Signing in anywhere else with the password waits for the verification (D16).
 */
export const SignUpReplySchema = z.object({ detail: z.string(), email: z.string(), key: z.string() });
export type SignUpReply = z.infer<typeof SignUpReplySchema>;

/** `POST /api/v2/users/sign_in/` */
export const SignInRequestSchema = z.object({
  email: EmailSchema,
  password: SignInAttemptPasswordSchema,
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/** The storefront's sign-in dialog checks spec §5's sign-in rule (8+, upper, lower, digit) before it sends. */
export const SignInFormSchema = z.object({
  email: EmailSchema,
  password: SignInPasswordSchema,
});

/** Sign-in and SSO reply: `key` is the token for `Authorization: Token <key>`. */
export const TokenReplySchema = z.object({ key: z.string() });
export type TokenReply = z.infer<typeof TokenReplySchema>;

/** `POST /api/v2/users/auth/password/reset/` and `POST /api/v2/users/resend_verification/` */
export const EmailRequestSchema = z.object({ email: EmailSchema });
export type EmailRequest = z.infer<typeof EmailRequestSchema>;
export const PasswordResetRequestSchema = EmailRequestSchema;
export type PasswordResetRequest = EmailRequest;
/** Resend may name where the new link leads back to, as sign-up does (D167). */
export const ResendVerificationRequestSchema = EmailRequestSchema.extend({
  next: ReturnPathSchema.optional(),
});
export type ResendVerificationRequest = z.infer<typeof ResendVerificationRequestSchema>;

const newPasswordMatch = repeatMustMatch<{ new_password1: string; new_password2: string }>(
  "new_password1",
  "new_password2",
);

/** `POST /auth/password/reset/confirm/` (reset passwords: 8+ with upper, lower and digit, spec §5). */
export const PasswordResetConfirmRequestSchema = z
  .object({
    new_password1: SignInPasswordSchema,
    new_password2: z.string({ error: "required" }),
    uid: z.string({ error: "required" }).min(1, { error: "required" }).max(64, { error: "invalid_token" }),
    token: z.string({ error: "required" }).min(1, { error: "required" }).max(128, { error: "invalid_token" }),
  })
  .refine(newPasswordMatch.check, newPasswordMatch.params);
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequestSchema>;

/** `POST /api/v2/users/auth/password/change/` (authenticated; same rules as a reset password). */
export const PasswordChangeRequestSchema = z
  .object({
    new_password1: SignInPasswordSchema,
    new_password2: z.string({ error: "required" }),
  })
  .refine(newPasswordMatch.check, newPasswordMatch.params);
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequestSchema>;

/**
 * `POST /api/v2/admin/me/password/` (D242): staff and admins change their own password in the back office,
 * with the current one, to a new one under the sign-up rules (spec §5), typed twice.
 */
export const StaffPasswordChangeSchema = z
  .object({
    old_password: z
      .string({ error: "required" })
      .min(1, { error: "required" })
      .max(128, { error: "too_long" }),
    new_password1: SignUpPasswordSchema,
    new_password2: z.string({ error: "required" }),
  })
  .strict()
  .refine(newPasswordMatch.check, newPasswordMatch.params);
export type StaffPasswordChange = z.infer<typeof StaffPasswordChangeSchema>;

/** `{detail}` replies of reset, resend, reset confirm and password change, in the request's locale. */
export const DetailReplySchema = z.object({ detail: z.string() });
export type DetailReply = z.infer<typeof DetailReplySchema>;

/** `POST /api/v2/users/auth/sso/google/` and `/facebook/`: the authorization code from the provider's redirect. */
export const SsoCodeRequestSchema = z.object({
  code: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(2048, { error: "too_long" }),
});
export type SsoCodeRequest = z.infer<typeof SsoCodeRequestSchema>;

export const SSO_PROVIDERS = ["google", "facebook"] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

/** What the web needs to open a provider's authorization page in a new tab. */
export const SsoProviderConfigSchema = z.object({
  client_id: z.string(),
  authorize_url: z.string(),
  /** Where the provider sends the browser back: the shop with `?sso_provider=<provider>`, then `&code=`. */
  redirect_uri: z.string(),
  scope: z.string(),
  /** `authorize_url` with every parameter filled in (response_type=code). */
  url: z.string(),
});
export type SsoProviderConfig = z.infer<typeof SsoProviderConfigSchema>;

/** `GET /api/v2/users/auth/sso/config/`: null for a provider that is not configured. */
export const SsoConfigReplySchema = z.object({
  google: SsoProviderConfigSchema.nullable(),
  facebook: SsoProviderConfigSchema.nullable(),
});
export type SsoConfigReply = z.infer<typeof SsoConfigReplySchema>;

/** A parent's address, the one invoices are made out to: the user's reply, staff's page and the data file. */
export const UserAddressSchema = z.object({
  company_name: z.string(),
  city: z.string(),
  country: z.string(),
  state: z.string(),
  street: z.string(),
  post_code: z.string(),
});
export type UserAddress = z.infer<typeof UserAddressSchema>;

/** `GET /api/v2/users/me/` and the reply of `PATCH /api/v2/users/add_profile_info/`. */
export const UserSchema = z.object({
  pk: z.number().int(),
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** "+" while not set (spec §3: starts as '+'). */
  phone_number: z.string(),
  ...UserAddressSchema.shape,
});
export type User = z.infer<typeof UserSchema>;

/** A free profile text: at most 64 characters after trimming (spec §5 "text inputs max length 64"). */
export const ProfileTextSchema = z
  .string({ error: "invalid_type" })
  .trim()
  .max(TEXT_MAX_LENGTH, { error: "too_long" })
  .refine(isOneLine, ONE_LINE);

/** A profile phone: a valid number (separators removed, as PhoneSchema), or "+" / "" for none. */
export const ProfilePhoneSchema = z
  .string({ error: "invalid_type" })
  .trim()
  .max(TEXT_MAX_LENGTH, { error: "too_long" })
  .refine(isOneLine, ONE_LINE)
  .overwrite(normalizePhone)
  .max(PHONE_MAX_LENGTH, { error: "too_long" })
  .refine((value) => value === "" || value === "+" || (value.startsWith("+") && isValidPhone(value)), {
    error: "invalid_phone",
  });

/**
 * `PATCH /api/v2/users/add_profile_info/`: any subset of the user's fields. `pk`, `id` and `email` are
 * accepted so that a client may send the user object back, but they cannot be changed: a different
 * e-mail is refused with `email_readonly`.
 */
export const ProfileUpdateRequestSchema = z.object({
  pk: z.number().int().optional(),
  id: z.number().int().optional(),
  email: z.string().optional(),
  first_name: NameSchema.optional(),
  last_name: NameSchema.optional(),
  phone_number: ProfilePhoneSchema.optional(),
  company_name: ProfileTextSchema.optional(),
  city: ProfileTextSchema.optional(),
  country: ProfileTextSchema.optional(),
  state: ProfileTextSchema.optional(),
  street: ProfileTextSchema.optional(),
  post_code: ProfileTextSchema.optional(),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequestSchema>;

/** Query of the verification link in the mail: `GET /api/v2/users/verify_email/?uid=&token=`. */
export const VerifyEmailQuerySchema = z.object({
  uid: z.string().max(64).default(""),
  token: z.string().max(128).default(""),
  locale: RequestLocaleSchema.optional(),
});
export type VerifyEmailQuery = z.infer<typeof VerifyEmailQuerySchema>;

/**
 * `POST /api/v2/users/verify_email/`: the web page the verification link opens (`?uid=&verify_token=`)
 * posts them; the reply signs that browser in (D167). The link is one-time.
 */
export const VerifyEmailRequestSchema = z.object({
  uid: z.string({ error: "required" }).min(1, { error: "required" }).max(64, { error: "invalid_token" }),
  token: z.string({ error: "required" }).min(1, { error: "required" }).max(128, { error: "invalid_token" }),
  /** The password chosen at sign-up, asked where the link is opened outside the registering session (D540). */
  password: z.string().max(PASSWORD_MAX_LENGTH, { error: "verify_password_wrong" }).optional(),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;
export const VerifyEmailReplySchema = z.object({ key: z.string(), email: z.string() });
export type VerifyEmailReply = z.infer<typeof VerifyEmailReplySchema>;

/**
 * `POST /api/v2/users/me/email/` (the signed-in parent) and `POST /api/v2/admin/people/{id}/email/` (staff
 * for a family, D577): the new address gets a link; the account's address changes only when it is opened.
 */
export const EmailChangeRequestSchema = EmailRequestSchema;
export type EmailChangeRequest = EmailRequest;
/** The reply: the address the link went to, how long the link works, and what happens next in the request's language. */
export const EmailChangeReplySchema = z.object({
  detail: z.string(),
  email: z.string(),
  valid_hours: z.number().int(),
});
export type EmailChangeReply = z.infer<typeof EmailChangeReplySchema>;

/**
 * `POST /api/v2/users/me/email/confirm/`: the shop page the change link opens posts its uid and token with
 * the browser's session, which must be the account's own (D577). The reply names the account's new address.
 */
export const EmailChangeConfirmSchema = VerifyEmailRequestSchema.pick({ uid: true, token: true });
export type EmailChangeConfirm = z.infer<typeof EmailChangeConfirmSchema>;
export const EmailChangeConfirmReplySchema = z.object({ detail: z.string(), email: z.string() });
export type EmailChangeConfirmReply = z.infer<typeof EmailChangeConfirmReplySchema>;

/** Query keys of the change link on a shop page (`uid` and `.*_token` are redacted in logs). */
export const EMAIL_CHANGE_LINK_PARAMS = { uid: "uid", token: "email_token" } as const;

/** Query keys of the verification link on a shop page (`.*_token` and `uid` are redacted in logs). */
export const VERIFY_LINK_PARAMS = { uid: "uid", token: "verify_token" } as const;

/** Success texts of the user calls (`detail` of the replies), per locale. */
export const ACCOUNT_MESSAGES = {
  /** Spec §8: "Verification email resent successfully." */
  verification_resent: {
    de: "Bestätigungs-E-Mail wurde erfolgreich erneut gesendet.",
    ru: "Письмо с подтверждением успешно отправлено повторно.",
  },
  verification_sent: {
    de: "Wir haben Ihnen eine E-Mail zur Bestätigung Ihrer Adresse gesendet.",
    ru: "Мы отправили вам письмо для подтверждения адреса.",
  },
  password_reset_sent: {
    de: "Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link zum Zurücksetzen gesendet.",
    ru: "Если учётная запись с этим адресом существует, мы отправили ссылку для сброса пароля.",
  },
  password_reset_done: {
    de: "Ihr Passwort wurde zurückgesetzt.",
    ru: "Пароль был сброшен.",
  },
  password_changed: {
    de: "Ihr neues Passwort wurde gespeichert.",
    ru: "Новый пароль сохранён.",
  },
  email_change_sent: {
    de: "Wir haben einen Bestätigungslink an die neue Adresse gesendet. Ihre E-Mail-Adresse ändert sich, sobald Sie ihn öffnen.",
    ru: "Мы отправили ссылку для подтверждения на новый адрес. Адрес электронной почты изменится, как только вы откроете ссылку.",
  },
  email_change_sent_family: {
    de: "Der Link wurde an die neue Adresse gesendet. Die Adresse des Kontos ändert sich, sobald die Familie ihn öffnet.",
    ru: "Ссылка отправлена на новый адрес. Адрес учётной записи сменится, как только семья откроет ссылку.",
  },
  email_changed: {
    de: "Ihre E-Mail-Adresse wurde geändert. Melden Sie sich ab jetzt mit der neuen Adresse an.",
    ru: "Адрес электронной почты изменён. Теперь входите с новым адресом.",
  },
} as const satisfies Record<string, Record<Locale, string>>;
export type AccountMessage = keyof typeof ACCOUNT_MESSAGES;

/** Query values the server's e-mail links put on the shop URL (the sign-in dialog opens on them, spec §2). */
export const EMAIL_CONFIRMED_QUERY = { confirmed: "confirmed", invalid: "invalid" } as const;

/** A stored phone number as shown: spec §3 stores "+" for "none", which reads as empty. */
export function shownPhone(value: string | null | undefined): string {
  return value && value !== "+" ? value : "";
}
