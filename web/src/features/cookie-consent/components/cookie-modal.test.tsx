// @vitest-environment jsdom
import { COOKIE_ACCEPT_ALL_CLOSE_MS } from "@atelier/contract";
import { fireEvent, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { advance, renderInLocale } from "../../../test/render.tsx";
import { CookieModal } from "./cookie-modal.tsx";

// The modal's legal links are router links; outside a router they are plain anchors.
vi.mock("@tanstack/react-router", () => ({
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));

beforeAll(() => {
  // jsdom has no modal dialogs; opening and closing is all the component asks of them.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

beforeEach(() => {
  vi.useFakeTimers();
});

describe("cookie modal (spec §4)", () => {
  it("accept all ticks every box, closes after 100 ms and stores the choice", async () => {
    renderInLocale(<CookieModal />);
    fireEvent.click(screen.getByTestId("cookie-accept-all"));
    await advance(0);
    expect((screen.getByTestId("cookie-statistics") as HTMLInputElement).checked).toBe(true);
    await advance(COOKIE_ACCEPT_ALL_CLOSE_MS - 1);
    expect(screen.queryByTestId("cookie-modal")).not.toBeNull();
    await advance(1);
    expect(screen.queryByTestId("cookie-modal")).toBeNull();
    expect(localStorage.getItem("is-closed-cookie")).toBe("true");
    expect(JSON.parse(localStorage.getItem("cookie-consent") ?? "{}")).toEqual({
      essential: true,
      statistics: true,
      externalMedia: true,
    });
  });

  it("links the policy PDF of the page's language", () => {
    renderInLocale(<CookieModal />, "ru");
    expect(screen.getByRole("link", { name: /PDF/ }).getAttribute("href")).toBe("/docs/cookies.ru.pdf");
  });

  it("links the German policy in German", () => {
    renderInLocale(<CookieModal />, "de");
    expect(screen.getByRole("link", { name: /PDF/ }).getAttribute("href")).toBe("/docs/cookies.pdf");
  });
});

describe("cookie modal on a phone (issue 11)", () => {
  it("starts the focus on the first choice, not on a link", async () => {
    renderInLocale(<CookieModal />, "ru");
    await advance(0);
    expect(document.activeElement).toBe(screen.getByTestId("cookie-statistics"));
  });

  it("shows the stored choice again and hands the focus back to the link that opened it", async () => {
    localStorage.setItem("cookie-consent", JSON.stringify({ statistics: false, externalMedia: true }));
    localStorage.setItem("is-closed-cookie", "true");
    const opener = document.createElement("button");
    document.body.append(opener);
    opener.focus();
    const onClose = vi.fn();
    renderInLocale(<CookieModal onClose={onClose} />);
    await advance(0);
    expect((screen.getByTestId("cookie-statistics") as HTMLInputElement).checked).toBe(false);
    expect((screen.getByTestId("cookie-external-media") as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId("cookie-accept-essential"));
    await advance(0);
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(opener);
    expect(JSON.parse(localStorage.getItem("cookie-consent") ?? "{}")).toMatchObject({
      externalMedia: false,
    });
    opener.remove();
  });
});
