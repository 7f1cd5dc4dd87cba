import { STORAGE_KEYS } from "@atelier/contract";
import type { QueryClient } from "@tanstack/react-query";
import { currentSession, registerAfterSignIn } from "../lib/session.ts";
import { browserStorage } from "../lib/storage.ts";

/**
 * Spec §4 "after login": the guest's children and cart move to the account. The work (and zod, the
 * visitors and cart code) loads only when there is something to move; the sign-in dialog waits for it.
 * A transfer that could not finish (network) is retried at the next start of the app while signed in.
 */
export function installGuestTransfer(queryClient: QueryClient) {
  const run = async (userKey: string) => {
    const { runGuestTransfer } = await import("./guest-transfer-run.ts");
    await runGuestTransfer(queryClient, userKey);
  };
  registerAfterSignIn((user) => run(String(user.pk)));

  const session = currentSession();
  if (session && hasGuestVisitors()) {
    run(String(session.user.pk)).catch((error) => console.error("guest transfer failed", error));
  }
}

function hasGuestVisitors(): boolean {
  try {
    const raw = browserStorage()?.getItem(STORAGE_KEYS.visitors) ?? null;
    return raw !== null && raw !== "[]";
  } catch {
    return false;
  }
}
