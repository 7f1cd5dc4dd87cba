// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import { AdminContext, mergeTranslations } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { RefundDialog } from "./order-dialogs.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de");
const order = { id: 41, gift_card_cents: 0, unbooked_gateway_cents: 1_500, refunds: [] as object[] };
const item = {
  id: 7,
  name: "Malen",
  child: "Mia",
  status: "active",
  paid_cents: 8_900,
  refunded_cents: 0,
  refundable_cents: 7_400,
};

function renderDialog(unbooked: number, refunds: object[] = []) {
  const refundOrderItem = vi.fn(async (_id: number, _input: Record<string, unknown>) => ({}));
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={{ refundOrderItem } as never}>
      <RefundDialog
        order={{ ...order, unbooked_gateway_cents: unbooked, refunds } as never}
        item={item as never}
        onClose={() => {}}
      />
    </AdminContext>,
  );
  fireEvent.change(screen.getByRole("textbox", { name: /Grund/ }), {
    target: { value: "Zwei Termine fielen aus" },
  });
  return refundOrderItem;
}

afterEach(cleanup);

describe("booking a refund made in PayPal's dashboard (D562)", () => {
  it("offers it while money waits to be booked, up to what waits, and then sends no refund of its own", async () => {
    const refund = renderDialog(1_500);
    const booked = screen.getByRole("checkbox", { name: /Schon im Zahlungskonto .* erstattet/ });
    // Not ticked by itself: the money may have been another item's.
    expect((booked as HTMLInputElement).checked).toBe(false);
    fireEvent.click(booked);
    expect(
      screen.getByRole("textbox", { name: "Betrag in Euro", description: /höchstens 15,00/ }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ausführen" }));
    await waitFor(() =>
      expect(refund).toHaveBeenCalledWith(41, expect.objectContaining({ item: 7, booked_at_gateway: true })),
    );
  });

  it("unticked, or with nothing waiting, refunds through the shop as before", async () => {
    const refund = renderDialog(1_500);
    expect(
      screen.getByRole("textbox", { name: "Betrag in Euro", description: /höchstens 74,00/ }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ausführen" }));
    await waitFor(() => expect(refund).toHaveBeenCalled());
    expect(refund.mock.calls[0]?.[1]).not.toHaveProperty("booked_at_gateway");
    cleanup();
    renderDialog(0);
    expect(screen.queryByRole("checkbox", { name: /Schon im Zahlungskonto/ })).toBeNull();
  });

  it("warns, once booking is ticked, that money of a failed refund made by hand is marked, not booked (D565)", () => {
    renderDialog(1_500, [{ id: 3, state: "failed" }]);
    expect(screen.queryByTestId("booked-failed-hint")).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: /Schon im Zahlungskonto/ }));
    expect(screen.getByTestId("booked-failed-hint").textContent).toMatch(
      /markieren Sie diese mit „Erledigen“/,
    );
  });
});
