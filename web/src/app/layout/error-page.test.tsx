// @vitest-environment jsdom
import { type Locale, STORAGE_KEYS } from "@atelier/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setApiTransport } from "../../lib/api-client.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { renderInLocale } from "../../test/render.tsx";
import { createAppRouter } from "../router.ts";

/**
 * Spec §2's generic error page (500), through the app's own router and routes (D175): a page that fails to
 * render, or whose loader fails, shows it inside the layout, in the page's language, and "retry" brings the
 * page back once the failure is gone.
 */
const failing = vi.hoisted(() => ({ render: false, loader: false }));

vi.mock("../booking/age-filter-route-page.tsx", () => ({
  AgeFilterRoutePage: () => {
    if (failing.render) throw new Error("render failed");
    return <h1>Altersfilter da</h1>;
  },
}));
vi.mock("../../features/catalogue/route-helpers.ts", async (original) => ({
  ...(await original<object>()),
  prefetchProduct: () => {
    if (failing.loader) throw new Error("loader failed");
  },
}));
vi.mock("../booking/buy-route-page.tsx", () => ({
  BuyRoutePage: () => <h1>Buchen da</h1>,
}));

beforeEach(() => {
  // A returning visitor: the cookie modal was closed before (jsdom has no modal dialogs).
  localStorage.setItem(STORAGE_KEYS.cookieClosed, "true");
  // The layout's own reads (cart, menu) get empty answers; this test is about the page below them.
  setApiTransport(
    async () =>
      new Response(JSON.stringify({ count: 0, next: null, previous: null, results: [] }), {
        headers: { "content-type": "application/json" },
      }),
  );
});
afterEach(() => {
  setApiTransport((input, init) => fetch(input, init));
  failing.render = false;
  failing.loader = false;
  vi.restoreAllMocks();
});

function renderApp(url: string, locale: Locale) {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  renderInLocale(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    locale,
  );
}

const TEXTS = {
  de: { heading: "Etwas ist schiefgelaufen", retry: "Erneut versuchen", home: "Zur Startseite" },
  ru: { heading: "Что-то пошло не так", retry: "Попробовать снова", home: "На главную" },
} as const;

describe("the generic error page (spec §2, 500)", () => {
  for (const locale of ["de", "ru"] as const) {
    it(`shows a page that fails to render as 500 in the layout, and retry renders it again (${locale})`, async () => {
      failing.render = true;
      renderApp(`/useAgeFilter?locale=${locale}`, locale);
      const heading = await screen.findByRole("heading", { level: 1, name: TEXTS[locale].heading });
      const page = screen.getByTestId("error-page");
      expect(within(page).getByText("500")).toBeTruthy();
      expect(within(page).getByRole("link", { name: TEXTS[locale].home })).toBeTruthy();
      // The route's boundary, not the root's: the header and the main landmark are still there.
      expect(screen.getByRole("main").contains(heading)).toBe(true);
      expect(screen.getByRole("banner")).toBeTruthy();

      failing.render = false;
      fireEvent.click(within(page).getByRole("button", { name: TEXTS[locale].retry }));
      expect(await screen.findByRole("heading", { level: 1, name: "Altersfilter da" })).toBeTruthy();
      expect(screen.queryByTestId("error-page")).toBeNull();
    });
  }

  it("shows a failed route loader as 500, and retry loads the page again", async () => {
    failing.loader = true;
    renderApp("/product/buy/kleine-maler-5-7?locale=ru", "ru");
    const page = await screen.findByTestId("error-page");
    expect(within(page).getByRole("heading", { level: 1, name: TEXTS.ru.heading })).toBeTruthy();
    expect(
      within(page).getByText(
        "При загрузке страницы произошла ошибка (ошибка 500). Пожалуйста, попробуйте ещё раз.",
      ),
    ).toBeTruthy();

    failing.loader = false;
    fireEvent.click(within(page).getByRole("button", { name: TEXTS.ru.retry }));
    expect(await screen.findByRole("heading", { level: 1, name: "Buchen da" })).toBeTruthy();
    expect(screen.queryByTestId("error-page")).toBeNull();
  });
});
