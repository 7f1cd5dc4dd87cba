// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import russianMessages from "ra-language-russian";
import {
  AdminContext,
  Form,
  mergeTranslations,
  RecordContextProvider,
  ResourceContextProvider,
} from "react-admin";
import { afterEach, describe, expect, it } from "vitest";
import { de } from "../i18n/de.ts";
import { ru } from "../i18n/ru.ts";
import { HandlingFields } from "../shared/request-fields.tsx";
import { ContactDetails } from "./contact-requests.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const providers = {
  de: polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de"),
  ru: polyglotI18nProvider(() => mergeTranslations(russianMessages, ru), "ru"),
};
const request = {
  id: 4,
  kind: "appointment",
  first_name: "Peter",
  last_name: "Schmidt",
  email: "peter@example.org",
  phone: "+49 30 1234567",
  appointment_date: "2026-12-10",
  created_at: "2026-12-07T09:36:00.000Z",
  comment: "",
  message: "Wir interessieren uns für den Malkurs.",
  position: "",
  status: "new",
  note: "",
  handler: null,
};

afterEach(cleanup);

/** The page's lines (paragraphs) whose text starts so, as a person reads them. */
const linesStarting = (start: RegExp) =>
  screen
    .getAllByText((_, element) => element?.tagName === "P" && start.test(element.textContent ?? ""))
    .map((line) => line.textContent);

function show(record: Record<string, unknown>, locale: keyof typeof providers = "de") {
  render(
    <AdminContext i18nProvider={providers[locale]}>
      <RecordContextProvider value={record}>
        <ContactDetails />
      </RecordContextProvider>
    </AdminContext>,
  );
}

describe("a contact request's page (D587)", () => {
  it("says what the family asks for, the day it wishes and when the request came in (Berlin time)", () => {
    show(request);
    const lines = linesStarting(/^(Art|Wunschtermin|Eingegangen): /);
    expect(lines).toEqual(["Art: Termin", "Wunschtermin: 10.12.2026", "Eingegangen: 07.12.2026, 10:36"]);
    expect(screen.getByText("Wir interessieren uns für den Malkurs.")).toBeTruthy();
  });

  it("leaves out the wished day of a callback, and says it in Russian", () => {
    show({ ...request, kind: "callback", appointment_date: null }, "ru");
    const lines = linesStarting(/^(Тип|Желаемая дата|Поступило): /);
    expect(lines).toEqual(["Тип: Обратный звонок", "Поступило: 07.12.2026, 10:36"]);
  });

  it("offers no empty state to save: a request is new, in progress or done", async () => {
    const dataProvider = {
      getList: async () => ({ data: [], total: 0 }),
      getMany: async () => ({ data: [] }),
    };
    render(
      <AdminContext i18nProvider={providers.de} dataProvider={dataProvider as never}>
        <ResourceContextProvider value="contact-requests">
          <Form record={request}>
            <HandlingFields />
          </Form>
        </ResourceContextProvider>
      </AdminContext>,
    );
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: /Stand/ }));
    const options = within(await screen.findByRole("listbox")).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Neu", "In Bearbeitung", "Erledigt"]);
  });
});
