import { showAccountNotice } from "../../lib/account-notice.ts";
import { errorCodes } from "../../lib/error-codes.ts";
import { currentSession, registerAfterSignIn, saveUser } from "../../lib/session.ts";
import { authApi } from "./api/auth-api.ts";
import { openAuthDialog } from "./auth-dialog-store.ts";

/**
 * Posts a change link's uid and token (D577) with this browser's session: only the account's own session
 * moves it. A guest is asked to sign in (still with the old address), and the link is posted again right
 * after; a browser signed in to another account is told so. A used or expired link, an address another
 * account took meanwhile, or a failure of the moment is said on the page; the account keeps its address.
 */
export async function runEmailChangeLink(uid: string, token: string): Promise<void> {
  let email: string;
  try {
    ({ email } = await authApi.confirmEmailChange({ uid, token }));
  } catch (error) {
    const codes = errorCodes(error);
    if (codes.includes("email_change_sign_in") && !currentSession()) {
      const unregister = registerAfterSignIn(async () => {
        unregister();
        await runEmailChangeLink(uid, token);
      });
      openAuthDialog({ step: "Email", notice: "emailChangeSignIn" });
      return;
    }
    showAccountNotice({
      kind: codes.includes("email_change_sign_in")
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
