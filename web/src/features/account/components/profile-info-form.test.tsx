// @vitest-environment jsdom
import type { User } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { renderInLocale } from "../../../test/render.tsx";
import "../i18n.ts";
import { accountApi } from "../api/account-api.ts";
import { type PhoneFieldComponent, ProfileInfoForm } from "./profile-info-form.tsx";

vi.mock("../api/account-api.ts", () => ({ accountApi: { updateProfile: vi.fn() } }));

/** A plain input in place of the phone widget: the form's handling is under test, not the widget's. */
const PlainPhone: PhoneFieldComponent = ({ id, name, value, onChange, onBlur, invalid, describedBy }) => (
  <input
    id={id}
    name={name}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    onBlur={onBlur}
    aria-invalid={invalid}
    aria-describedby={describedBy}
  />
);

const user: User = {
  pk: 7,
  id: 7,
  email: "eva@example.org",
  first_name: "Eva",
  last_name: "Muster",
  phone_number: "+",
  company_name: "",
  city: "",
  country: "",
  state: "",
  street: "",
  post_code: "",
};

describe("the profile form's refusals", () => {
  it("says under the phone field that another account uses the number, not 'something went wrong'", async () => {
    vi.mocked(accountApi.updateProfile).mockRejectedValue(
      new ApiError(400, { phone_number: ["…"], error_codes: { phone_number: ["phone_unique"] } }),
    );
    renderInLocale(
      <QueryClientProvider client={new QueryClient()}>
        <ProfileInfoForm user={user} PhoneField={PlainPhone} onSaved={() => undefined} />
      </QueryClientProvider>,
      "de",
    );
    fireEvent.change(screen.getByLabelText("Telefonnummer"), { target: { value: "+4915112345678" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    const phone = screen.getByLabelText("Telefonnummer");
    await vi.waitFor(() => expect(phone.getAttribute("aria-invalid")).toBe("true"));
    const described = document.getElementById(phone.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toMatch(/bereits/);
    expect(screen.queryByText(/Etwas ist schiefgelaufen/)).toBeNull();
  });

  it("refuses a German post code of letters under its field before sending anything (D605)", async () => {
    vi.mocked(accountApi.updateProfile).mockClear();
    renderInLocale(
      <QueryClientProvider client={new QueryClient()}>
        <ProfileInfoForm user={user} PhoneField={PlainPhone} onSaved={() => undefined} />
      </QueryClientProvider>,
      "de",
    );
    fireEvent.change(screen.getByLabelText("Postleitzahl"), { target: { value: "ABCDE" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    const postCode = screen.getByLabelText("Postleitzahl");
    await vi.waitFor(() => expect(postCode.getAttribute("aria-invalid")).toBe("true"));
    const described = document.getElementById(postCode.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toMatch(/fünf Ziffern/);
    expect(accountApi.updateProfile).not.toHaveBeenCalled();
  });

  it("saves a new phone beside an older post code it did not change (D605)", async () => {
    vi.mocked(accountApi.updateProfile).mockReset();
    vi.mocked(accountApi.updateProfile).mockResolvedValue({
      ...user,
      post_code: "ABCDE",
      phone_number: "+4915112345678",
    });
    renderInLocale(
      <QueryClientProvider client={new QueryClient()}>
        <ProfileInfoForm
          user={{ ...user, post_code: "ABCDE" }}
          PhoneField={PlainPhone}
          onSaved={() => undefined}
        />
      </QueryClientProvider>,
      "de",
    );
    fireEvent.change(screen.getByLabelText("Telefonnummer"), { target: { value: "+4915112345678" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await vi.waitFor(() => expect(accountApi.updateProfile).toHaveBeenCalled());
  });
});
