import { showAccountNotice } from "../../lib/account-notice.ts";
import { errorCodes } from "../../lib/error-codes.ts";
import { currentSession, onSessionChange, saveUser } from "../../lib/session.ts";
import { authApi } from "./api/auth-api.ts";
import { openAuthDialog } from "./auth-dialog-store.ts";

/** The account a link's `uid` names (the server's base-36 id, accounts/secrets.ts). */
const accountOf = (uid: string) => Number.parseInt(uid, 36);

/** The link waiting for a sign-in on this page, and the end of its wait (one at a time: the newest). */
let waiting: (() => void) | null = null;

/**
 * Posts a change link's uid and token (D577) with this browser's session: only the account's own session
 * moves it. Without one (a guest, or a sign-in that has ended), the page asks to sign in, still with the old
 * address, and posts the link once a session of that account appears, signed in here or in another tab (a
 * Google sign-in finishes in its own). A browser signed in to another account is told so. A used or expired
 * link, an address another account took meanwhile, or a failure of the moment is said on the page; the
 * account keeps its address.
 */
export async function runEmailChangeLink(uid: string, token: string): Promise<void> {
  let email: string;
  try {
    ({ email } = await authApi.confirmEmailChange({ uid, token }));
  } catch (error) {
    const codes = errorCodes(error);
    // A session that has ended is `authentication_failed` (a token the server no longer knows); none sent, `not_authenticated`.
    const signInNeeded = ["email_change_sign_in", "not_authenticated", "authentication_failed"].some((code) =>
      codes.includes(code),
    );
    const session = currentSession();
    if (signInNeeded && (!session || session.user.pk === accountOf(uid))) {
      waitForSignIn(uid, token);
      return;
    }
    showAccountNotice({
      kind: signInNeeded
        ? "emailChangeOtherAccount"
        : codes.includes("email_registered")
          ? "emailChangeTaken"
          : codes.includes("invalid_token")
            ? "emailChangeInvalid"
            : "emailChangeFailed",
      email: "",
    });
    return;
  }
  showAccountNotice({ kind: "emailChanged", email });
  try {
    // The header and the profile show the new address.
    saveUser(await authApi.me());
  } catch (error) {
    // The header shows the old address until the next sign-in or reload; the move itself is done.
    console.error("could not read the user again after the address changed", error);
  }
}

/** Opens the sign-in and posts the link again when a session appears (another account's is refused then). */
function waitForSignIn(uid: string, token: string) {
  waiting?.();
  const stop = onSessionChange(() => {
    const session = currentSession();
    if (!session) return;
    stop();
    waiting = null;
    void runEmailChangeLink(uid, token);
  });
  waiting = stop;
  openAuthDialog({ step: "Email", notice: "emailChangeSignIn" });
}
