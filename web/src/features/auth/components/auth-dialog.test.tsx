// @vitest-environment jsdom
import { DIALOG_RESET_MS } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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

describe("the sign-up dialog starts at its first field", () => {
  it("from the header's sign-in button to Registrieren: the first name has the focus, and says nothing when left empty", async () => {
    const header = document.createElement("button");
    header.textContent = "Anmelden";
    document.body.append(header);
    header.focus();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderInLocale(
      <QueryClientProvider client={queryClient}>
        <AuthDialog PhoneField={PlainPhone} />
      </QueryClientProvider>,
    );
    act(() => openAuthDialog());
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Mit E-Mail anmelden" }));
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Noch kein Konto? Registrieren" }));
    await advance(0);
    const dialog = screen.getByRole("dialog", { name: "Registrierung" });
    const firstName = within(dialog).getByLabelText("Vorname");
    expect(document.activeElement).toBe(firstName);

    // A click elsewhere before typing shows no "required" under it (D627's reason to start on the body).
    fireEvent.blur(firstName);
    await advance(0);
    expect(firstName.getAttribute("aria-invalid")).toBeNull();
    expect(within(dialog).queryByText("Dieses Feld ist erforderlich.")).toBeNull();

    act(() => closeAuthDialog());
    await advance(DIALOG_RESET_MS);
    header.remove();
  });

  it("opened straight at the sign-up step (in Russian): the first name has the focus", async () => {
    renderInLocale(<AuthDialog PhoneField={PlainPhone} />, "ru");
    act(() => openAuthDialog({ step: "SignUp" }));
    await advance(0);
    const dialog = screen.getByRole("dialog", { name: "Регистрация" });
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Имя"));
    act(() => closeAuthDialog());
    await advance(DIALOG_RESET_MS);
  });
});

describe('the e-mail typed at sign-in goes on to "Passwort vergessen?"', () => {
  /**
   * The dialog at its sign-in step, reached by keyboard from Options as a parent reaches it. Real timers:
   * user-event waits through Testing Library's wrapper, whose zero-delay timeout Vitest's fake clock holds.
   */
  async function signInStep(locale: "de" | "ru" = "de") {
    vi.useRealTimers();
    const user = userEvent.setup();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderInLocale(
      <QueryClientProvider client={queryClient}>
        <AuthDialog PhoneField={PlainPhone} />
      </QueryClientProvider>,
      locale,
    );
    act(() => openAuthDialog());
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-testid")).toBe("sign-in-with-email"),
    );
    await user.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement?.tagName).toBe("INPUT"));
    return user;
  }

  it("fills the reset form's field with the address typed, focused with the caret after it", async () => {
    const user = await signInStep();
    await user.keyboard("anna@example.org");
    await user.click(screen.getByRole("button", { name: "Passwort vergessen?" }));

    const reset = await screen.findByRole("dialog", { name: "Passwort wiederherstellen" });
    const field = within(reset).getByRole("textbox", { name: "E-Mail-Adresse" }) as HTMLInputElement;
    expect(field.value).toBe("anna@example.org");
    await waitFor(() => expect(document.activeElement).toBe(field));
    // Still editable where typing goes on: at the end of the address.
    await user.keyboard("{Backspace}{Backspace}{Backspace}de");
    expect(field.value).toBe("anna@example.de");
  });

  it("leaves the field empty when nothing was typed (in Russian too)", async () => {
    const user = await signInStep("ru");
    await user.click(screen.getByRole("button", { name: "Забыли пароль?" }));
    const reset = await screen.findByRole("dialog", { name: "Восстановление пароля" });
    const field = within(reset).getByRole("textbox", { name: "Адрес электронной почты" }) as HTMLInputElement;
    expect(field.value).toBe("");
    await waitFor(() => expect(document.activeElement).toBe(field));
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
