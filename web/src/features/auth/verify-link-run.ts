import { showAccountNotice } from "../../lib/account-notice.ts";
import { errorCodes } from "../../lib/error-codes.ts";
import { currentSession } from "../../lib/session.ts";
import { authApi } from "./api/auth-api.ts";
import { openAuthDialog } from "./auth-dialog-store.ts";
import { completeSignIn } from "./sign-in-flow.ts";

/**
 * Posts a verification link's uid and token (D167): the server verifies the address once and answers a
 * key, which signs this browser in (the after-sign-in steps run as after any sign-in). A used or expired
 * link opens the sign-in dialog with a note, unless this browser is signed in already (the link was
 * opened twice): then there is nothing to do.
 */
export async function runVerifyLink(uid: string, token: string): Promise<void> {
  try {
    const { key, email } = await authApi.verifyEmail({ uid, token });
    await completeSignIn(key);
    showAccountNotice({ kind: "verified", email });
  } catch (error) {
    // Opened outside the registering browser: the sign-up's password confirms it (D540).
    if (errorCodes(error).includes("verify_password_required")) {
      openAuthDialog({ step: "ConfirmEmail", verify: { uid, token } });
      return;
    }
    console.error("verification link refused", error);
    if (currentSession()) return;
    openAuthDialog({ step: "Email", notice: "emailLinkInvalid" });
  }
}
