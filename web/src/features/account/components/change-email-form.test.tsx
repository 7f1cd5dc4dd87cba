// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { renderInLocale } from "../../../test/render.tsx";
import "../i18n.ts";
import { accountApi } from "../api/account-api.ts";
import { ChangeEmailForm } from "./change-email-form.tsx";

vi.mock("../api/account-api.ts", () => ({ accountApi: { changeEmail: vi.fn() } }));

const form = () => (
  <QueryClientProvider client={new QueryClient()}>
    <ChangeEmailForm />
  </QueryClientProvider>
);

describe("a new e-mail address in the profile (D577)", () => {
  it("sends the address as typed and says where the link went and that nothing changes before it is opened", async () => {
    vi.mocked(accountApi.changeEmail).mockResolvedValue({
      detail: "…",
      email: "eva.neu@example.org",
      valid_hours: 24,
    });
    renderInLocale(form(), "de");
    const field = screen.getByLabelText("Neue E-Mail-Adresse");
    fireEvent.change(field, { target: { value: " Eva.Neu@Example.org " } });
    fireEvent.click(screen.getByRole("button", { name: "Link senden" }));
    await vi.waitFor(() =>
      expect(screen.getByTestId("change-email-result").textContent).toBe(
        "Wir haben einen Link an eva.neu@example.org gesendet. Bitte öffnen Sie ihn innerhalb von 24 Stunden und melden Sie sich dabei an, noch mit der bisherigen Adresse; dann ändert sich Ihre Adresse.",
      ),
    );
    expect(accountApi.changeEmail).toHaveBeenCalledWith({ email: "eva.neu@example.org" });
    expect((field as HTMLInputElement).value).toBe("");
  });

  it("says under the field, in Russian, that another account has the address, and focuses it", async () => {
    vi.mocked(accountApi.changeEmail).mockRejectedValue(
      new ApiError(400, { email: ["…"], error_codes: { email: ["email_registered"] } }),
    );
    renderInLocale(form(), "ru");
    const field = screen.getByLabelText("Новый адрес электронной почты");
    fireEvent.change(field, { target: { value: "gleb@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Отправить ссылку" }));
    await vi.waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    const described = document.getElementById(field.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe(
      "Пользователь с таким адресом электронной почты уже зарегистрирован.",
    );
    expect(document.activeElement).toBe(field);
    expect(screen.getByTestId("change-email-result").textContent).toBe("");
  });

  it("refuses an address without @ before sending anything", async () => {
    vi.mocked(accountApi.changeEmail).mockClear();
    renderInLocale(form(), "de");
    fireEvent.change(screen.getByLabelText("Neue E-Mail-Adresse"), { target: { value: "eva.example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Link senden" }));
    await vi.waitFor(() =>
      expect(screen.getByText("Geben Sie eine gültige E-Mail-Adresse ein.")).toBeTruthy(),
    );
    expect(accountApi.changeEmail).not.toHaveBeenCalled();
  });
});
