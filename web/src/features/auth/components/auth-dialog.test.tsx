// @vitest-environment jsdom
import { DIALOG_RESET_MS } from "@atelier/contract";
import { act, fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { advance, renderInLocale } from "../../../test/render.tsx";
import { authDialogState, openAuthDialog } from "../auth-dialog-store.ts";
import { AuthDialog } from "./auth-dialog.tsx";
import type { PhoneFieldComponent } from "./sign-up-step.tsx";

const PlainPhone: PhoneFieldComponent = ({ id, value, onChange }) => (
  <input id={id} type="tel" value={value} onChange={(event) => onChange(event.target.value)} />
);

beforeEach(() => {
  vi.useFakeTimers();
});

describe("sign-in dialog (spec §4)", () => {
  it("closing returns it to Options after 500 ms, not before", async () => {
    renderInLocale(<AuthDialog PhoneField={PlainPhone} />);
    act(() => openAuthDialog({ step: "SignUp" }));
    await advance(0);
    expect(screen.getByRole("dialog", { name: "Registrierung" })).not.toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Schließen" }));
    await advance(DIALOG_RESET_MS - 1);
    expect(authDialogState()).toMatchObject({ open: false, step: "SignUp" });
    await advance(1);
    expect(authDialogState()).toMatchObject({ open: false, step: "Options" });
  });
});
