// @vitest-environment jsdom
import { homeProductsPath, instructorsPath } from "@atelier/contract";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { homeInstructorsOptions, homeProductsOptions } from "./home-data.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the home page's two requests", () => {
  it("are requested exactly at the paths the server preloads with the home page", async () => {
    for (const locale of ["de", "ru"] as const) {
      const fetchMock = vi.fn(async (_url: string | URL | Request) => Response.json({ results: [] }));
      vi.stubGlobal("fetch", fetchMock);
      const client = new QueryClient();
      await client.fetchQuery(homeProductsOptions(locale));
      await client.fetchQuery(homeInstructorsOptions(locale));
      expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
        homeProductsPath(locale),
        instructorsPath(locale),
      ]);
    }
  });
});
