// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import "../i18n.ts";
import { useAccountNotice } from "../../../lib/account-notice.ts";
import { authApi } from "../api/auth-api.ts";
import { closeAuthDialog } from "../auth-dialog-store.ts";
import { AuthDialog } from "./auth-dialog.tsx";
import { CHECKOUT_RETURN_PATH, CheckoutSignIn } from "./checkout-sign-in.tsx";
import type { PhoneFieldComponent } from "./sign-up-step.tsx";

vi.mock("../api/auth-api.ts", () => ({ authApi: { signUp: vi.fn(), signIn: vi.fn(), me: vi.fn() } }));

const PlainPhone: PhoneFieldComponent = ({ id, value, onChange }) => (
  <input id={id} type="tel" value={value} onChange={(event) => onChange(event.target.value)} />
);

function NoticeProbe() {
  const notice = useAccountNotice();
  return <p data-testid="probe">{notice ? `${notice.kind}:${notice.email}` : ""}</p>;
}

describe("sign-up and sign-in inside the checkout (D168)", () => {
  it("takes the focus, registers with the checkout as the link's way back, signs in and says so", {
    timeout: 30_000,
  }, async () => {
    vi.mocked(authApi.signUp).mockResolvedValue({
      detail: "ok",
      email: "jana@example.org",
      key: "k".repeat(43),
    });
    vi.mocked(authApi.me).mockResolvedValue({
      pk: 7,
      id: 7,
      email: "jana@example.org",
      first_name: "Jana",
      last_name: "Neumann",
      phone_number: "+4915112345678",
      company_name: "",
      city: "",
      country: "",
      state: "",
      street: "",
      post_code: "",
    });
    const busy: boolean[] = [];
    renderInLocale(
      <>
        <CheckoutSignIn PhoneField={PlainPhone} onBusy={(value) => busy.push(value)} />
        <NoticeProbe />
      </>,
      "de",
    );
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Konto anlegen oder anmelden" }));
    expect(screen.getByRole("button", { name: "Neu hier" }).getAttribute("aria-pressed")).toBe("true");

    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { selector: "input" }), { target: { value } });
    type("Vorname", "Jana");
    type("Nachname", "Neumann");
    type("E-Mail-Adresse", "jana@example.org");
    type("Telefonnummer", "+4915112345678");
    type("Passwort", "Geheim123!");
    type("Passwort wiederholen", "Geheim123!");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Registrieren" }));
    });
    await waitFor(() => expect(screen.getByTestId("probe").textContent).toBe("signedUp:jana@example.org"));
    expect(vi.mocked(authApi.signUp).mock.calls[0]?.[0]).toMatchObject({ next: CHECKOUT_RETURN_PATH });
    expect(localStorage.getItem("odev-token")).toBe("k".repeat(43));
    // The page waited for the sign-in and the move of children and cart, then went on.
    expect(busy).toEqual([true, false]);
  });

  it("switches to the sign-in form and puts the focus into its first field", {
    timeout: 30_000,
  }, async () => {
    renderInLocale(<CheckoutSignIn PhoneField={PlainPhone} onBusy={() => undefined} />, "ru");
    fireEvent.click(screen.getByRole("button", { name: "У меня есть учётная запись" }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByLabelText("Адрес электронной почты", { selector: "input" }),
      ),
    );
    expect(
      screen.getByRole("button", { name: "У меня есть учётная запись" }).getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it('takes the address typed at its sign-in on to "Passwort vergessen?", focused in the dialog', {
    timeout: 30_000,
  }, async () => {
    const user = userEvent.setup();
    renderInLocale(
      <>
        <CheckoutSignIn PhoneField={PlainPhone} onBusy={() => undefined} />
        <AuthDialog PhoneField={PlainPhone} />
      </>,
      "ru",
    );
    await user.click(screen.getByRole("button", { name: "У меня есть учётная запись" }));
    await user.type(screen.getByRole("textbox", { name: "Адрес электронной почты" }), "anna@example.org");
    await user.click(screen.getByRole("button", { name: "Забыли пароль?" }));

    const reset = await screen.findByRole("dialog", { name: "Восстановление пароля" });
    const field = within(reset).getByRole("textbox", { name: "Адрес электронной почты" }) as HTMLInputElement;
    expect(field.value).toBe("anna@example.org");
    await waitFor(() => expect(document.activeElement).toBe(field));
    act(() => closeAuthDialog());
  });
});
