// @vitest-environment jsdom
import { DIALOG_RESET_MS } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { advance, renderInLocale } from "../../../test/render.tsx";
import { authDialogState, closeAuthDialog, openAuthDialog } from "../auth-dialog-store.ts";
import { AuthDialog } from "./auth-dialog.tsx";
import type { PhoneFieldComponent } from "./sign-up-step.tsx";

vi.mock("../api/auth-api.ts", () => ({
  authApi: { ssoConfig: vi.fn(async () => ({ google: null, facebook: null })) },
}));

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

describe("sign-in dialog by keyboard (issue 11)", () => {
  it("moves the focus into the e-mail field and gives it back to the opener on close", async () => {
    const opener = document.createElement("button");
    document.body.append(opener);
    opener.focus();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderInLocale(
      <QueryClientProvider client={queryClient}>
        <AuthDialog PhoneField={PlainPhone} />
      </QueryClientProvider>,
    );
    act(() => openAuthDialog());
    await advance(0);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Mit E-Mail anmelden" }));

    fireEvent.click(screen.getByRole("button", { name: "Mit E-Mail anmelden" }));
    await advance(0);
    expect(document.activeElement).toBe(screen.getByLabelText("E-Mail-Adresse"));

    // "Passwort vergessen?" starts at its e-mail field too (D627).
    fireEvent.click(screen.getByRole("button", { name: "Passwort vergessen?" }));
    await advance(0);
    expect(document.activeElement).toBe(screen.getByLabelText("E-Mail-Adresse"));

    fireEvent.keyDown(document.activeElement as Element, { key: "Escape" });
    await advance(DIALOG_RESET_MS);
    expect(authDialogState().open).toBe(false);
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

describe("the focus after a sign-in (issue 24)", () => {
  /** Opens the dialog from a header button, then signs in: the header swaps that button for the profile menu. */
  async function signInFrom(main: HTMLElement) {
    const opener = document.createElement("button");
    document.body.append(main, opener);
    opener.focus();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderInLocale(
      <QueryClientProvider client={queryClient}>
        <AuthDialog PhoneField={PlainPhone} />
      </QueryClientProvider>,
    );
    act(() => openAuthDialog());
    await advance(0);
    opener.remove();
    act(() => closeAuthDialog());
    await advance(DIALOG_RESET_MS);
  }

  it("lands on the page's next thing to do, not on <body>", async () => {
    const main = document.createElement("main");
    main.innerHTML = '<h1>Anmelden</h1><a href="/profile" data-next-step="">Zu meinem Profil</a>';
    await signInFrom(main);
    expect(document.activeElement).toBe(main.querySelector("a"));
    main.remove();
  });

  it("lands on the page's heading when the page names no next step", async () => {
    const main = document.createElement("main");
    main.innerHTML = "<h1>Kurse</h1><p>…</p>";
    await signInFrom(main);
    expect(document.activeElement).toBe(main.querySelector("h1"));
    main.remove();
  });
});
