// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import { AdminContext, mergeTranslations, Notification } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { adminFetch } from "../providers/data-provider.ts";
import { PaymentIssueActions } from "./payment-issue-actions.tsx";

vi.mock("../providers/data-provider.ts", () => ({ adminFetch: vi.fn(async () => ({ json: {} })) }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de");
const issue = (state: string) => ({
  payment: 12,
  order: 345,
  reason: "seats_gone",
  state,
  attempts: 10,
  amount_cents: 8_900,
  since: "2026-12-01T10:00:00Z",
  parent: null,
});

function renderActions(state: string) {
  const reload = vi.fn();
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <PaymentIssueActions issue={issue(state)} reload={reload} />
      <Notification />
    </AdminContext>,
  );
  return reload;
}

afterEach(() => {
  cleanup();
  vi.mocked(adminFetch).mockClear();
});

describe("a payment that needs a person, settled from the dashboard (D565)", () => {
  it("tries a given-up refund again with one click, and reads the dashboard again", async () => {
    const reload = renderActions("refund_failed");
    fireEvent.click(screen.getByRole("button", { name: "Erstattung erneut versuchen (Bestellung 345)" }));
    await waitFor(() => expect(adminFetch).toHaveBeenCalledWith("POST", "payment-issues/12/retry/"));
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it("says how the new try went: taken, refused again, or sent again in the next minutes (D571)", async () => {
    for (const [state, notice] of [
      ["refunded", "Die Erstattung wurde erneut geschickt und vom Zahlungsdienst angenommen."],
      ["refund_failed", "Der Zahlungsdienst hat die Erstattung erneut abgelehnt."],
      ["refund_pending", "Der Zahlungsdienst war nicht erreichbar;"],
    ] as const) {
      vi.mocked(adminFetch).mockResolvedValueOnce({ json: { payment: 12, state }, headers: new Headers() });
      renderActions("refund_failed");
      fireEvent.click(screen.getByRole("button", { name: "Erstattung erneut versuchen (Bestellung 345)" }));
      expect((await screen.findByText(new RegExp(notice))).textContent).toContain(notice);
      cleanup();
    }
  });

  it("offers a payment to review no new try, and marks it handled only with a note", async () => {
    const reload = renderActions("review");
    expect(screen.queryByRole("button", { name: /erneut versuchen/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Als erledigt markieren (Bestellung 345)" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Zahlung zu Bestellung 345 als erledigt markieren",
    });
    fireEvent.click(dialog.querySelector("button[type=submit]") as HTMLElement);
    expect((await screen.findByRole("alert")).textContent).toBe("Schreiben Sie kurz, was Sie getan haben.");
    expect(adminFetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole("textbox", { name: /Notiz für das Protokoll/ }), {
      target: { value: " Im PayPal-Konto geprüft, Betrag stimmt " },
    });
    fireEvent.click(dialog.querySelector("button[type=submit]") as HTMLElement);
    await waitFor(() =>
      expect(adminFetch).toHaveBeenCalledWith("POST", "payment-issues/12/resolve/", {
        body: { note: "Im PayPal-Konto geprüft, Betrag stimmt" },
      }),
    );
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });
});
