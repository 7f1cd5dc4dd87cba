// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api-client.ts";
import { advance, renderInLocale } from "../../../test/render.tsx";
import { readOpenPayment, rememberOpenPayment } from "../open-payment.ts";
import { order, orderItem } from "../test-fixtures.ts";
import { useOpenPayment } from "./open-payment-notice.tsx";

vi.mock("../../../lib/api-client.ts", async (original) => ({
  ...(await original<typeof import("../../../lib/api-client.ts")>()),
  api: { get: vi.fn(), post: vi.fn() },
}));

/** The cart page's use of the hook: whether an order is still offered. */
function Probe({ onItemsBack }: { onItemsBack: () => void }) {
  const { open } = useOpenPayment("5", onItemsBack);
  return <p>{open ? `offen: ${open.order.id}` : "nichts offen"}</p>;
}

function renderProbe(onItemsBack: () => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInLocale(
    <QueryClientProvider client={queryClient}>
      <Probe onItemsBack={onItemsBack} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(api.get).mockReset();
  window.sessionStorage.clear();
  rememberOpenPayment({ orderId: 41, gatewayId: "PAYPAL-41", url: "https://paypal.test/approve/41" });
});

describe("the order left for the gateway's page (D589)", () => {
  it.each(["cancelled", "payment_declined"] as const)(
    "tells the cart to read itself again when the order ended %s, its items back in the cart (D631)",
    async (status) => {
      vi.mocked(api.get).mockResolvedValue(order([orderItem("Course")], { id: 41, status }));
      const onItemsBack = vi.fn();
      renderProbe(onItemsBack);
      await advance(0);
      expect(onItemsBack).toHaveBeenCalledTimes(1);
      expect(screen.getByText("nichts offen")).toBeTruthy();
      expect(readOpenPayment()).toBeNull();
    },
  );

  it("keeps offering an order that still waits, and leaves the cart alone", async () => {
    vi.mocked(api.get).mockResolvedValue(order([orderItem("Course")], { id: 41, status: "payment_staged" }));
    const onItemsBack = vi.fn();
    renderProbe(onItemsBack);
    await advance(0);
    expect(screen.getByText("offen: 41")).toBeTruthy();
    expect(onItemsBack).not.toHaveBeenCalled();
  });

  it("forgets a paid order without touching the cart", async () => {
    vi.mocked(api.get).mockResolvedValue(
      order([orderItem("Course")], { id: 41, status: "payment_fulfilled" }),
    );
    const onItemsBack = vi.fn();
    renderProbe(onItemsBack);
    await advance(0);
    expect(onItemsBack).not.toHaveBeenCalled();
    expect(readOpenPayment()).toBeNull();
  });
});
