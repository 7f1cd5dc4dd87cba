import type {
  DetailReply,
  EmailChangeReply,
  EmailChangeRequest,
  PasswordChangeRequest,
  ProfileUpdateRequest,
  User,
} from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v2/users/me/, keyed by the signed-in user so another user never sees cached data. */
export const meQueryOptions = (userKey: string) =>
  queryOptions({
    queryKey: ["users", "me", userKey],
    queryFn: ({ signal }) => api.get<User>("/api/v2/users/me/", undefined, signal),
  });

export const accountApi = {
  updateProfile: (body: ProfileUpdateRequest) => api.patch<User>("/api/v2/users/add_profile_info/", body),
  changePassword: (body: PasswordChangeRequest) =>
    api.post<DetailReply>("/api/v2/users/auth/password/change/", body),
  /** A link to the new address; the account moves when it is opened (D577). */
  changeEmail: (body: EmailChangeRequest) => api.post<EmailChangeReply>("/api/v2/users/me/email/", body),
};
