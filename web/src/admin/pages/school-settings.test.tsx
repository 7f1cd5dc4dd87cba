// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { de } from "../i18n/de.ts";
import { ru } from "../i18n/ru.ts";
import { emailLines } from "./school-settings.tsx";

describe("the addresses told of bookings (D531)", () => {
  it("names the first line that is no address, with its text; empty lines and good addresses pass", () => {
    expect(emailLines(["buero@schule.de", "", "leitung@schule.de"])).toBeUndefined();
    expect(emailLines(["buero@schule.de", " keine-adresse ", "auch nicht"])).toEqual({
      message: "admin.settings.email_line",
      args: { line: 2, value: "keine-adresse" },
    });
    expect(emailLines(undefined)).toBeUndefined();
  });

  it("says so in both languages with the line and the text", () => {
    for (const messages of [de, ru]) {
      const text = (messages.admin.settings as Record<string, unknown>).email_line as string;
      expect(text).toContain("%{line}");
      expect(text).toContain("%{value}");
    }
  });
});
