// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderInLocale } from "../../test/render.tsx";
import { LanguageSwitch } from "./language-switch.tsx";

// The router's Link needs a router; its href is not what this test is about, the link's name is.
vi.mock("@tanstack/react-router", () => ({
  Link: ({
    children,
    to: _to,
    search: _search,
    ...rest
  }: {
    children: ReactNode;
    to: string;
    search: unknown;
  }) => (
    <a href="/" {...rest}>
      {children}
    </a>
  ),
}));

describe("language links (issue 24)", () => {
  for (const locale of ["de", "ru"] as const) {
    it(`are announced as Deutsch and Русский, each in its own language (${locale} page)`, () => {
      renderInLocale(<LanguageSwitch />, locale);
      const list = screen.getByRole("list");
      const german = within(list).getByRole("link", { name: "Deutsch" });
      const russian = within(list).getByRole("link", { name: "Русский" });
      expect(german.getAttribute("lang")).toBe("de");
      expect(russian.getAttribute("lang")).toBe("ru");
      expect(within(list).queryByRole("link", { name: "DE" })).toBeNull();
      expect(within(list).queryByRole("link", { name: "RU" })).toBeNull();
    });
  }
});
