// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import { AdminContext, HttpError, mergeTranslations } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { ChildCorrection } from "./child-correction.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de");
const anja = { id: 7, first_name: "Anja", last_name: "Muster", birth_date: "2019-05-04", notes: "" };

function renderCorrection(correctChild: (...args: unknown[]) => Promise<unknown>) {
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={{ correctChild } as never}>
      <ChildCorrection parent={3} child={anja} />
    </AdminContext>,
  );
}

afterEach(cleanup);

describe("staff correct a child's data (D549)", () => {
  it("opens with the child's data, sends what staff typed and closes", async () => {
    const correctChild = vi.fn(async () => ({}));
    renderCorrection(correctChild);
    fireEvent.click(screen.getByRole("button", { name: "Angaben zu Anja Muster korrigieren" }));
    const dialog = await screen.findByRole("dialog", { name: "Angaben zum Kind korrigieren" });
    expect(within(dialog).getByLabelText(/Vorname/)).toHaveProperty("value", "Anja");
    fireEvent.change(within(dialog).getByLabelText(/Geburtsdatum/), { target: { value: "2018-05-04" } });
    fireEvent.change(within(dialog).getByLabelText(/Notizen für das Team/), {
      target: { value: "Allergie: Nüsse" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      expect(correctChild).toHaveBeenCalledWith(3, 7, {
        first_name: "Anja",
        last_name: "Muster",
        birth_date: "2018-05-04",
        notes: "Allergie: Nüsse",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows a refusal of the notes in place of their hint", async () => {
    const refusal = new HttpError("Die Angabe ist zu lang.", 400, {
      errors: { notes: "Die Angabe ist zu lang." },
    });
    renderCorrection(vi.fn(async () => Promise.reject(refusal)));
    fireEvent.click(screen.getByRole("button", { name: "Angaben zu Anja Muster korrigieren" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(dialog.textContent).toContain("Die Angabe ist zu lang."));
    expect(dialog.textContent).not.toContain("Zum Beispiel Allergien");
  });

  it("shows the server's refusal at its field, focuses it and stays open", async () => {
    const refusal = new HttpError("Das Geburtsdatum liegt in der Zukunft.", 400, {
      errors: { birth_date: "Das Geburtsdatum liegt in der Zukunft." },
    });
    renderCorrection(vi.fn(async () => Promise.reject(refusal)));
    fireEvent.click(screen.getByRole("button", { name: "Angaben zu Anja Muster korrigieren" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    const field = within(dialog).getByLabelText(/Geburtsdatum/);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(dialog.textContent).toContain("Das Geburtsdatum liegt in der Zukunft.");
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});
