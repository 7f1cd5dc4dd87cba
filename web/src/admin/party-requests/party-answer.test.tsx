// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import { AdminContext, Form, mergeTranslations, RecordContextProvider, TextInput } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { PartyAnswer, PartyDetails } from "./party-requests.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de");
const request = {
  id: 12,
  product_name: "Roboter-Geburtstag",
  option_name: "Standard",
  dates: ["2027-01-09", "2027-01-16"],
  children_count: 8,
  ages: [8, 9],
  comment: "",
  confirmed_date: null,
  state: "sent",
  order: null,
  parent_name: "Eva Muster",
  parent_email: "eva@example.org",
  parent_phone: "+4917612345678",
  status: "new",
  days_taken: [],
  version: "v1",
};

afterEach(cleanup);

/** The answer inside the request's form, as its edit page has it, with the staff's note field. */
function renderAnswer(answerPartyRequest: () => Promise<unknown>) {
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={{ answerPartyRequest } as never}>
      <RecordContextProvider value={request}>
        <Form record={{ ...request, note: "" }}>
          <TextInput source="note" label="Notiz" />
          <PartyAnswer />
        </Form>
      </RecordContextProvider>
    </AdminContext>,
  );
}

describe("declining a party request (D531)", () => {
  it("asks first, naming the family and the days, and sends nothing until confirmed", async () => {
    const answerPartyRequest = vi.fn(async () => ({}));
    renderAnswer(answerPartyRequest);
    fireEvent.click(screen.getByRole("button", { name: "Ablehnen" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Eva Muster");
    expect(dialog.textContent).toContain("09.01.2027");
    expect(answerPartyRequest).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(answerPartyRequest).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Ablehnen" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Ablehnen" }));
    await waitFor(() => expect(answerPartyRequest).toHaveBeenCalledWith(12, "decline", { version: "v1" }));
  });

  it("waits while the note typed below is not saved: the answer would drop it", async () => {
    const answerPartyRequest = vi.fn(async () => ({}));
    renderAnswer(answerPartyRequest);
    const decline = screen.getByRole("button", { name: "Ablehnen" }) as HTMLButtonElement;
    expect(decline.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText("Notiz"), { target: { value: "Mutter ruft Dienstag zurück" } });
    await waitFor(() => expect(decline.disabled).toBe(true));
    expect(screen.getByText(/Erst speichern/)).toBeTruthy();
  });
});

describe("the family's contacts on a party request", () => {
  const renderDetails = (record: typeof request) =>
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RecordContextProvider value={record}>
          <PartyDetails />
        </RecordContextProvider>
      </AdminContext>,
    );

  it("gives the profile's phone to dial, grouped to read, and the e-mail to write to", () => {
    renderDetails(request);
    expect(screen.getByRole("link", { name: "+49 176 12345678" }).getAttribute("href")).toBe(
      "tel:+4917612345678",
    );
    expect(screen.getByRole("link", { name: "eva@example.org" }).getAttribute("href")).toBe(
      "mailto:eva@example.org",
    );
  });

  it("says when the profile has no phone", () => {
    renderDetails({ ...request, parent_phone: "" });
    expect(screen.getByText("Telefon: nicht im Profil angegeben")).toBeTruthy();
  });
});
