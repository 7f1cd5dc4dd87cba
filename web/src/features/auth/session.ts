import { STORAGE_KEYS } from "@atelier/contract";
import { useSyncExternalStore } from "react";

export type StoredUser = { pk: number | string; first_name?: string; last_name?: string; email?: string };
export type Session = { token: string; user: StoredUser };

type ReadableStorage = Pick<Storage, "getItem">;

/**
 * Spec §4: logged in means a stored token (`odev-token`) and a stored `user` with a `pk`.
 * Read-only for now; sign-in and logout arrive with the accounts feature.
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

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

// Snapshot by the raw values so useSyncExternalStore sees a stable object until storage changes.
let cache: { key: string; session: Session | null } = { key: "", session: null };
function snapshot(): Session | null {
  const storage = safeLocalStorage();
  let key = "";
  try {
    key = `${storage?.getItem(STORAGE_KEYS.token)}\u0000${storage?.getItem(STORAGE_KEYS.user)}`;
  } catch {
    return null;
  }
  if (key !== cache.key) cache = { key, session: readSession(storage) };
  return cache.session;
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/** The session, updated when another tab signs in or out. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
