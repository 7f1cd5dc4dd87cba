import { STORAGE_KEYS } from "@atelier/contract";
import { useSyncExternalStore } from "react";
import { browserStorage } from "./storage.ts";

export type StoredUser = {
  pk: number | string;
  id?: number | string;
  email?: string;
  first_name?: string;
  last_name?: string;
  phone_number?: string;
  company_name?: string;
  city?: string;
  country?: string;
  state?: string;
  street?: string;
  post_code?: string;
};
export type Session = { token: string; user: StoredUser };

type ReadableStorage = Pick<Storage, "getItem">;

/**
 * Spec §4: logged in means a stored token (`odev-token`) and a stored `user` with a `pk`.
 * This module is in the main bundle (the header reads it), so it must stay tiny and zod-free.
 */
export function readSession(storage: ReadableStorage | undefined): Session | null {
  if (!storage) return null;
  try {
    const token = storage.getItem(STORAGE_KEYS.token);
    const raw = storage.getItem(STORAGE_KEYS.user);
    if (!token || !raw) return null;
    const user: unknown = JSON.parse(raw);
    if (!user || typeof user !== "object" || !("pk" in user)) return null;
    const { pk } = user as { pk: unknown };
    if ((typeof pk !== "number" && typeof pk !== "string") || pk === "") return null;
    return { token, user: user as StoredUser };
  } catch {
    return null;
  }
}

// Snapshot by the raw values so useSyncExternalStore sees a stable object until storage changes.
let cache: { key: string; session: Session | null } = { key: "", session: null };
function snapshot(): Session | null {
  const storage = browserStorage();
  let key = "";
  try {
    key = `${storage?.getItem(STORAGE_KEYS.token)}\u0000${storage?.getItem(STORAGE_KEYS.user)}`;
  } catch {
    return null;
  }
  if (key !== cache.key) cache = { key, session: readSession(storage) };
  return cache.session;
}

// The `storage` event only fires in other tabs; writes in this tab notify these listeners.
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The session, updated on sign-in and logout in this tab and when another tab signs in or out. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/**
 * Calls `onChange` whenever the session may have changed: a sign-in or logout in this tab or another (a
 * Google sign-in finishes in its own tab). Answers the unsubscribe.
 */
export function onSessionChange(onChange: () => void): () => void {
  return subscribe(onChange);
}

/** The session outside React (the guest transfer's retry at start-up). */
export function currentSession(): Session | null {
  return snapshot();
}

/** Stores the token of a successful sign-in (spec §4); the user follows with {@link saveUser}. */
export function saveToken(token: string) {
  browserStorage()?.setItem(STORAGE_KEYS.token, token);
  notify();
}

/** Stores the user from GET /api/v2/users/me/ as JSON under `user` (spec §3). */
export function saveUser(user: StoredUser) {
  browserStorage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

/** Spec §4 logout: ALL local storage is cleared (token, user, visitors, cart id, drafts, cookie choice). */
export function clearAllStorage() {
  try {
    browserStorage()?.clear();
  } catch {
    // Blocked storage holds nothing to clear.
  }
  notify();
}

let sessionEndedHandler: (() => void) | null = null;

/** What the app does when the server no longer knows the stored sign-in (it asks the parent to sign in). */
export function onSessionEnded(handler: () => void): () => void {
  sessionEndedHandler = handler;
  return () => {
    if (sessionEndedHandler === handler) sessionEndedHandler = null;
  };
}

/**
 * The server answered 401 to a request that carried `token`: the sign-in ended (expired after its days,
 * or ended by a password change or reset on another device). The shop's sign-in is dropped (its token,
 * user and the account's cart id), so every page loads as a guest's instead of failing, and the app asks
 * the parent to sign in again. Nobody clicked "Abmelden": what else the browser keeps for this origin (the
 * back office's own sign-in, the cookie choice, drafts) stays. A token the browser no longer holds (signed
 * in anew meanwhile) changes nothing.
 */
export function endStoredSession(token: string) {
  const storage = browserStorage();
  try {
    if (storage?.getItem(STORAGE_KEYS.token) !== token) return;
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.cartId]) storage.removeItem(key);
  } catch {
    return;
  }
  notify();
  sessionEndedHandler?.();
}

export type AfterSignInHook = (user: StoredUser) => Promise<void> | void;
const afterSignInHooks: AfterSignInHook[] = [];

/**
 * Extension point for spec §4 "after login": guest visitors are posted, their new ids mapped, cart items
 * reassigned, then visitors and the current order reloaded. That belongs to the visitors/cart feature,
 * which registers its transfer here (from app/, since features do not import each other). The sign-in
 * dialog awaits every hook in order before it closes; a failing hook is logged, the sign-in stands.
 */
export function registerAfterSignIn(hook: AfterSignInHook): () => void {
  afterSignInHooks.push(hook);
  return () => {
    const index = afterSignInHooks.indexOf(hook);
    if (index !== -1) afterSignInHooks.splice(index, 1);
  };
}

export async function runAfterSignInHooks(user: StoredUser) {
  for (const hook of afterSignInHooks) {
    try {
      await hook(user);
    } catch (error) {
      console.error("after sign-in step failed", error);
    }
  }
}
