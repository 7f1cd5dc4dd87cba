import { showAccountNotice } from "../../lib/account-notice.ts";
import { errorCodes } from "../../lib/error-codes.ts";
import { currentSession, saveUser } from "../../lib/session.ts";
import { accountApi } from "./api/account-api.ts";

/**
 * Posts a change link's uid and token (D577). The account moves to the new address; a browser signed in
 * reads its user again, so the header and the profile show the new address. A used or expired link, or an
 * address another account took meanwhile, is said on the page; the account keeps its address.
 */
export async function runEmailChangeLink(uid: string, token: string): Promise<void> {
  let email: string;
  try {
    ({ email } = await accountApi.confirmEmailChange({ uid, token }));
  } catch (error) {
    const taken = errorCodes(error).includes("email_registered");
    showAccountNotice({ kind: taken ? "emailChangeTaken" : "emailChangeInvalid", email: "" });
    return;
  }
  showAccountNotice({ kind: "emailChanged", email });
  if (!currentSession()) return;
  try {
    saveUser(await accountApi.me());
  } catch (error) {
    // The header shows the old address until the next sign-in or reload; the move itself is done.
    console.error("could not read the user again after the address changed", error);
  }
}
