import { describe, expect, it } from "vitest";
import { profileChanges, profileFormValues } from "./profile-form-values.ts";

describe("profile form values", () => {
  it("fills missing fields and shows no phone as +", () => {
    const values = profileFormValues({ first_name: "Anna", phone_number: "" });
    expect(values.first_name).toBe("Anna");
    expect(values.city).toBe("");
    expect(values.phone_number).toBe("+");
  });

  it("sends only changed, trimmed fields, and a bare dial code as no phone", () => {
    const before = profileFormValues({ first_name: "Anna", last_name: "Muster", city: "Berlin" });
    const after = { ...before, city: " Potsdam ", phone_number: "+49" };
    expect(profileChanges(before, after, (phone) => phone === "+49")).toEqual({ city: "Potsdam" });
    expect(profileChanges(before, { ...before, phone_number: "+4930123456" }, () => false)).toEqual({
      phone_number: "+4930123456",
    });
  });
});

describe("bare dial code", () => {
  it("is a plus with at most four digits", async () => {
    const { isBareDialCode } = await import("./profile-form-values.ts");
    expect(isBareDialCode("+")).toBe(true);
    expect(isBareDialCode("+49")).toBe(true);
    expect(isBareDialCode("+1684")).toBe(true);
    expect(isBareDialCode("+4930123")).toBe(false);
  });
});
