// @vitest-environment jsdom
import { STORAGE_KEYS } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { advance, renderInLocale } from "../../../test/render.tsx";
import { authApi } from "../api/auth-api.ts";
import { authDialogState } from "../auth-dialog-store.ts";
import { runVerifyLink } from "../verify-link-run.ts";
import { AuthDialog } from "./auth-dialog.tsx";
import type { PhoneFieldComponent } from "./sign-up-step.tsx";

vi.mock("../api/auth-api.ts", () => ({
  authApi: {
    verifyEmail: vi.fn(),
    me: vi.fn(async () => ({ pk: 9, id: 9, email: "lena@example.org", first_name: "Lena" })),
    ssoConfig: vi.fn(async () => ({ google: null, facebook: null })),
  },
}));

const PlainPhone: PhoneFieldComponent = ({ id, value, onChange }) => (
  <input id={id} type="tel" value={value} onChange={(event) => onChange(event.target.value)} />
);

const refused = (code: string) =>
  new ApiError(400, { password: ["…"], error_codes: { password: [code] } } as never);

beforeEach(() => vi.useFakeTimers());

describe("a verification link opened outside the registering browser (D540)", () => {
  it("asks for the sign-up's password, says when it is wrong, then signs in", async () => {
    const verify = vi.mocked(authApi.verifyEmail);
    verify.mockRejectedValueOnce(refused("verify_password_required"));
    renderInLocale(
      <QueryClientProvider client={new QueryClient()}>
        <AuthDialog PhoneField={PlainPhone} />
      </QueryClientProvider>,
    );
    await act(() => runVerifyLink("u1", "t1"));
    await advance(0);
    expect(authDialogState()).toMatchObject({ open: true, step: "ConfirmEmail" });
    const dialog = screen.getByRole("dialog", { name: "Registrierung" });
    expect(dialog.textContent).toContain("das Passwort ein, das Sie bei der Registrierung gewählt haben");

    verify.mockRejectedValueOnce(refused("verify_password_wrong"));
    const password = screen.getByLabelText("Passwort");
    fireEvent.change(password, { target: { value: "Falsch-Passwort1" } });
    fireEvent.click(screen.getByRole("button", { name: "Bestätigen und anmelden" }));
    await advance(0);
    expect(screen.getByText(/Das Passwort stimmt nicht/)).not.toBeNull();
    expect(document.activeElement).toBe(password);
    expect(verify).toHaveBeenLastCalledWith({ uid: "u1", token: "t1", password: "Falsch-Passwort1" });

    verify.mockResolvedValueOnce({ key: "new-key", email: "lena@example.org" });
    fireEvent.change(password, { target: { value: "Sicher-Passwort1" } });
    fireEvent.click(screen.getByRole("button", { name: "Bestätigen und anmelden" }));
    await advance(0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("new-key");
    expect(authDialogState().open).toBe(false);
  });

  it("offers the password reset to whoever never chose that password", async () => {
    vi.mocked(authApi.verifyEmail).mockRejectedValueOnce(refused("verify_password_required"));
    renderInLocale(
      <QueryClientProvider client={new QueryClient()}>
        <AuthDialog PhoneField={PlainPhone} />
      </QueryClientProvider>,
      "ru",
    );
    await act(() => runVerifyLink("u2", "t2"));
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Забыли пароль?" }));
    await advance(0);
    expect(authDialogState().step).toBe("RestorePassword");
  });
});
