// @vitest-environment jsdom
import { ERROR_DISPLAY_MS } from "@atelier/contract";
import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { advance, renderInLocale } from "../../../test/render.tsx";
import "../i18n.ts";
import { authApi } from "../api/auth-api.ts";
import { type PhoneFieldComponent, SignUpStep } from "./sign-up-step.tsx";

vi.mock("../api/auth-api.ts", () => ({ authApi: { signUp: vi.fn() } }));

/** A plain tel input in place of the country picker (the step takes its phone field as a prop). */
const PlainPhone: PhoneFieldComponent = ({ id, value, onChange }) => (
  <input id={id} type="tel" value={value} onChange={(event) => onChange(event.target.value)} />
);

beforeEach(() => {
  vi.useFakeTimers();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: "input" }), { target: { value } });

describe("sign-up step (spec §8)", () => {
  it("shows a registration error for 5 s, then clears it", async () => {
    // The existing client's case "e-mail registered", answered as the server does (Django text + code).
    vi.mocked(authApi.signUp).mockRejectedValue(
      new ApiError(400, {
        email: ["A user is already registered with this e-mail address."],
        error_codes: { email: ["email_registered"] },
      }),
    );
    renderInLocale(<SignUpStep PhoneField={PlainPhone} />);
    type("Vorname", "Anna");
    type("Nachname", "Schmidt");
    type("E-Mail-Adresse", "anna@example.org");
    type("Telefonnummer", "+4915112345678");
    type("Passwort", "Sicher-Passwort1");
    type("Passwort wiederholen", "Sicher-Passwort1");
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Registrieren" }));
    await advance(0);

    const text = "Mit dieser E-Mail-Adresse ist bereits ein Konto registriert.";
    expect(screen.getByTestId("sign-up-error").textContent).toBe(text);
    await advance(ERROR_DISPLAY_MS.signUp - 1);
    expect(screen.getByTestId("sign-up-error").textContent).toBe(text);
    await advance(1);
    expect(screen.getByTestId("sign-up-error").textContent).toBe("");
  });

  it("says while typing which fields keep the button disabled", async () => {
    renderInLocale(<SignUpStep PhoneField={PlainPhone} />);
    await advance(0);
    const missing = screen.getByTestId("sign-up-missing");
    expect(missing.textContent).toContain("Vorname");
    type("Vorname", "Anna");
    await advance(0);
    expect(missing.textContent).not.toContain("Vorname");
    expect(missing.textContent).toContain("Passwort");
    type("Passwort", "abc");
    await advance(0);
    expect(screen.getByTestId("password-checklist").textContent).toContain("einen Großbuchstaben");
    const submit = screen.getByRole("button", { name: "Registrieren" });
    expect(submit.getAttribute("aria-describedby")).toBe(missing.id);
  });
});
