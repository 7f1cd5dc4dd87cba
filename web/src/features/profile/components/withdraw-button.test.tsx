// @vitest-environment jsdom

import type { HistoryItem, Withdrawal } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { historyItem } from "../../../test/history-item.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { WithdrawButton } from "./withdraw-button.tsx";

const item = (overrides: Partial<HistoryItem> = {}) =>
  historyItem({ id: 12, schedule_slots: [], withdrawable_until: "2027-03-15", ...overrides });

const view: Withdrawal = {
  item: 12,
  can_withdraw: true,
  blocked_by: null,
  deadline: "2027-03-15",
  paid_cents: 7900,
  refund_cents: 5925,
  basis: "pro_rata",
  withdrawal: null,
};

function renderButton(history: HistoryItem, locale: "de" | "ru" = "de") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInLocale(
    <QueryClientProvider client={client}>
      <WithdrawButton item={history} />
    </QueryClientProvider>,
    locale,
  );
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("WithdrawButton (two steps, D75)", () => {
  it("is not there when the item may not be withdrawn", () => {
    renderButton(item({ withdrawable_until: null }));
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("opens a dialog with the amount; only the confirmation posts the withdrawal", async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === "POST" ? json({ ...view, can_withdraw: false }) : json(view),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderButton(item());
    fireEvent.click(screen.getByRole("button", { name: /Vertrag widerrufen/ }));
    expect(await screen.findByTestId("withdraw-amount")).toBeTruthy();
    expect(screen.getByTestId("withdraw-amount").textContent).toMatch(/59,25\s€.*79\s€/);
    expect(fetchMock.mock.calls.map(([, init]) => init?.method ?? "GET")).toEqual(["GET"]);
    fireEvent.click(screen.getByRole("button", { name: "Widerruf bestätigen" }));
    await waitFor(() => expect(screen.queryByTestId("withdraw-dialog")).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(String(post?.[0])).toContain("/api/v2/orders/items/12/withdraw/");
  });

  it("says why the server refused (the deadline just passed) instead of 'try again'", async () => {
    const refusal = {
      non_field_errors: ["Die kostenlose Stornierung ist nicht mehr möglich."],
      error_codes: { non_field_errors: ["withdrawal_policy_over"] },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === "POST"
          ? new Response(JSON.stringify(refusal), {
              status: 400,
              headers: { "content-type": "application/json" },
            })
          : json(view),
      ),
    );
    renderButton(item());
    fireEvent.click(screen.getByRole("button", { name: /Vertrag widerrufen/ }));
    await screen.findByTestId("withdraw-amount");
    fireEvent.click(screen.getByRole("button", { name: "Widerruf bestätigen" }));
    expect((await screen.findByText(/kostenlose Stornierung/)).getAttribute("role")).toBe("alert");
    expect(screen.queryByText(/noch einmal/)).toBeNull();
  });

  it("a gift card's dialog frees no seat; no dialog names PayPal (D486)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ ...view, basis: "gift_card_balance" })),
    );
    const base = item();
    renderButton(item({ product_page: { ...base.product_page, product_type: "GiftCard" } }));
    fireEvent.click(screen.getByRole("button", { name: /Vertrag widerrufen/ }));
    const dialog = await screen.findByTestId("withdraw-dialog");
    await screen.findByTestId("withdraw-amount");
    expect(dialog.textContent).toContain("Restguthaben");
    expect(dialog.textContent).not.toContain("Platz");
    expect(dialog.textContent).not.toContain("PayPal");
  });

  it("speaks Russian", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(view)),
    );
    renderButton(item(), "ru");
    fireEvent.click(screen.getByRole("button", { name: /Отказаться от договора/ }));
    expect(await screen.findByRole("button", { name: "Подтвердить отказ" })).toBeTruthy();
  });
});
