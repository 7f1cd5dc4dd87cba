// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import { AdminContext, mergeTranslations } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { DisputesSection } from "./disputes-section.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de");

const dispute = (id: number, state: "open" | "won" | "lost", handled: string | null = null) => ({
  id,
  payment: 3,
  gateway: "stripe",
  kind: "dispute",
  state,
  amount_cents: 12_000,
  taken_cents: state === "lost" ? 12_000 : 0,
  reason: "fraudulent",
  opened_at: "2026-12-01T10:00:00Z",
  closed_at: state === "open" ? null : "2026-12-05T10:00:00Z",
  handled_at: handled,
  needs_attention: state === "open" || (state === "lost" && handled === null),
  notice: `Hinweis ${id}`,
});

afterEach(cleanup);

describe("the order's disputed and reversed payments", () => {
  it("shows nothing for an order without any", () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <DisputesSection order={{ id: 41, disputes: [] } as never} />
      </AdminContext>,
    );
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("says what happened in words, and lets staff mark only a lost case decided, with a note", async () => {
    const markDisputeHandled = vi.fn(async (_id: number, _input: Record<string, unknown>) => ({}));
    const order = { id: 41, disputes: [dispute(1, "open"), dispute(2, "lost"), dispute(3, "won")] };
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={{ markDisputeHandled } as never}>
        <DisputesSection order={order as never} />
      </AdminContext>,
    );
    expect(screen.getByRole("heading", { name: "Angefochtene und zurückgebuchte Zahlungen" })).toBeTruthy();
    expect(screen.getByText("Hinweis 1")).toBeTruthy();
    expect(screen.getByText(/Streitfall · Karte \(Stripe\) · Angefochten – offen · 120,00/)).toBeTruthy();
    const buttons = screen.getAllByRole("button", { name: /Als erledigt markieren/ });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: "Ausführen" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Bitte schreiben Sie kurz, was entschieden wurde."),
    );
    expect(markDisputeHandled).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole("textbox", { name: /Notiz für das Protokoll/ }), {
      target: { value: " Familie überweist erneut " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Ausführen" }));
    await waitFor(() =>
      expect(markDisputeHandled).toHaveBeenCalledWith(41, { dispute: 2, note: "Familie überweist erneut" }),
    );
  });
});
