// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import russianMessages from "ra-language-russian";
import { AdminContext, Form, mergeTranslations, ResourceContextProvider } from "react-admin";
import { useFormContext } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { ru } from "../i18n/ru.ts";
import { OptionFields } from "./purchase-options.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const providers = {
  de: polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de"),
  ru: polyglotI18nProvider(() => mergeTranslations(russianMessages, ru), "ru"),
};

const option = {
  id: 7,
  product_page: 3,
  schedule_type: "BirthdayPackage",
  is_recurring: false,
  name: { de: "Standard: 2,5 Stunden", ru: "Стандарт: 2,5 часа" },
  base_price_cents: 34_000,
  number_of_meetings: null,
  meetings_per_week: null,
  max_children: 8,
  sort_order: 0,
  bookings: 0,
  version: "v1",
};

afterEach(cleanup);

function edit(record: Record<string, unknown>, locale: keyof typeof providers = "de") {
  render(
    <AdminContext i18nProvider={providers[locale]}>
      <ResourceContextProvider value="purchase-options">
        <Form record={record}>
          <OptionFields />
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
  );
}

describe("a birthday package's number of children in the back office", () => {
  it("is a number field of the package that staff edit, labelled in German and Russian", async () => {
    edit(option);
    const field = await screen.findByRole("spinbutton", { name: /Höchstzahl Kinder/ });
    expect((field as HTMLInputElement).value).toBe("8");
    expect(screen.getByText(/Höchstzahl der Kinder, die eine Geburtstagsanfrage/)).toBeTruthy();
    cleanup();
    edit(option, "ru");
    expect(await screen.findByRole("spinbutton", { name: /Максимум детей/ })).toBeTruthy();
  });

  it("is not offered on a course's option, which is not asked for with a number of children", async () => {
    edit({ ...option, schedule_type: "Course (1 / week)", max_children: null });
    await screen.findByRole("spinbutton", { name: /Termine pro Woche/ });
    expect(screen.queryByRole("spinbutton", { name: /Höchstzahl Kinder/ })).toBeNull();
  });

  it("is taken back when staff switch a package to another kind, so the server does not refuse the save", async () => {
    // Stands in for the kind's select of the create form (the new option's kind is chosen there).
    function SwitchKind() {
      const { setValue } = useFormContext();
      return (
        <button type="button" onClick={() => setValue("schedule_type", "Course (1 / week)")}>
          Kurs
        </button>
      );
    }
    const saved = vi.fn();
    render(
      <AdminContext i18nProvider={providers.de}>
        <ResourceContextProvider value="purchase-options">
          <Form record={option} onSubmit={saved}>
            <OptionFields />
            <SwitchKind />
            <button type="submit">Speichern</button>
          </Form>
        </ResourceContextProvider>
      </AdminContext>,
    );
    await screen.findByRole("spinbutton", { name: /Höchstzahl Kinder/ });
    fireEvent.click(screen.getByRole("button", { name: "Kurs" }));
    await waitFor(() => expect(screen.queryByRole("spinbutton", { name: /Höchstzahl Kinder/ })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(saved.mock.calls[0]?.[0]).toMatchObject({
      schedule_type: "Course (1 / week)",
      max_children: null,
    });
  });
});
