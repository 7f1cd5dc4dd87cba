// @vitest-environment jsdom

import type { HistoryItem } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paymentConfigOptions } from "../../../lib/payments.ts";
import { historyItem } from "../../../test/history-item.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { SubscriptionActions } from "./subscription-actions.tsx";

const SUBSCRIPTION: NonNullable<HistoryItem["subscription"]> = {
  contract_number: "K7QM-3XHD-9PRA",
  period_start: "2027-03-01T10:00:00.000Z",
  paid_until: "2027-04-01T10:00:00.000Z",
  ends_at: null,
  paid_through: "2027-04-01",
  ends_on: null,
  autopay: "none",
  monthly_price_cents: 7900,
  month_invoices: [],
};

function item(overrides: Partial<HistoryItem> = {}) {
  return historyItem({
    id: 7,
    subscription: SUBSCRIPTION,
    schedule_slots: [],
    invoice_number: null,
    ...overrides,
  });
}

/** A query client that knows the payment config already (the demo gateway: no autopay offered). */
function withClient(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(paymentConfigOptions().queryKey, {
    gateway: "demo",
    stripe: false,
    client_id: null,
    sdk_url: "",
    currency: "EUR",
    reservation_minutes: 15,
  });
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

afterEach(() => vi.restoreAllMocks());

describe("a subscription in the history", () => {
  it("shows nothing for an item that is not a subscription", () => {
    const { container } = renderInLocale(
      withClient(<SubscriptionActions item={item({ subscription: null })} />),
    );
    expect(container.textContent).toBe("");
  });

  it("shows until when it is paid and the payment of the next month where one is open", () => {
    renderInLocale(
      withClient(
        <SubscriptionActions
          item={item({
            state: "renewal available",
            paypal_invoice_link: "https://paypal.example/checkoutnow?token=X",
          })}
        />,
      ),
    );
    expect(screen.getByTestId("subscription-period").textContent).toMatch(/^Bezahlt bis .*2027/);
    expect(screen.getByText("Vertrag Nr. K7QM-3XHD-9PRA")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Nächsten Monat bezahlen" }).getAttribute("href")).toBe(
      "https://paypal.example/checkoutnow?token=X",
    );
  });

  it("cancels after a confirmation step and says so (ru)", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(
        JSON.stringify({ id: 7, ends_at: SUBSCRIPTION.paid_until, cancelled_at: "2027-03-10T10:00:00Z" }),
        {
          status: 200,
          headers: { "content-type": "application/json" },
        },
      ),
    );
    renderInLocale(withClient(<SubscriptionActions item={item()} />), "ru");
    fireEvent.click(
      screen.getByRole("button", { name: "Расторгнуть абонемент: Kleine Maler (Mila Muster)" }),
    );
    // Nothing is sent before the parent confirms; the question takes the focus.
    expect(fetch).not.toHaveBeenCalled();
    expect(document.activeElement?.textContent).toMatch(/Расторгнуть\?$/);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /^Да, расторгнуть: / }));
    });
    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Расторгнут."));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toContain("/api/v2/orders/items/7/cancel/");
    expect(init?.method).toBe("PATCH");
  });

  it("offers no cancel once it ends, and says when", () => {
    renderInLocale(
      withClient(
        <SubscriptionActions
          item={item({
            subscription: {
              ...SUBSCRIPTION,
              ends_at: SUBSCRIPTION.paid_until,
              ends_on: SUBSCRIPTION.paid_through,
            },
          })}
        />,
      ),
    );
    expect(screen.getByTestId("subscription-period").textContent).toMatch(/^Gekündigt, endet am/);
    expect(screen.queryByRole("button", { name: /^Abo kündigen/ })).toBeNull();
  });

  it("says a withdrawn contract ended by the withdrawal, not that it was cancelled (D601)", () => {
    const ended = { ...SUBSCRIPTION, ends_at: SUBSCRIPTION.period_start, ends_on: "2027-03-01" };
    const withdrawal = {
      id: 3,
      kind: "withdrawal" as const,
      created_at: "2027-03-01T10:00:00.000Z",
      refund_cents: 7900,
      gift_card_cents: 0,
      refund_state: "completed" as const,
      refunded_at: "2027-03-01T10:01:00.000Z",
      credit_note_number: "GS-2027-000001",
    };
    renderInLocale(withClient(<SubscriptionActions item={item({ subscription: ended, withdrawal })} />));
    expect(screen.getByTestId("subscription-period").textContent).toBe("Vertrag durch Widerruf beendet");
    expect(screen.queryByRole("button", { name: /^Abo kündigen/ })).toBeNull();
  });
});
