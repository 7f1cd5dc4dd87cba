// @vitest-environment jsdom
import type { AdminMail } from "@atelier/contract";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import russianMessages from "ra-language-russian";
import { AdminContext, mergeTranslations, ResourceContextProvider } from "react-admin";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { ru } from "../i18n/ru.ts";
import { MailList, MailShow } from "./mails.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const providers = {
  de: polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de"),
  ru: polyglotI18nProvider(() => mergeTranslations(russianMessages, ru), "ru"),
};

const base = {
  locale: "de",
  created_at: "2026-12-07T09:36:00.000Z",
  sent_at: null,
  next_attempt_at: null,
  texts_cleared: false,
};
const mails: AdminMail[] = [
  {
    ...base,
    id: 7,
    to: "familie@example.org",
    subject: "Ein Platz ist frei",
    template: "waiting-list-offer",
    status: "failed",
    attempts: 8,
    failure: "address_refused",
  },
  {
    ...base,
    id: 6,
    to: "eltern@example.org",
    subject: "Passwort zurücksetzen",
    template: "password-reset",
    status: "pending",
    attempts: 2,
    failure: "unreachable",
    next_attempt_at: "2026-12-07T09:40:00.000Z",
  },
  {
    ...base,
    id: 5,
    to: "eltern@example.org",
    subject: "Bestellung 12",
    template: "order-confirmation",
    status: "sent",
    attempts: 1,
    failure: null,
    sent_at: "2026-12-07T09:37:00.000Z",
  },
];

let resent = false;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resent = false;
});

function showList(locale: keyof typeof providers) {
  // After a resend the outbox has the given-up mail waiting again, as the server answers it.
  const dataProvider = {
    getList: vi.fn(async () => {
      const now = resent ? mails.map((m) => (m.id === 7 ? { ...m, status: "pending" as const } : m)) : mails;
      return { data: now, total: now.length };
    }),
  };
  render(
    <AdminContext i18nProvider={providers[locale]} dataProvider={dataProvider as never}>
      <ResourceContextProvider value="mails">
        <MailList />
      </ResourceContextProvider>
    </AdminContext>,
  );
  return dataProvider;
}

describe("the back office's list of mails", () => {
  it("says each mail's kind, state, attempts and failure in German words, never the codes", async () => {
    showList("de");
    const row = (await screen.findByText("familie@example.org")).closest("tr") as HTMLElement;
    expect(row.textContent).toContain("Warteliste: freier Platz");
    expect(row.textContent).toContain("Nicht zustellbar · 8 Versuche");
    expect(row.textContent).toContain("Empfängeradresse abgelehnt");
    const waiting = screen.getAllByText("Passwort zurücksetzen")[0]?.closest("tr") as HTMLElement;
    expect(waiting.textContent).toContain("Wird gesendet · 2 Versuche");
    expect(waiting.textContent).toContain("Mailserver nicht erreichbar");
    const table = screen.getByRole("table");
    for (const code of ["waiting-list-offer", "failed", "address_refused", "unreachable", "pending"])
      expect(table.textContent).not.toContain(code);
    // Only the mail given up can be sent again, and its button names it for a screen reader.
    expect(screen.getAllByRole("button", { name: /^Erneut senden: / })).toHaveLength(1);
  });

  it("sends a given-up mail again through the outbox's resend route", async () => {
    const fetched = vi.fn(async () => {
      resent = true;
      return new Response(JSON.stringify({ mail: 7 }), { status: 200 });
    });
    vi.stubGlobal("fetch", fetched);
    showList("de");
    const row = (await screen.findByText("familie@example.org")).closest("tr") as HTMLElement;
    // The accessible name starts with the visible label, so "Erneut senden" works by voice (WCAG 2.5.3).
    fireEvent.click(
      within(row).getByRole("button", { name: "Erneut senden: „Ein Platz ist frei“ an familie@example.org" }),
    );
    await waitFor(() => expect(fetched).toHaveBeenCalled());
    const [url, init] = fetched.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain("/api/v2/admin/mails/7/resend/");
    expect(init.method).toBe("POST");
    // The mail waits again and its button is gone: focus is on its row, where the new state is read.
    await waitFor(() => expect(within(row).queryByRole("button")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(row));
    expect(row.textContent).toContain("Wird gesendet");
  });

  it("reads the list again when the resend is refused, as when another staff member sent it meanwhile", async () => {
    const fetched = vi.fn(async () => {
      resent = true;
      return new Response(JSON.stringify({ detail: "Nicht gefunden." }), { status: 404 });
    });
    vi.stubGlobal("fetch", fetched);
    const dataProvider = showList("de");
    const row = (await screen.findByText("familie@example.org")).closest("tr") as HTMLElement;
    const reads = dataProvider.getList.mock.calls.length;
    fireEvent.click(within(row).getByRole("button", { name: /^Erneut senden: / }));
    await waitFor(() => expect(dataProvider.getList.mock.calls.length).toBeGreaterThan(reads));
    await waitFor(() => expect(within(row).queryByRole("button")).toBeNull());
    expect(row.textContent).toContain("Wird gesendet");
  });

  it("says it in Russian", async () => {
    showList("ru");
    const row = (await screen.findByText("familie@example.org")).closest("tr") as HTMLElement;
    expect(row.textContent).toContain("Лист ожидания: освободилось место");
    expect(row.textContent).toContain("Не доставлено · 8 попыток");
    expect(row.textContent).toContain("Адрес получателя отклонён");
    expect(
      screen.getByRole("button", { name: /Отправить ещё раз письмо «Ein Platz ist frei»/ }),
    ).toBeTruthy();
  });

  it("counts the attempts in each of Russian's plural forms and German's two", () => {
    const attempts = (locale: keyof typeof providers, count: number) =>
      providers[locale].translate("admin.mails.attempts", { smart_count: count });
    expect([1, 3, 8, 21, 22, 25].map((count) => attempts("ru", count))).toEqual([
      "1 попытка",
      "3 попытки",
      "8 попыток",
      "21 попытка",
      "22 попытки",
      "25 попыток",
    ]);
    expect([1, 2].map((count) => attempts("de", count))).toEqual(["1 Versuch", "2 Versuche"]);
  });
});

describe("the back office's page of one mail", () => {
  function showMail(mail: AdminMail) {
    const dataProvider = { getOne: vi.fn(async () => ({ data: mail })) };
    render(
      <MemoryRouter initialEntries={[`/mails/${mail.id}/show`]}>
        <AdminContext i18nProvider={providers.de} dataProvider={dataProvider as never}>
          <ResourceContextProvider value="mails">
            <Routes>
              <Route path="/mails/:id/show" element={<MailShow />} />
            </Routes>
          </ResourceContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
  }

  it("says why it shows no text, and offers a given-up mail again", async () => {
    showMail(mails[0] as AdminMail);
    expect(await screen.findByText(/Der Text einer E-Mail wird hier nicht angezeigt/)).toBeTruthy();
    expect(screen.queryByText(/nicht mehr aufbewahrt/)).toBeNull();
    expect(screen.getByRole("button", { name: /^Erneut senden: / })).toBeTruthy();
  });

  it("says a cleared mail's text is gone and offers no resend, which the server would refuse", async () => {
    showMail({ ...(mails[0] as AdminMail), texts_cleared: true });
    expect(await screen.findByText(/Der Text dieser E-Mail wird nicht mehr aufbewahrt/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Erneut senden/ })).toBeNull();
  });
});
