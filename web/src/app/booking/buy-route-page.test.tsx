// @vitest-environment jsdom
import { STORAGE_KEYS } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setApiTransport } from "../../lib/api-client.ts";
import { advance, renderInLocale } from "../../test/render.tsx";
import { BuyRoutePage } from "./buy-route-page.tsx";

vi.mock("@tanstack/react-router", () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useRouter: () => ({ navigate: vi.fn() }),
  useRouterState: () => undefined,
}));

const product = (locale: string) => ({
  id: 3,
  slug: "kleine-maler",
  name: locale === "ru" ? "Маленькие художники" : "Kleine Maler",
  product_type: "Course",
  age_group: "5-7",
  purchase_options: [
    {
      id: 10,
      type: "subscription",
      schedule_type: "Course (1 / week)",
      name: locale === "ru" ? "Курс, 1 раз в неделю" : "Kurs, 1 × pro Woche",
      base_price: "79.00",
      base_price_cents: 7900,
      number_of_meetings: null,
      meetings_per_week: 1,
      is_recurring: true,
    },
  ],
  schedule_slots: [
    { id: 1, weekday: 1, date: null, start: "16:00", end: "17:30", seats: 10, space: 5, instructor: null },
  ],
  academy_schedule_slots: [],
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => setApiTransport((input, init) => fetch(input, init)));

describe("/product/buy/{id} (D539)", () => {
  it("keeps what the parent typed when they switch to Russian, and says when the children could not be loaded", async () => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE_KEYS.token, "key");
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ pk: 5 }));
    const visitorCalls = { n: 0 };
    setApiTransport(async (input) => {
      const url = new URL(String(input), "http://shop.test");
      if (url.pathname.startsWith("/api/v2/products/"))
        return json(product(url.searchParams.get("locale") ?? "de"));
      if (url.pathname === "/api/v2/visitors/") {
        visitorCalls.n += 1;
        return visitorCalls.n === 1 ? json({ detail: "busy" }, 503) : json([]);
      }
      return json({});
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = renderInLocale(
      <QueryClientProvider client={queryClient}>
        <BuyRoutePage id="kleine-maler" />
      </QueryClientProvider>,
    );
    await advance(0);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("Kleine Maler");
    // The children's list failed: said, with a way to try again, not "loading" for ever.
    fireEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    await advance(0);
    expect(screen.queryByRole("button", { name: "Erneut versuchen" })).toBeNull();
    expect(visitorCalls.n).toBe(2);

    const comment = screen.getByLabelText<HTMLTextAreaElement>(/^Kommentar/);
    fireEvent.change(comment, { target: { value: "Allergie gegen Nüsse" } });
    const i18n = (await import("../../i18n/i18n.ts")).i18n;
    await act(async () => {
      await i18n.changeLanguage("ru");
    });
    await advance(0);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("Маленькие художники");
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Комментарий/).value).toBe("Allergie gegen Nüsse");
    view.unmount();
  });
});
