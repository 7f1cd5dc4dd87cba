// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import { AdminContext, mergeTranslations } from "react-admin";
import { afterEach, describe, expect, it } from "vitest";
import { de } from "../i18n/de.ts";
import { ItemActions } from "./order-show.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => mergeTranslations(germanMessages, de), "de");
const paidOrder = {
  status: "paid",
  payment_state: "partly_refunded",
  refunds: [],
  unbooked_gateway_cents: 0,
};
const item = (status: string, refundable: number) => ({
  id: 7,
  status,
  paid_cents: 5_000,
  refunded_cents: 0,
  refundable_cents: refundable,
  withdrawn: false,
  slots: [],
  weeks: [],
});

function renderActions(status: string, refundable: number, order: object = paidOrder) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ItemActions
        order={order as never}
        item={item(status, refundable) as never}
        onRefund={() => {}}
        onMove={() => {}}
      />
    </AdminContext>,
  );
}

afterEach(cleanup);

describe("an order item's refund button (D492)", () => {
  it("is there while something can be given back or cancelled, and gone once neither can", () => {
    renderActions("active", 0);
    expect(screen.getByRole("button", { name: "Erstatten oder stornieren" })).toBeTruthy();
    cleanup();
    renderActions("cancelled", 750);
    expect(screen.getByRole("button", { name: "Erstatten oder stornieren" })).toBeTruthy();
    cleanup();
    renderActions("cancelled", 0);
    expect(screen.queryByRole("button", { name: "Erstatten oder stornieren" })).toBeNull();
  });

  it("is there for a cancelled item while a refund made in PayPal's dashboard waits to be booked (D562)", () => {
    renderActions("cancelled", 0, { ...paidOrder, unbooked_gateway_cents: 1_500 });
    expect(screen.getByRole("button", { name: "Erstatten oder stornieren" })).toBeTruthy();
  });
});
