// @vitest-environment jsdom
import { ERROR_DISPLAY_MS } from "@atelier/contract";
import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { advance, renderInLocale } from "../../../test/render.tsx";
import "../i18n.ts";
import { authApi } from "../api/auth-api.ts";
import { EmailStep } from "./email-step.tsx";

vi.mock("../api/auth-api.ts", () => ({ authApi: { signIn: vi.fn(), resendVerification: vi.fn() } }));

beforeEach(() => {
  vi.useFakeTimers();
});

async function submit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("E-Mail-Adresse"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Passwort", { selector: "input" }), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
  await advance(0);
}

describe("sign-in step (spec §8)", () => {
  it("shows the wrong-credentials message for 2 s, then clears it", async () => {
    vi.mocked(authApi.signIn).mockRejectedValue(
      new ApiError(400, {
        non_field_errors: ["Anmeldung mit diesen Zugangsdaten nicht möglich."],
        error_codes: { non_field_errors: ["invalid_credentials"] },
      }),
    );
    renderInLocale(<EmailStep />);
    await submit("anna@example.org", "Passwort12");
    const message = screen.getByTestId("sign-in-error");
    expect(message.textContent).toBe("E-Mail-Adresse oder Passwort ist falsch.");
    await advance(ERROR_DISPLAY_MS.signIn - 1);
    expect(message.textContent).toBe("E-Mail-Adresse oder Passwort ist falsch.");
    await advance(1);
    expect(screen.getByTestId("sign-in-error").textContent).toBe("");
  });

  it("drops the stale 'e-mail confirmed' note when a sign-in fails", async () => {
    vi.mocked(authApi.signIn).mockRejectedValue(
      new ApiError(400, {
        non_field_errors: ["Anmeldung mit diesen Zugangsdaten nicht möglich."],
        error_codes: { non_field_errors: ["invalid_credentials"] },
      }),
    );
    renderInLocale(<EmailStep notice="emailConfirmed" />);
    expect(screen.getByTestId("auth-notice").textContent).toContain("bestätigt");
    await submit("anna@example.org", "Passwort12");
    expect(screen.getByTestId("sign-in-error").textContent).toBe("E-Mail-Adresse oder Passwort ist falsch.");
    expect(screen.queryByTestId("auth-notice")).toBeNull();
  });
});
