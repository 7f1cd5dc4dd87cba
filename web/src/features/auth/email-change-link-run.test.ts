// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentAccountNotice, showAccountNotice } from "../../lib/account-notice.ts";
import { ApiError } from "../../lib/api-client.ts";
import { clearAllStorage, currentSession, saveToken, saveUser } from "../../lib/session.ts";
import { authApi } from "./api/auth-api.ts";
import { authDialogState, closeAuthDialog } from "./auth-dialog-store.ts";
import { runEmailChangeLink } from "./email-change-link-run.ts";

vi.mock("./api/auth-api.ts", () => ({ authApi: { confirmEmailChange: vi.fn(), me: vi.fn() } }));

const refusal = (status: number, code: string, field = "non_field_errors") =>
  new ApiError(status, { [field]: ["…"], error_codes: { [field]: [code] } });
/** The account 4's link (uids are base-36 ids). */
const UID = (4).toString(36);

function signInAs(pk: number, email: string) {
  saveToken(`key-${pk}`);
  saveUser({ pk, email } as never);
}

afterEach(() => {
  vi.mocked(authApi.confirmEmailChange).mockReset();
  showAccountNotice(null);
  closeAuthDialog();
  clearAllStorage();
});

describe("the page a change link opens (D577)", () => {
  it("a guest is asked to sign in, and the link is posted once a session appears, once", async () => {
    vi.mocked(authApi.confirmEmailChange)
      .mockRejectedValueOnce(refusal(400, "email_change_sign_in"))
      .mockResolvedValueOnce({ detail: "…", email: "neu@example.org" });
    vi.mocked(authApi.me).mockResolvedValue({ pk: 4, email: "neu@example.org" } as never);
    await runEmailChangeLink(UID, "tok");
    expect(authDialogState()).toMatchObject({ open: true, step: "Email", notice: "emailChangeSignIn" });
    expect(currentAccountNotice()).toBeNull();

    // Signed in here, or in another tab (a Google sign-in): the session appears either way.
    signInAs(4, "alt@example.org");
    await vi.waitFor(() =>
      expect(currentAccountNotice()).toEqual({ kind: "emailChanged", email: "neu@example.org" }),
    );
    expect(authApi.confirmEmailChange).toHaveBeenLastCalledWith({ uid: UID, token: "tok" });
    await vi.waitFor(() => expect(currentSession()?.user.email).toBe("neu@example.org"));
    // Once: a later sign-in posts nothing.
    clearAllStorage();
    signInAs(4, "neu@example.org");
    expect(authApi.confirmEmailChange).toHaveBeenCalledTimes(2);
  });

  // The server names a token it no longer knows `authentication_failed` (as Django REST does), none sent `not_authenticated`.
  it.each(["authentication_failed", "not_authenticated"])(
    "a stored sign-in that has ended (%s) is asked to sign in again, not told of another account",
    async (code) => {
      // Every post refused, before the sign-in: the case before still waits for a session, and posts too.
      vi.mocked(authApi.confirmEmailChange).mockRejectedValue(refusal(401, code, "detail"));
      signInAs(4, "alt@example.org");
      await runEmailChangeLink(UID, "tok");
      expect(authDialogState()).toMatchObject({ open: true, notice: "emailChangeSignIn" });
      expect(currentAccountNotice()).toBeNull();
    },
  );

  it("says which refusal it was: another account signed in, an address taken, a dead link, a failure of the moment", async () => {
    signInAs(9, "andere@example.org");
    const cases = [
      [refusal(400, "email_change_sign_in"), "emailChangeOtherAccount"],
      [refusal(400, "email_registered", "email"), "emailChangeTaken"],
      [refusal(400, "invalid_token", "token"), "emailChangeInvalid"],
      [new ApiError(503, null), "emailChangeFailed"],
    ] as const;
    for (const [error, kind] of cases) {
      vi.mocked(authApi.confirmEmailChange).mockRejectedValueOnce(error);
      await runEmailChangeLink(UID, "tok");
      expect(currentAccountNotice()?.kind).toBe(kind);
    }
    expect(authDialogState().open).toBe(false);
  });
});
