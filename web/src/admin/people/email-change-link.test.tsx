// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import { AdminContext, HttpError, mergeTranslations, RecordContextProvider } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { EmailChangeLink } from "./email-change-link.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de");
const paula = {
  id: 3,
  email: "paula@example.org",
  first_name: "Paula",
  last_name: "Parent",
  role: "customer",
};

function renderLink(sendEmailChangeLink: (...args: unknown[]) => Promise<unknown>, record = paula) {
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={{ sendEmailChangeLink } as never}>
      <RecordContextProvider value={record}>
        <EmailChangeLink />
      </RecordContextProvider>
    </AdminContext>,
  );
}

afterEach(cleanup);

describe("staff send a family the link to its new address (D577)", () => {
  it("sends the address typed for this family and closes", async () => {
    const send = vi.fn(async () => ({}));
    renderLink(send);
    fireEvent.click(
      screen.getByRole("button", { name: "Neue E-Mail-Adresse für Paula Parent (Elternteil)" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Link an die neue E-Mail-Adresse senden" });
    expect(within(dialog).getByText(/öffnet ihn angemeldet/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Neue E-Mail-Adresse/), {
      target: { value: "paula.neu@example.org" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Link senden" }));
    await waitFor(() => expect(send).toHaveBeenCalledWith(3, "paula.neu@example.org"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows at the field that another account has the address, and stays open", async () => {
    const refusal = new HttpError("Ein Benutzer ist bereits mit dieser E-Mail-Adresse registriert.", 400, {
      errors: { email: "Ein Benutzer ist bereits mit dieser E-Mail-Adresse registriert." },
    });
    renderLink(vi.fn(async () => Promise.reject(refusal)));
    fireEvent.click(screen.getByRole("button", { name: /Neue E-Mail-Adresse für/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(/Neue E-Mail-Adresse/), {
      target: { value: "gleb@example.org" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Link senden" }));
    const field = within(dialog).getByLabelText(/Neue E-Mail-Adresse/);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(
      within(dialog).getByText("Ein Benutzer ist bereits mit dieser E-Mail-Adresse registriert."),
    ).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("is not offered for a staff account", () => {
    renderLink(vi.fn(), { ...paula, role: "staff" });
    expect(screen.queryByRole("button", { name: /Neue E-Mail-Adresse/ })).toBeNull();
  });
});
