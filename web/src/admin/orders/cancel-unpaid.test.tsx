// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import { AdminContext, mergeTranslations } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { CancelUnpaidButton } from "./order-show.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de");
const phoneBooking = {
  id: 41,
  status: "awaiting_payment",
  payment_state: "unpaid",
  payment_link: true,
  parent_name: "Eva Muster",
  parent_email: "eva@example.org",
};

function renderButton(order: Record<string, unknown>, cancelUnpaidOrder = vi.fn(async () => ({}))) {
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={{ cancelUnpaidOrder } as never}>
      <CancelUnpaidButton order={order as never} />
    </AdminContext>,
  );
  return cancelUnpaidOrder;
}

afterEach(cleanup);

describe("cancelling an unpaid phone booking (D536)", () => {
  it("asks first, naming the family, then cancels", async () => {
    const cancel = renderButton(phoneBooking);
    fireEvent.click(screen.getByRole("button", { name: "Buchung stornieren" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Eva Muster");
    expect(cancel).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Buchung stornieren" }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith(41));
  });

  it("is offered only for an unpaid order paid by link and still waiting", () => {
    for (const order of [
      { ...phoneBooking, payment_state: "paid", status: "paid" },
      { ...phoneBooking, payment_link: false },
      { ...phoneBooking, status: "cancelled" },
    ]) {
      renderButton(order);
      expect(screen.queryByRole("button", { name: "Buchung stornieren" })).toBeNull();
      cleanup();
    }
  });
});
