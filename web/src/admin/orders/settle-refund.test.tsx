// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import { AdminContext, mergeTranslations } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { RefundsSection, RefundsWithSettling } from "./order-show.tsx";
import { SettleRefundDialog } from "./settle-refund-dialog.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de");

const refund = (id: number, state: string, settled: string | null = null) => ({
  id,
  source: "staff",
  item: 7,
  amount_cents: 1_000,
  gift_card_cents: 0,
  cancel_item: false,
  state,
  attempts: 10,
  reason: "Kulanz",
  created_at: `2026-12-0${id}T10:00:00Z`,
  refunded_at: null,
  credit_note_number: "GS-2026-0001",
  booked_at_gateway: false,
  settled_by_hand: settled,
  last_error: state === "failed" ? "refused: 422 UNPROCESSABLE_ENTITY" : null,
});
const order = {
  id: 41,
  items: [{ id: 7, name: "Malen" }],
  refunds: [refund(1, "failed"), refund(2, "completed", "elsewhere"), refund(3, "completed")],
};

afterEach(cleanup);

describe("a refund sent but not paid out yet by the payment service (D572)", () => {
  it("says so in its row, and offers nothing to settle", () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RefundsSection
          order={{ ...order, refunds: [{ ...refund(3, "completed"), gateway_pending: true }] } as never}
          onSettle={() => {}}
        />
      </AdminContext>,
    );
    const rows = screen.getAllByRole("row");
    expect(
      within(rows[1] as HTMLElement).getByText("Erstattung beim Zahlungsdienst noch in Bearbeitung"),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Erledigen/ })).toBeNull();
  });
});

describe("a refund the gateway would not take, settled by staff (D565)", () => {
  it("offers the failed row, and only it, a way to settle; a settled row says how", () => {
    const onSettle = vi.fn();
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RefundsSection order={order as never} onSettle={onSettle} />
      </AdminContext>,
    );
    const buttons = screen.getAllByRole("button", {
      name: "Erledigen (fehlgeschlagene Erstattung für Malen)",
    });
    expect(buttons).toHaveLength(1);
    const rows = screen.getAllByRole("row");
    expect(
      within(rows[2] as HTMLElement).getByText("Auf anderem Weg erstattet (Überweisung, bar)"),
    ).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText("Erstattet")).toBeTruthy();
    fireEvent.click(buttons[0] as HTMLElement);
    expect(onSettle).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it("tries again without a note, but notes a refund made by hand only with one", async () => {
    const settleOrderRefund = vi.fn(async (_id: number, _input: Record<string, unknown>) => ({}));
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={{ settleOrderRefund } as never}>
        <SettleRefundDialog order={order as never} refund={order.refunds[0] as never} onClose={() => {}} />
      </AdminContext>,
    );
    // Staff read what the gateway last answered before they choose; nothing is chosen for them.
    expect(screen.getByText(/Letzte Antwort des Zahlungsdienstes: refused: 422/)).toBeTruthy();
    expect(screen.queryByText(/nicht erreichbar/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Ausführen" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Wählen Sie, was geschehen soll.");
    fireEvent.click(screen.getByRole("radio", { name: /auf anderem Weg erstattet/ }));
    fireEvent.click(screen.getByRole("button", { name: "Ausführen" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Schreiben Sie kurz, wie und wann erstattet wurde."),
    );
    // The note's hint and the message are read with the field.
    const noteField = screen.getByRole("textbox", { name: /Notiz für das Protokoll/ });
    expect(noteField.getAttribute("aria-invalid")).toBe("true");
    expect(noteField.getAttribute("aria-describedby")?.split(" ")).toHaveLength(2);
    expect(settleOrderRefund).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole("textbox", { name: /Notiz für das Protokoll/ }), {
      target: { value: " Per Überweisung am 3.12. " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Ausführen" }));
    await waitFor(() =>
      expect(settleOrderRefund).toHaveBeenCalledWith(41, {
        source: "staff",
        refund: 1,
        action: "refunded_elsewhere",
        note: "Per Überweisung am 3.12.",
      }),
    );
    fireEvent.click(screen.getByRole("radio", { name: /Erneut versuchen/ }));
    fireEvent.change(screen.getByRole("textbox", { name: /Notiz/ }), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Ausführen" }));
    await waitFor(() =>
      expect(settleOrderRefund).toHaveBeenLastCalledWith(41, { source: "staff", refund: 1, action: "retry" }),
    );
  });

  it("after a settle puts the focus on the refunds' heading, where the row's new state is read", async () => {
    const settleOrderRefund = vi.fn(async (_id: number, _input: Record<string, unknown>) => ({}));
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={{ settleOrderRefund } as never}>
        <RefundsWithSettling order={order as never} />
      </AdminContext>,
    );
    fireEvent.click(screen.getByRole("button", { name: /^Erledigen/ }));
    fireEvent.click(await screen.findByRole("radio", { name: /Erneut versuchen/ }));
    fireEvent.click(screen.getByRole("button", { name: "Ausführen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Erstattungen" })),
    );
  });

  it("says when the last try went unanswered, so a new try may not pay twice", () => {
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={{} as never}>
        <SettleRefundDialog
          order={order as never}
          refund={{ ...order.refunds[0], last_error: "PayPal: timeout", gateway_unreachable: true } as never}
          onClose={() => {}}
        />
      </AdminContext>,
    );
    expect(screen.getByText(/beim letzten Versuch nicht erreichbar/)).toBeTruthy();
  });

  it("says when the card's bank refused the refund after Stripe took it, so the family has no money yet", () => {
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={{} as never}>
        <SettleRefundDialog
          order={order as never}
          refund={{ ...order.refunds[0], failed_at_bank: true } as never}
          onClose={() => {}}
        />
      </AdminContext>,
    );
    expect(screen.getByText(/die kartenausgebende Bank hat sie danach jedoch abgelehnt/)).toBeTruthy();
    expect(screen.queryByText(/beim letzten Versuch nicht erreichbar/)).toBeNull();
  });
});
