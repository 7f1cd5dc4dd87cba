// @vitest-environment jsdom

import { ITEM_STATES, type ItemState } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { historyItem } from "../../../test/history-item.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { historyQueryOptions } from "../api/history-api.ts";
import { type CatalogueLink, HistoryList, HistoryPanel } from "./history-panel.tsx";

const TestLink: CatalogueLink = ({ to, className, children }) => (
  <a href={to} className={className}>
    {children}
  </a>
);

const item = historyItem;

const GERMAN: Record<ItemState, string> = {
  active: "Aktiv",
  frozen: "Pausiert",
  "awaiting payment": "Zahlung ausstehend",
  "renewal available": "Verlängerung möglich",
  cancelled: "Beendet",
};
const RUSSIAN: Record<ItemState, string> = {
  active: "Активно",
  frozen: "Приостановлено",
  "awaiting payment": "Ожидает оплаты",
  "renewal available": "Можно продлить",
  cancelled: "Завершено",
};

describe("history list (profile tabs workshops and sales)", () => {
  it.each([
    ["de", GERMAN],
    ["ru", RUSSIAN],
  ] as const)("labels every state the server sends in %s", (locale, labels) => {
    const items = ITEM_STATES.map((state) => item({ state }));
    renderInLocale(<HistoryList items={items} filter="all" CatalogueLink={TestLink} />, locale);
    const rows = screen.getAllByRole("listitem");
    expect(rows).toHaveLength(ITEM_STATES.length);
    ITEM_STATES.forEach((state, index) => {
      expect(within(rows[index] as HTMLElement).getByText(labels[state])).toBeTruthy();
    });
  });

  it("shows per child what is booked, when it was bought, its price and invoice number", () => {
    const items = [
      item({
        visitor: 8,
        visitor_name: "Lev Muster",
        product_page: {
          id: 5,
          name: "Töpfern",
          product_type: "Workshop",
          slug: "t",
          photo: null,
          schedule_slots: [],
        },
        schedule_slots: [{ id: 9, weekday: null, date: "2027-04-10", start: "10:00:00", end: "13:00:00" }],
        price_cents: 4500,
        invoice_number: null,
      }),
      item(),
      item({
        visitor: null,
        visitor_name: null,
        product_page: {
          id: 6,
          name: "Gutschein",
          product_type: "GiftCard",
          slug: "g",
          photo: null,
          schedule_slots: [],
        },
        schedule_slots: [],
      }),
    ];
    renderInLocale(<HistoryList items={items} filter="all" CatalogueLink={TestLink} />);
    const headings = screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual(["Lev Muster", "Mila Muster", "Ohne Kind (z. B. Gutscheine)"]);

    const lev = within(screen.getByRole("region", { name: "Buchungen von Lev Muster" }));
    expect(lev.getByText("Töpfern")).toBeTruthy();
    expect(lev.getByText(/10:00–13:00/)).toBeTruthy();
    expect(lev.getByText(/45\s€/)).toBeTruthy();
    expect(lev.getByText(/Rechnung folgt/)).toBeTruthy();

    const mila = within(screen.getByRole("region", { name: "Buchungen von Mila Muster" }));
    expect(mila.getByText("Montag, 16:00–17:30 Uhr")).toBeTruthy();
    expect(mila.getByText(/Gekauft am .*2027/)).toBeTruthy();
    expect(mila.getByText(/Rechnung RE-2027-000012/)).toBeTruthy();
    expect(mila.getByText(/79\s€/)).toBeTruthy();
    // Nothing here may be withdrawn (withdrawable_until is null): only the downloads are buttons.
    expect(screen.getAllByRole("button").map((button) => button.getAttribute("aria-label"))).toEqual([
      "Kalenderdatei herunterladen (.ics): alle Termine von Lev Muster",
      "Kalenderdatei herunterladen (.ics): alle Termine von Mila Muster",
      "Rechnung RE-2027-000012 als PDF herunterladen",
      "Rechnung RE-2027-000012 als PDF herunterladen",
    ]);
  });

  it.each([
    [
      "de",
      "Gutscheincode: PUAM-DUTY-9HMV-PNMT",
      /^Restbetrag: 35\s€ von 50\s€ · Einlösbar bis .*31\. Dez\. 2029$/,
    ],
    ["ru", "Код сертификата: PUAM-DUTY-9HMV-PNMT", /^Остаток: 35\s€ из 50\s€ · Действует до .*31 дек\. 2029/],
  ] as const)("shows a bought gift card's code, balance and last day (%s, D606)", (locale, code, balance) => {
    const card = item({
      visitor: null,
      visitor_name: null,
      schedule_slots: [],
      gift_card: {
        code: "PUAM-DUTY-9HMV-PNMT",
        initial_cents: 5000,
        balance_cents: 3500,
        valid_until: "2029-12-31",
        deactivated: false,
      },
    });
    renderInLocale(<HistoryList items={[card]} filter="all" CatalogueLink={TestLink} />, locale);
    expect(screen.getByText(code)).toBeTruthy();
    expect(screen.getByText(balance)).toBeTruthy();
  });

  it("says a deactivated gift card pays nothing more, without a balance (D606)", () => {
    const card = item({
      visitor: null,
      visitor_name: null,
      schedule_slots: [],
      gift_card: {
        code: "X",
        initial_cents: 5000,
        balance_cents: 5000,
        valid_until: null,
        deactivated: true,
      },
    });
    renderInLocale(<HistoryList items={[card]} filter="all" CatalogueLink={TestLink} />);
    expect(screen.getByText(/deaktiviert/)).toBeTruthy();
    expect(screen.queryByText(/Restbetrag/)).toBeNull();
  });

  it("offers a child's calendar file only where the server says it holds an item (D607)", () => {
    const items = [
      item({ visitor: 8, visitor_name: "Lev Muster", in_calendar: false }),
      item({ visitor: 11, visitor_name: "Mila Muster", in_calendar: false }),
      item({ visitor: 11, visitor_name: "Mila Muster", in_calendar: true }),
    ];
    renderInLocale(<HistoryList items={items} filter="all" CatalogueLink={TestLink} />);
    const calendars = screen
      .getAllByRole("button")
      .map((button) => button.getAttribute("aria-label"))
      .filter((label) => label?.startsWith("Kalenderdatei"));
    expect(calendars).toEqual(["Kalenderdatei herunterladen (.ics): alle Termine von Mila Muster"]);
  });

  it("says a gift card past its last day has expired", () => {
    const card = item({
      visitor: null,
      visitor_name: null,
      in_calendar: false,
      gift_card: {
        code: "X",
        initial_cents: 5000,
        balance_cents: 100,
        valid_until: "2020-12-31",
        deactivated: false,
      },
    });
    renderInLocale(<HistoryList items={[card]} filter="all" CatalogueLink={TestLink} />);
    expect(screen.getByText(/abgelaufen am .*2020/)).toBeTruthy();
  });

  it.each([
    ["de", "Gekündigt"],
    ["ru", "Расторгнуто"],
  ] as const)(
    "calls a cancelled subscription whose paid month still runs cancelled, not ended (%s, D96)",
    (locale, label) => {
      const endsAt = new Date(Date.now() + 10 * 86_400_000).toISOString();
      const subscription = {
        contract_number: "A-41-100",
        period_start: new Date(Date.now() - 20 * 86_400_000).toISOString(),
        paid_until: endsAt,
        ends_at: endsAt,
        paid_through: endsAt.slice(0, 10),
        ends_on: endsAt.slice(0, 10),
        autopay: "none" as const,
        monthly_price_cents: 7900,
        month_invoices: [],
      };
      renderInLocale(
        <QueryClientProvider client={new QueryClient()}>
          <HistoryList
            items={[item({ state: "cancelled", subscription })]}
            filter="all"
            CatalogueLink={TestLink}
          />
        </QueryClientProvider>,
        locale,
      );
      expect(screen.getByText(label)).toBeTruthy();
      expect(screen.queryByText(RUSSIAN.cancelled)).toBeNull();
      expect(screen.queryByText(GERMAN.cancelled)).toBeNull();
    },
  );

  it("shows an academy row by its weeks, not by the weekday slots the server adds for the existing client (D224)", () => {
    const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const;
    const academy = item({
      product_page: {
        id: 7,
        name: "Ferien-Kunstakademie",
        product_type: "Academy",
        slug: "a",
        photo: null,
        schedule_slots: [],
      },
      purchase_option: { id: 8, schedule_type: "Academy (1st half)", name: "1. Tageshälfte" },
      schedule_slots: days.map((weekday, index) => ({
        id: -(index + 1),
        weekday,
        date: null,
        start: "09:00:00",
        end: "13:00:00",
      })),
      academy_weeks: [{ id: 4, starts_on: "2027-07-05", ends_on: "2027-07-09" }],
    });
    renderInLocale(<HistoryList items={[academy]} filter="all" CatalogueLink={TestLink} />);
    expect(screen.getByText(/^Woche .*2027/)).toBeTruthy();
    expect(screen.queryByText(/Montag, 09:00/)).toBeNull();
  });

  it("without items shows an empty state with a link into the catalogue", () => {
    renderInLocale(<HistoryList items={[]} filter="all" CatalogueLink={TestLink} />);
    expect(screen.getByText("Sie haben noch nichts gebucht.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zu den Kursen" }).getAttribute("href")).toBe("/courses");
  });

  it("the workshops tab's empty state links to the workshops (ru)", () => {
    renderInLocale(<HistoryList items={[]} filter="workshops" CatalogueLink={TestLink} />, "ru");
    expect(screen.getByText("Вы пока не бронировали мастер-классы.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "К мастер-классам" }).getAttribute("href")).toBe("/workshops");
  });

  it("the panel shows the server's list from the history query", () => {
    vi.useFakeTimers();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(historyQueryOptions("5", "workshops", "de").queryKey, [
      item({
        state: "cancelled",
        product_page: {
          id: 5,
          name: "Töpfern",
          product_type: "Workshop",
          slug: "t",
          photo: null,
          schedule_slots: [],
        },
      }),
    ]);
    renderInLocale(
      <QueryClientProvider client={client}>
        <HistoryPanel userKey="5" filter="workshops" CatalogueLink={TestLink} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole("heading", { name: "Gebuchte Workshops" })).toBeTruthy();
    expect(screen.getByText("Töpfern")).toBeTruthy();
    expect(screen.getByText("Beendet")).toBeTruthy();
  });
});
