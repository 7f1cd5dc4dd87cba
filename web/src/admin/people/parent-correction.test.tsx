// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import { AdminContext, HttpError, mergeTranslations, RecordContextProvider } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { ParentCorrection } from "./parent-correction.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de");
const paula = {
  id: 3,
  email: "paula@example.org",
  first_name: "Paula",
  last_name: "Parent",
  phone_number: "+49301234567",
  role: "customer",
  company_name: "",
  street: "Lindenstraße 1",
  post_code: "10969",
  city: "Berlin",
  state: "",
  country: "Deutschland",
};

function renderCorrection(correctPerson: (...args: unknown[]) => Promise<unknown>, record = paula) {
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={{ correctPerson } as never}>
      <RecordContextProvider value={record}>
        <ParentCorrection />
      </RecordContextProvider>
    </AdminContext>,
  );
}

afterEach(cleanup);

describe("staff correct a parent's data (D576)", () => {
  it("opens with the parent's data, sends only what staff changed and closes", async () => {
    const correctPerson = vi.fn(async () => ({}));
    renderCorrection(correctPerson);
    fireEvent.click(screen.getByRole("button", { name: "Angaben korrigieren: Paula Parent (Elternteil)" }));
    const dialog = await screen.findByRole("dialog", { name: "Angaben des Elternteils korrigieren" });
    expect(within(dialog).getByLabelText(/Vorname/)).toHaveProperty("value", "Paula");
    expect(within(dialog).queryByLabelText(/E-Mail/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/Telefon/), { target: { value: "+49 30 7654321" } });
    fireEvent.change(within(dialog).getByLabelText(/Straße und Hausnummer/), {
      target: { value: "Kastanienallee 12" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      // Only what staff changed.
      expect(correctPerson).toHaveBeenCalledWith(3, {
        phone_number: "+49 30 7654321",
        street: "Kastanienallee 12",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("sends a number typed the German way with +49, as the parent's own profile does", async () => {
    const correctPerson = vi.fn(async () => ({}));
    renderCorrection(correctPerson);
    fireEvent.click(screen.getByRole("button", { name: "Angaben korrigieren: Paula Parent (Elternteil)" }));
    const dialog = await screen.findByRole("dialog", { name: "Angaben des Elternteils korrigieren" });
    fireEvent.change(within(dialog).getByLabelText(/Telefon/), { target: { value: "0176 1234567" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(correctPerson).toHaveBeenCalledWith(3, { phone_number: "+491761234567" }));
  });

  it("shows the server's refusal at the phone, focuses it and stays open", async () => {
    const refusal = new HttpError("Diese Telefonnummer gehört schon zu einem anderen Konto.", 400, {
      errors: { phone_number: "Diese Telefonnummer gehört schon zu einem anderen Konto." },
    });
    renderCorrection(vi.fn(async () => Promise.reject(refusal)));
    fireEvent.click(screen.getByRole("button", { name: "Angaben korrigieren: Paula Parent (Elternteil)" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    const phone = within(dialog).getByLabelText(/Telefon/);
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    // Typing elsewhere keeps the focus where staff put it.
    const city = within(dialog).getByLabelText(/^Ort/);
    city.focus();
    fireEvent.change(city, { target: { value: "Potsdam" } });
    expect(document.activeElement).toBe(city);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("is not offered for a staff account", () => {
    renderCorrection(vi.fn(), { ...paula, role: "staff" });
    expect(screen.queryByRole("button", { name: /Elternteil/ })).toBeNull();
  });
});
