// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import { contentPageOptions } from "../api/content-pages.ts";
import { ContentPageView } from "./content-page.tsx";

describe("a content page's date", () => {
  it("is the school's day in Berlin, whatever the browser's zone (changed at 00:30 on 1 April)", () => {
    const client = new QueryClient();
    client.setQueryData(contentPageOptions("de", "about-us").queryKey, {
      key: "about-us",
      title: "Über uns",
      description: "",
      body: "Text",
      // 00:30 in Berlin (summer time) is still 31 March in UTC, the test machine's zone.
      updated_at: "2026-03-31T22:30:00Z",
    });
    renderInLocale(
      <QueryClientProvider client={client}>
        <ContentPageView pageKey="about-us" />
      </QueryClientProvider>,
      "de",
    );
    expect(screen.getByText("Stand: 1. April 2026")).toBeTruthy();
  });
});
