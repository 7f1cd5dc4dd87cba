import type { StaffMe } from "@atelier/contract";
import type { AuthProvider } from "react-admin";
import { currentAdminLocale, noAnswerText } from "../i18n/i18n-provider.ts";
import { fetchDashboardAhead } from "../shared/attendance-api.ts";
import { ADMIN_TOKEN_KEY, adminFetch } from "./data-provider.ts";

/** What a signed-in account may do here: staff and admins run the shop; a customer is refused (D101). */
export type AdminPermissions = StaffMe["role"] | "customer";

let me: Promise<StaffMe | "customer"> | undefined;

/** `GET /api/v2/admin/me/` once per sign-in: the staff member, or "customer" when the server says 403. */
function whoAmI(): Promise<StaffMe | "customer"> {
  me ??= adminFetch("GET", "me/").then(
    ({ json }) => json as StaffMe,
    (error: { status?: number }) => {
      me = undefined;
      if (error.status === 403) return "customer" as const;
      throw error;
    },
  );
  return me;
}

/** The shop's own token sign-in (`POST /api/v2/users/sign_in/`) for the back office. */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const response = await fetch(`/api/v2/users/sign_in/?locale=${currentAdminLocale()}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email: username, password }),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const messages = Object.entries(body).find(
        (entry): entry is [string, string[]] => entry[0] !== "error_codes" && Array.isArray(entry[1]),
      );
      throw new Error(String(messages?.[1][0] ?? body.detail ?? noAnswerText()));
    }
    localStorage.setItem(ADMIN_TOKEN_KEY, String(body.key));
    me = undefined;
    // Sign-in leads to the dashboard: its figures and who is signed in are asked for together (D186).
    void whoAmI().catch(() => {});
    fetchDashboardAhead();
  },
  async logout() {
    const token = localStorage.getItem(ADMIN_TOKEN_KEY);
    localStorage.removeItem(ADMIN_TOKEN_KEY);
    me = undefined;
    if (token)
      await fetch("/api/v2/users/logout/", {
        method: "POST",
        headers: { Authorization: `Token ${token}` },
      }).catch(() => {});
  },
  async checkAuth() {
    if (!localStorage.getItem(ADMIN_TOKEN_KEY)) throw new Error("ra.auth.auth_check_error");
  },
  /** 401: the token is gone or expired, sign in again. A 403 is a refusal, shown where it happens. */
  async checkError(error: { status?: number }) {
    if (error.status === 401) {
      localStorage.removeItem(ADMIN_TOKEN_KEY);
      me = undefined;
      throw error;
    }
  },
  async getIdentity() {
    const who = await whoAmI();
    if (who === "customer") return { id: "customer" };
    return { id: who.id, fullName: `${who.first_name} ${who.last_name}`.trim() || who.email };
  },
  /** Nobody signed in yet: no permissions to ask for; `requireAuth` shows the sign-in page. */
  async getPermissions(): Promise<AdminPermissions | null> {
    if (!localStorage.getItem(ADMIN_TOKEN_KEY)) return null;
    const who = await whoAmI();
    return who === "customer" ? "customer" : who.role;
  },
};
