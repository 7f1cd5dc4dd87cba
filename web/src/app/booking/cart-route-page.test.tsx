// @vitest-environment jsdom
import { STORAGE_KEYS } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rememberOpenPayment } from "../../features/checkout/open-payment.ts";
import { order, orderItem } from "../../features/checkout/test-fixtures.ts";
import { setApiTransport } from "../../lib/api-client.ts";
import { advance, renderInLocale } from "../../test/render.tsx";
import { CartRoutePage } from "./cart-route-page.tsx";

vi.mock("@tanstack/react-router", () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useNavigate: () => vi.fn(),
  useRouter: () => ({ navigate: vi.fn() }),
  useRouterState: () => undefined,
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  // A test here runs on fake timers; the next one must not inherit them.
  vi.useRealTimers();
  setApiTransport((input, init) => fetch(input, init));
  localStorage.clear();
  sessionStorage.clear();
});

describe("/cart with an order left for PayPal's window (D631)", () => {
  it("shows the items again once the order ended and the worker gave them back to the cart", async () => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE_KEYS.token, "key");
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ pk: 5 }));
    rememberOpenPayment({ orderId: 41, gatewayId: "PAYPAL-41", url: "https://paypal.test/approve/41" });
    const course = orderItem("Course", { name: "Keramik für Kinder" });
    // The worker gives the items back when the reservation runs out: the cart is empty until the order has
    // ended, and holds the course from then on.
    let ended = false;
    setApiTransport(async (input) => {
      const url = new URL(String(input), "http://shop.test");
      if (url.pathname === "/api/v2/orders/41/") {
        ended = true;
        return json(order([course], { id: 41, status: "cancelled" }));
      }
      if (url.pathname === "/api/v2/orders/current/")
        return json(order(ended ? [course] : [], { id: 52, status: "in_cart" }));
      if (url.pathname === "/api/v2/visitors/") return json([]);
      return json({});
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = renderInLocale(
      <QueryClientProvider client={queryClient}>
        <CartRoutePage search={{}} />
      </QueryClientProvider>,
    );
    await advance(0);
    await advance(0);
    expect(screen.getAllByText("Keramik für Kinder").length).toBeGreaterThan(0);
    view.unmount();
  });
});
