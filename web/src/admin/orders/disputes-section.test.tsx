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

const dispute = (
  id: number,
  state: "open" | "won" | "lost",
  handled: string | null = null,
  gateway: "stripe" | "paypal" = "stripe",
) => ({
  id,
  payment: 3,
  gateway,
  kind: "dispute",
  state,
  amount_cents: 12_000,
  // A lost PayPal dispute takes nothing itself (D662); a lost Stripe one takes the amount.
  taken_cents: state === "lost" && gateway === "stripe" ? 12_000 : 0,
  reason: "fraudulent",
  opened_at: "2026-12-01T10:00:00Z",
  closed_at: state === "open" ? null : "2026-12-05T10:00:00Z",
  handled_at: handled,
  needs_attention: state === "open" || (state === "lost" && handled === null),
  notice: `Hinweis ${id}`,
});

afterEach(cleanup);

/** An element's text with the euro's no-break space read as a plain one. */
const textOf = (element: HTMLElement) => element.textContent?.replace(/\s/g, " ");

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
    expect(screen.getByText(/Streitfall · Karte \(Stripe\) · Offen · 120,00 € · eröffnet am/)).toBeTruthy();
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
    // The decided case's button goes with the refresh: focus lands on the section's heading, not the body.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("heading", { name: "Angefochtene und zurückgebuchte Zahlungen" }),
      ),
    );
  });

  it("says of a lost PayPal dispute what PayPal decided, not that 0,00 € was taken back", () => {
    const order = { id: 41, disputes: [dispute(4, "lost", null, "paypal")] };
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={{} as never}>
        <DisputesSection order={order as never} />
      </AdminContext>,
    );
    fireEvent.click(screen.getByRole("button", { name: /Als erledigt markieren/ }));
    const dialog = screen.getByRole("dialog", { name: "Verlorenen Fall als erledigt markieren" });
    expect(textOf(dialog)).toContain(
      "PayPal hat den Konflikt über 120,00 € zugunsten des Käufers entschieden.",
    );
    expect(textOf(dialog)).not.toContain("0,00 € zurückgebucht");
  });

  it("names a reversal's state as what happened: the money was taken back", () => {
    const reversal = { ...dispute(5, "lost", null, "paypal"), kind: "reversal", taken_cents: 12_000 };
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <DisputesSection order={{ id: 41, disputes: [reversal] } as never} />
      </AdminContext>,
    );
    expect(screen.getByText(/^Rückbuchung · PayPal · Geld zurückgebucht · 120,00\s€/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Als erledigt markieren/ }));
    expect(textOf(screen.getByRole("dialog"))).toContain("Die Bank oder PayPal hat 120,00 € zurückgebucht.");
  });
});
