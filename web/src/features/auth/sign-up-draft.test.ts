import { describe, expect, it } from "vitest";
import { parseSignUpDraft, serializeSignUpDraft } from "./sign-up-draft.ts";

describe("sign-up draft (local key signUpCredentials)", () => {
  it("stores the form without the passwords", () => {
    const raw = serializeSignUpDraft({
      first_name: "Anna",
      last_name: "Muster",
      email: "anna@example.de",
      phone_number: "+4930",
      password1: "Secret1!",
      password2: "Secret1!",
    });
    expect(raw).not.toContain("Secret");
    expect(parseSignUpDraft(raw)).toEqual({
      first_name: "Anna",
      last_name: "Muster",
      email: "anna@example.de",
      phone_number: "+4930",
    });
  });
  it("ignores broken or foreign drafts", () => {
    expect(parseSignUpDraft(null)).toEqual({});
    expect(parseSignUpDraft("{oops")).toEqual({});
    expect(parseSignUpDraft(JSON.stringify({ email: 5, password1: "x" }))).toEqual({});
  });
});
