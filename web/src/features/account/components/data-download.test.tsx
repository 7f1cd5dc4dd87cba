// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import "../i18n.ts";
import { DataDownload } from "./data-download.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("the family's data as a file (D560)", () => {
  it("asks for the parent's own file and says when they asked too often (de)", async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response("{}", { status: 429 }));
    vi.stubGlobal("fetch", fetchMock);
    renderInLocale(<DataDownload />, "de");
    expect(screen.getByRole("heading", { name: "Ihre Daten" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Meine Daten herunterladen" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Sie haben Ihre Daten gerade mehrmals heruntergeladen. Bitte versuchen Sie es in einer Minute noch einmal.",
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain("/api/v2/users/me/data-export/");
  });

  it("says in Russian when the file could not be made", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 503 })),
    );
    renderInLocale(<DataDownload />, "ru");
    fireEvent.click(screen.getByRole("button", { name: "Скачать мои данные" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Не удалось создать файл. Пожалуйста, попробуйте позже.",
    );
  });
});
