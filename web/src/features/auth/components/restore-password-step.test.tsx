// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { advance, renderInLocale } from "../../../test/render.tsx";
import "../i18n.ts";
import { authApi } from "../api/auth-api.ts";
import { RestorePasswordStep } from "./restore-password-step.tsx";

vi.mock("../api/auth-api.ts", () => ({ authApi: { resetPassword: vi.fn() } }));

const SOMETHING_WRONG = "Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.";

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(authApi.resetPassword).mockReset();
});

async function requestLink(email: string) {
  fireEvent.change(screen.getByLabelText("E-Mail-Adresse"), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Link senden" }));
  await advance(0);
}

describe("password reset step (spec §4, §8)", () => {
  it("shows something-wrong for 2 s when the request fails, then clears it", async () => {
    vi.mocked(authApi.resetPassword).mockRejectedValue(new ApiError(500, { detail: "Server error" }));
    renderInLocale(<RestorePasswordStep />);
    await requestLink("anna@example.org");
    expect(screen.getByRole("alert").textContent).toBe(SOMETHING_WRONG);
    await advance(1999);
    expect(screen.getByRole("alert").textContent).toBe(SOMETHING_WRONG);
    await advance(1);
    expect(screen.getByRole("alert").textContent).toBe("");
    // The form stays for another try.
    expect(screen.getByLabelText("E-Mail-Adresse")).not.toBeNull();
  });

  it("hides the form and says the link is on its way once the request succeeds", async () => {
    vi.mocked(authApi.resetPassword).mockResolvedValue({ detail: "ok" });
    renderInLocale(<RestorePasswordStep />);
    await requestLink("anna@example.org");
    expect(authApi.resetPassword).toHaveBeenCalledWith({ email: "anna@example.org" });
    expect(screen.getByTestId("restore-success").textContent).toContain(
      "haben wir Ihnen einen Link zum Zurücksetzen des Passworts gesendet",
    );
    expect(screen.queryByLabelText("E-Mail-Adresse")).toBeNull();
    expect(screen.queryByRole("button", { name: "Link senden" })).toBeNull();
  });
});
