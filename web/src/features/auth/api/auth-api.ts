import type {
  DetailReply,
  EmailChangeConfirm,
  EmailChangeConfirmReply,
  EmailRequest,
  PasswordChangeRequest,
  PasswordResetConfirmRequest,
  ProfileUpdateRequest,
  SignInRequest,
  SignUpReply,
  SignUpRequest,
  SsoConfigReply,
  SsoProvider,
  TokenReply,
  User,
  VerifyEmailReply,
  VerifyEmailRequest,
} from "@atelier/contract";
import { api, SIGN_IN_PATH } from "../../../lib/api-client.ts";

/** The user calls of spec §7 (shapes in contract/src/accounts.ts). */
export const authApi = {
  signIn: (body: SignInRequest) => api.post<TokenReply>(SIGN_IN_PATH, body),
  signUp: (body: SignUpRequest) => api.post<SignUpReply>("/api/v2/users/sign_up/", body),
  resetPassword: (body: EmailRequest) => api.post<DetailReply>("/api/v2/users/auth/password/reset/", body),
  // Spec §7: this one path has no /api/v2 prefix.
  confirmReset: (body: PasswordResetConfirmRequest) =>
    api.post<DetailReply>("/auth/password/reset/confirm/", body),
  resendVerification: (body: EmailRequest & { next?: string | undefined }) =>
    api.post<DetailReply>("/api/v2/users/resend_verification/", body),
  /** The change link's page posts its uid and token with the account's own session (D577). */
  confirmEmailChange: (body: EmailChangeConfirm) =>
    api.post<EmailChangeConfirmReply>("/api/v2/users/me/email/confirm/", body),
  /** The verification link's page posts its uid and token and is signed in (D167). */
  verifyEmail: (body: VerifyEmailRequest) => api.post<VerifyEmailReply>("/api/v2/users/verify_email/", body),
  me: (signal?: AbortSignal) => api.get<User>("/api/v2/users/me/", undefined, signal),
  updateProfile: (body: ProfileUpdateRequest) => api.patch<User>("/api/v2/users/add_profile_info/", body),
  changePassword: (body: PasswordChangeRequest) =>
    api.post<DetailReply>("/api/v2/users/auth/password/change/", body),
  logout: () => api.post<unknown>("/api/v2/users/logout/"),
  ssoConfig: () => api.get<SsoConfigReply>("/api/v2/users/auth/sso/config/"),
  ssoSignIn: (provider: SsoProvider, code: string) =>
    api.post<TokenReply>(`/api/v2/users/auth/sso/${provider}/`, { code }),
};
