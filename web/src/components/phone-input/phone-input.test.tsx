// @vitest-environment jsdom
import { PHONE_TYPE_TO_FIND_RESET_MS } from "@atelier/contract";
import { fireEvent, screen } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { advance, renderInLocale } from "../../test/render.tsx";
import "./i18n.ts";
import { PhoneInput } from "./phone-input.tsx";

beforeAll(() => {
  // jsdom does no layout; the list scrolls its active option into view.
  Element.prototype.scrollIntoView ??= () => {};
});

beforeEach(() => {
  vi.useFakeTimers();
});

/** The name of the country the list has moved to. */
function activeCountry(): string {
  const list = screen.getByRole("listbox");
  const id = list.getAttribute("aria-activedescendant") ?? "";
  return document.getElementById(id)?.textContent ?? "";
}

async function press(key: string) {
  fireEvent.keyDown(screen.getByRole("listbox"), { key });
  await advance(0);
}

describe("phone input country list (spec §2)", () => {
  it("type-to-find: letters within 700 ms form one search, after that a new one starts", async () => {
    renderInLocale(<PhoneInput id="phone" value="+49" onChange={() => {}} />);
    fireEvent.click(screen.getByTestId("phone-country"));
    await advance(0);

    await press("d");
    await advance(PHONE_TYPE_TO_FIND_RESET_MS - 1);
    await press("e");
    expect(activeCountry()).toContain("Deutschland");

    await advance(PHONE_TYPE_TO_FIND_RESET_MS);
    await press("e");
    // "e" alone: the first country starting with E, no longer "de…".
    expect(activeCountry()).not.toContain("Deutschland");
    expect(activeCountry()).toMatch(/E\p{L}+/u);
  });
});
