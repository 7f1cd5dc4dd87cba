import { describe, expect, it } from "vitest";
import { canMoveTo, dialogLaunchFromSearch, dialogTitleKey, searchWithout } from "./auth-dialog-store.ts";

describe("sign-in dialog flow (spec §4)", () => {
  it("allows exactly the transitions of the spec", () => {
    expect(canMoveTo("Options", "Email")).toBe(true);
    expect(canMoveTo("Email", "RestorePassword")).toBe(true);
    expect(canMoveTo("Email", "SignUp")).toBe(true);
    expect(canMoveTo("RestorePassword", "Email")).toBe(true);
    expect(canMoveTo("SignUp", "Email")).toBe(true);
    expect(canMoveTo("SignUp", "VerifyEmail")).toBe(true);
    expect(canMoveTo("ConfirmRestorePassword", "Email")).toBe(true);
    expect(canMoveTo("Options", "SignUp")).toBe(false);
    expect(canMoveTo("VerifyEmail", "Email")).toBe(false);
  });

  it("titles the dialog by step (spec §2)", () => {
    expect(dialogTitleKey("SignUp")).toBe("titleRegistration");
    expect(dialogTitleKey("VerifyEmail")).toBe("titleRegistration");
    expect(dialogTitleKey("RestorePassword")).toBe("titleRestore");
    expect(dialogTitleKey("ConfirmRestorePassword")).toBe("titleRestore");
    expect(dialogTitleKey("Options")).toBe("titleSignIn");
    expect(dialogTitleKey("Email")).toBe("titleSignIn");
  });
});

describe("dialog launch from the URL (spec §2)", () => {
  it("opens at ConfirmRestorePassword with uid and token", () => {
    expect(dialogLaunchFromSearch("?uid=MQ&token=abc-123&locale=de")).toEqual({
      step: "ConfirmRestorePassword",
      reset: { uid: "MQ", token: "abc-123" },
    });
  });
  it("opens at Email with a note for email=confirmed, and for an invalid link", () => {
    expect(dialogLaunchFromSearch("?email=confirmed")).toEqual({ step: "Email", notice: "emailConfirmed" });
    expect(dialogLaunchFromSearch("?email=invalid")).toEqual({ step: "Email", notice: "emailLinkInvalid" });
  });
  it("stays closed otherwise", () => {
    expect(dialogLaunchFromSearch("?uid=1")).toBeNull();
    expect(dialogLaunchFromSearch("?email=a@b.de")).toBeNull();
    expect(dialogLaunchFromSearch("")).toBeNull();
  });
  it("removes only the given keys from the query", () => {
    expect(searchWithout("?uid=1&token=2&locale=ru&tab=x", ["uid", "token"])).toBe("?locale=ru&tab=x");
    expect(searchWithout("?email=confirmed", ["email"])).toBe("");
  });
});
