import type { QueryClient } from "@tanstack/react-query";
import { openAuthDialog } from "../features/auth/auth-dialog-store.ts";
import { onSessionEnded } from "../lib/session.ts";

/**
 * When the server no longer knows the stored sign-in (D539), the browser is signed out already
 * (`endStoredSession`); here every page's data loads again as a guest's, and the sign-in dialog says why
 * it opened. The page stays where the parent is, so a booking in progress goes on after signing in.
 */
export function installSessionEnded(queryClient: QueryClient) {
  return onSessionEnded(() => {
    void queryClient.invalidateQueries();
    openAuthDialog({ notice: "sessionEnded" });
  });
}
