import type { User } from "@atelier/contract";
import { showAccountNotice } from "../../lib/account-notice.ts";
import { clearAllStorage, runAfterSignInHooks, saveToken, saveUser } from "../../lib/session.ts";
import { authApi } from "./api/auth-api.ts";

/**
 * Spec §4: a returned key is stored as the token, then the user is reloaded (GET me) into `user`,
 * then the after-sign-in steps run (guest visitors transfer, see registerAfterSignIn).
 * If loading the user fails, the token is dropped again so no half-signed-in state remains.
 */
export async function completeSignIn(key: string): Promise<User> {
  saveToken(key);
  let user: User;
  try {
    user = await authApi.me();
  } catch (error) {
    clearAllStorage();
    throw error;
  }
  saveUser(user);
  await runAfterSignInHooks(user);
  return user;
}

/**
 * Spec §4 logout: the server revokes the token, then ALL local storage is cleared (user, visitors,
 * cart id ...). The caller resets cached server state and goes to `/`. A failing logout call
 * (offline, token already revoked) still signs out locally.
 */
export async function logout(): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    // Signed out locally either way.
  }
  clearAllStorage();
  showAccountNotice(null);
}
