// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentAccountNotice, showAccountNotice } from "../../lib/account-notice.ts";
import { ApiError } from "../../lib/api-client.ts";
import {
  clearAllStorage,
  currentSession,
  runAfterSignInHooks,
  saveToken,
  saveUser,
} from "../../lib/session.ts";
import { authApi } from "./api/auth-api.ts";
import { authDialogState, closeAuthDialog } from "./auth-dialog-store.ts";
import { runEmailChangeLink } from "./email-change-link-run.ts";

vi.mock("./api/auth-api.ts", () => ({ authApi: { confirmEmailChange: vi.fn(), me: vi.fn() } }));

const refusal = (code: string, field = "non_field_errors") =>
  new ApiError(400, { [field]: ["…"], error_codes: { [field]: [code] } });

afterEach(() => {
  vi.mocked(authApi.confirmEmailChange).mockClear();
  showAccountNotice(null);
  closeAuthDialog();
  clearAllStorage();
});

describe("the page a change link opens (D577)", () => {
  it("a guest is asked to sign in, and the link is posted again right after the sign-in", async () => {
    vi.mocked(authApi.confirmEmailChange)
      .mockRejectedValueOnce(refusal("email_change_sign_in"))
      .mockResolvedValueOnce({ detail: "…", email: "neu@example.org" });
    vi.mocked(authApi.me).mockResolvedValue({ pk: 4, email: "neu@example.org" } as never);
    await runEmailChangeLink("NA", "tok");
    expect(authDialogState()).toMatchObject({ open: true, step: "Email", notice: "emailChangeSignIn" });
    expect(currentAccountNotice()).toBeNull();

    saveToken("key");
    saveUser({ pk: 4, email: "alt@example.org" } as never);
    await runAfterSignInHooks({ pk: 4, email: "alt@example.org" } as never);
    expect(authApi.confirmEmailChange).toHaveBeenLastCalledWith({ uid: "NA", token: "tok" });
    expect(currentAccountNotice()).toEqual({ kind: "emailChanged", email: "neu@example.org" });
    expect(currentSession()?.user.email).toBe("neu@example.org");
    // Once: a later sign-in posts nothing.
    await runAfterSignInHooks({ pk: 4, email: "neu@example.org" } as never);
    expect(authApi.confirmEmailChange).toHaveBeenCalledTimes(2);
  });

  it("says which refusal it was: another account signed in, an address taken, a dead link, a failure of the moment", async () => {
    saveToken("key");
    saveUser({ pk: 9, email: "andere@example.org" } as never);
    const cases = [
      [refusal("email_change_sign_in"), "emailChangeOtherAccount"],
      [refusal("email_registered", "email"), "emailChangeTaken"],
      [refusal("invalid_token", "token"), "emailChangeInvalid"],
      [new ApiError(503, null), "emailChangeFailed"],
    ] as const;
    for (const [error, kind] of cases) {
      vi.mocked(authApi.confirmEmailChange).mockRejectedValueOnce(error);
      await runEmailChangeLink("NA", "tok");
      expect(currentAccountNotice()?.kind).toBe(kind);
    }
    expect(authDialogState().open).toBe(false);
  });
});
