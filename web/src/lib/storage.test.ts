import { afterEach, describe, expect, it, vi } from "vitest";
import { browserStorage } from "./storage.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("browserStorage", () => {
  it("is the page's local storage", () => {
    const localStorage = { getItem: () => null };
    vi.stubGlobal("window", { localStorage });
    expect(browserStorage()).toBe(localStorage);
  });

  it("is undefined on the server renderer and where the browser blocks storage", () => {
    expect(browserStorage()).toBeUndefined();
    vi.stubGlobal("window", {
      get localStorage() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    expect(browserStorage()).toBeUndefined();
  });
});
