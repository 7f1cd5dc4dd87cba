// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** Spec §2 rule 3 inside the app (D189): a path without a page is asked of the server once. */

const replace = vi.fn();

async function loadAt(path: string) {
  window.history.replaceState(null, "", path);
  vi.resetModules();
  return import("./document-path.ts");
}

/** jsdom cannot navigate; the spy records where the app would have gone. */
function spyOnNavigation() {
  const location = { ...window.location, href: window.location.href, replace };
  vi.spyOn(window, "location", "get").mockReturnValue(location);
}

beforeEach(() => {
  replace.mockReset();
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe("asking the server about a path without a page", () => {
  it("the server's own 404 page, however the path is spelled, is not loaded again", async () => {
    const { askServerForUnknownPath } = await loadAt("/sommer%20kurs/?locale=de");
    spyOnNavigation();
    expect(askServerForUnknownPath("/sommer kurs")).toBe(false);
    expect(askServerForUnknownPath("/sommer%20kurs/")).toBe(false);
    expect(replace).not.toHaveBeenCalled();
  });

  it("a path reached by a link is loaded from the server, once", async () => {
    const { askServerForUnknownPath } = await loadAt("/courses?locale=de");
    window.history.pushState(null, "", "/sommer?locale=de");
    spyOnNavigation();
    expect(askServerForUnknownPath("/sommer")).toBe(true);
    expect(replace).toHaveBeenCalledWith(expect.stringMatching(/\/sommer\?locale=de$/));
    // Should the reload come back to the same app state, it does not load again and again.
    expect(askServerForUnknownPath("/sommer")).toBe(false);
    expect(replace).toHaveBeenCalledTimes(1);
  });
});
