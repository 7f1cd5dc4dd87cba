// @vitest-environment jsdom
import { PHONE_TYPE_TO_FIND_RESET_MS } from "@atelier/contract";
import * as Dialog from "@radix-ui/react-dialog";
import { fireEvent, screen } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { advance, renderInLocale } from "../../test/render.tsx";
import "./i18n.ts";
import { findCountry } from "./countries.ts";
import { lookupIpCountry } from "./ip-country.ts";
import { keepDialogOnListEscape, PhoneInput } from "./phone-input.tsx";

vi.mock("./ip-country.ts", () => ({ lookupIpCountry: vi.fn() }));

beforeAll(() => {
  // jsdom does no layout; the list scrolls its active option into view.
  Element.prototype.scrollIntoView ??= () => {};
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(lookupIpCountry).mockReset().mockResolvedValue(null);
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

  it("the keyboard opens the list on the selected country, moves, picks with Enter and returns to the button", async () => {
    const onChange = vi.fn();
    renderInLocale(<PhoneInput id="phone" value="+49301234" onChange={onChange} />);
    const button = screen.getByTestId("phone-country");
    fireEvent.keyDown(button, { key: "ArrowDown" });
    await advance(0);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("listbox"));
    // The preferred countries come first: the US, Britain, Germany (selected), France, India.
    expect(activeCountry()).toContain("Deutschland");
    await press("ArrowDown");
    expect(activeCountry()).toContain("Frankreich");
    await press("Enter");
    // The dial code changes, the rest of the number stays.
    expect(onChange).toHaveBeenLastCalledWith("+33301234");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute("aria-label")).toContain("Frankreich");
  });

  it("Escape closes the list without a change, Tab closes it and lets the focus move on", async () => {
    const onChange = vi.fn();
    renderInLocale(<PhoneInput id="phone" value="+49" onChange={onChange} />);
    const button = screen.getByTestId("phone-country");
    fireEvent.click(button);
    await advance(0);
    await press("Home");
    await press("Escape");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    await advance(0);
    await press("Tab");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("Escape in the list inside a dialog closes the list, not the dialog (D601)", async () => {
    const onOpenChange = vi.fn();
    renderInLocale(
      <Dialog.Root open onOpenChange={onOpenChange}>
        <Dialog.Portal>
          <Dialog.Content aria-describedby={undefined} onEscapeKeyDown={keepDialogOnListEscape}>
            <Dialog.Title>Registrieren</Dialog.Title>
            <PhoneInput id="phone" value="+49" onChange={() => {}} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>,
    );
    const button = screen.getByTestId("phone-country");
    fireEvent.click(button);
    await advance(0);
    await press("Escape");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
    // Escape elsewhere in the dialog still closes it.
    fireEvent.keyDown(button, { key: "Escape" });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("the number field keeps a leading + and digits, and its dial code picks the country", async () => {
    const onChange = vi.fn();
    renderInLocale(<PhoneInput id="phone" value="+49" onChange={onChange} />);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "+7 (912) abc" } });
    expect(onChange).toHaveBeenLastCalledWith("+7912");
    expect(screen.getByTestId("phone-country").getAttribute("aria-label")).toContain("Russland");
  });

  it("a number typed the German way becomes international with the chosen country's code (D486)", async () => {
    const onChange = vi.fn();
    renderInLocale(<PhoneInput id="phone" value="+49" onChange={onChange} />);
    const field = screen.getByRole("textbox");
    // The prefilled +49 overwritten with the number as it stands in the address book.
    fireEvent.change(field, { target: { value: "030 12345678" } });
    expect(onChange).toHaveBeenLastCalledWith("+493012345678");
    // The trunk 0 typed after the prefilled +49.
    fireEvent.change(field, { target: { value: "+49 0151 1234567" } });
    expect(onChange).toHaveBeenLastCalledWith("+491511234567");
    fireEvent.change(field, { target: { value: "0049 30 1234567" } });
    expect(onChange).toHaveBeenLastCalledWith("+49301234567");
  });

  it("the IP lookup preselects its country while the field is untouched, and never over a typed number", async () => {
    const france = findCountry("fr") ?? null;
    vi.mocked(lookupIpCountry).mockResolvedValue(france);
    const onChange = vi.fn();
    const { unmount } = renderInLocale(
      <PhoneInput id="phone" value="+49" onChange={onChange} detectCountry />,
    );
    await advance(0);
    expect(onChange).toHaveBeenLastCalledWith("+33");
    expect(screen.getByTestId("phone-country").getAttribute("aria-label")).toContain("Frankreich");
    unmount();

    let answer: (country: typeof france) => void = () => {};
    vi.mocked(lookupIpCountry).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const typed = vi.fn();
    renderInLocale(<PhoneInput id="phone" value="+49" onChange={typed} detectCountry />);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "+4930" } });
    answer(france);
    await advance(0);
    expect(typed.mock.calls).toEqual([["+4930"]]);
  });

  it("asks no IP lookup unless told to", async () => {
    renderInLocale(<PhoneInput id="phone" value="+49" onChange={() => {}} />);
    await advance(0);
    expect(lookupIpCountry).not.toHaveBeenCalled();
  });
});
