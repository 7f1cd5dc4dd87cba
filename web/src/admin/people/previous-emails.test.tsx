// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import russianMessages from "ra-language-russian";
import { AdminContext, mergeTranslations, RecordContextProvider } from "react-admin";
import { afterEach, describe, expect, it } from "vitest";
import { de } from "../i18n/de.ts";
import { ru } from "../i18n/ru.ts";
import { PreviousEmails } from "./previous-emails.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const providers = {
  de: polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de"),
  ru: polyglotI18nProvider(() => mergeTranslations(russianMessages, ru), "ru"),
};
const anja = {
  id: 7,
  email: "anja.neu@example.org",
  previous_emails: [
    { email: "anja.zweit@example.org", until: "2026-12-07T06:30:00.000Z" },
    { email: "anja.alt@example.org", until: "2025-03-01T09:05:00.000Z" },
  ],
};

function show(record: Record<string, unknown>, locale: keyof typeof providers = "de") {
  render(
    <AdminContext i18nProvider={providers[locale]}>
      <RecordContextProvider value={record}>
        <PreviousEmails />
      </RecordContextProvider>
    </AdminContext>,
  );
}

afterEach(cleanup);

describe("a family's earlier e-mail addresses on its page (D580)", () => {
  it("lists each address the family moved off, newest first, with until when (Berlin time)", () => {
    show(anja);
    expect(screen.getByText("Frühere E-Mail-Adressen")).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "anja.zweit@example.org (bis 07.12.2026, 07:30)",
      "anja.alt@example.org (bis 01.03.2025, 10:05)",
    ]);
  });

  it("says it in Russian", () => {
    show(anja, "ru");
    expect(screen.getByText("Прежние адреса электронной почты")).toBeTruthy();
    expect(screen.getAllByRole("listitem")[1]?.textContent).toMatch(/^anja\.alt@example\.org \(до /);
  });

  it("shows nothing for a family that kept its address, or from the version before (an upgrade)", () => {
    show({ ...anja, previous_emails: [] });
    show({ id: 8, email: "olga@example.org" });
    expect(screen.queryByText("Frühere E-Mail-Adressen")).toBeNull();
    expect(screen.queryAllByRole("listitem")).toEqual([]);
  });
});
