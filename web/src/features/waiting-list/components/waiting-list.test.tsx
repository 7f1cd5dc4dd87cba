// @vitest-environment jsdom
import type { WaitingListEntry } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "../../../lib/api-client.ts";
import { advance, renderInLocale } from "../../../test/render.tsx";
import { JoinWaitingList } from "./join-waiting-list.tsx";
import { OfferPage } from "./offer-page.tsx";
import { WaitingListEntries } from "./waiting-list-entries.tsx";

vi.mock("@tanstack/react-router", () => ({
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));

vi.mock("../../../lib/api-client.ts", async (original) => ({
  ...(await original<typeof import("../../../lib/api-client.ts")>()),
  api: { get: vi.fn(), post: vi.fn(), delete: vi.fn() },
}));

function renderWithQueries(ui: ReactElement, locale: "de" | "ru" = "de") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInLocale(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, locale);
}

const TOKEN = "a".repeat(43);
const entry: WaitingListEntry = {
  id: 4,
  status: "offered",
  visitor: 7,
  visitor_name: "Mila Muster",
  product_page: { id: 2, name: "Töpfern", slug: "toepfern", product_type: "Workshop" },
  purchase_option: 3,
  purchase_option_name: "Ticket",
  schedule_slot: { id: 5, weekday: null, date: "2027-04-17", start: "11:00:00", end: "14:00:00" },
  academy_week: null,
  position: null,
  offer_token: TOKEN,
  offer_expires_at: "2027-04-01T10:00:00Z",
  created_at: "2027-03-01T10:00:00Z",
};

const joinProps = {
  unit: { schedule_slot: 5 },
  when: "Sa., 17. Apr. 2027, 11:00–14:00",
  optionId: "3",
  visitorId: "7",
  visitorName: "Mila Muster",
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe("the waiting-list button beside a full slot", () => {
  it("asks a guest to sign in and calls nothing", async () => {
    const onSignIn = vi.fn();
    renderWithQueries(<JoinWaitingList {...joinProps} signedIn={false} onSignIn={onSignIn} />);
    fireEvent.click(screen.getByRole("button", { name: `Auf die Warteliste für ${joinProps.when}` }));
    expect(onSignIn).toHaveBeenCalledOnce();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("needs an option and a child first", async () => {
    renderWithQueries(<JoinWaitingList {...joinProps} visitorId={null} signedIn onSignIn={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: /Auf die Warteliste/ }));
    await advance(0);
    expect(screen.getByTestId("waiting-list-failed-dialog").textContent).toContain(
      "Bitte wählen Sie zuerst eine Option und ein Kind.",
    );
    expect(api.post).not.toHaveBeenCalled();
  });

  it("puts the chosen child in line and tells the place (ru)", async () => {
    vi.mocked(api.post).mockResolvedValue({ ...entry, status: "waiting", position: 2, offer_token: null });
    renderWithQueries(<JoinWaitingList {...joinProps} signedIn onSignIn={vi.fn()} />, "ru");
    fireEvent.click(screen.getByRole("button", { name: /В лист ожидания/ }));
    await advance(0);
    expect(api.post).toHaveBeenCalledWith("/api/v2/orders/waiting_list/", {
      schedule_slot: 5,
      purchase_option: 3,
      visitor: 7,
    });
    expect(screen.getByTestId("waiting-list-joined-dialog").textContent).toContain(
      "Mila Muster: место в листе ожидания — 2.",
    );
  });
});

describe("/waiting-list/offer/{token}", () => {
  it("shows the offer and books it", async () => {
    vi.mocked(api.get).mockResolvedValue(entry);
    vi.mocked(api.post).mockResolvedValue({ entry, order: 9, order_item: 11 });
    const onAccepted = vi.fn();
    renderWithQueries(<OfferPage userKey="5" token={TOKEN} onSignIn={vi.fn()} onAccepted={onAccepted} />);
    await advance(0);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Ein Platz für Sie");
    expect(
      screen.getByText("Auf der Warteliste ist ein Platz für Mila Muster frei geworden."),
    ).not.toBeNull();
    expect(screen.getByText("Töpfern")).not.toBeNull();
    expect(
      screen.getByText(/Der Platz ist bis zum 1\. April 2027 um 12:00 Uhr für Sie reserviert\./),
    ).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Platz buchen" }));
    await advance(0);
    expect(api.post).toHaveBeenCalledWith(`/api/v2/orders/waiting_list/offer/${TOKEN}/accept/`);
    expect(onAccepted).toHaveBeenCalledOnce();
  });

  it("says so when the offer ran out", async () => {
    vi.mocked(api.get).mockResolvedValue(entry);
    vi.mocked(api.post).mockRejectedValue(
      new ApiError(400, { non_field_errors: ["…"], error_codes: { non_field_errors: ["offer_expired"] } }),
    );
    renderWithQueries(<OfferPage userKey="5" token={TOKEN} onSignIn={vi.fn()} onAccepted={vi.fn()} />);
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Platz buchen" }));
    await advance(0);
    expect(screen.getByText(/Dieses Angebot ist abgelaufen/)).not.toBeNull();
  });

  it("does not show another family's offer (404)", async () => {
    vi.mocked(api.get).mockRejectedValue(new ApiError(404, { detail: "Nicht gefunden." }));
    renderWithQueries(<OfferPage userKey="5" token={TOKEN} onSignIn={vi.fn()} onAccepted={vi.fn()} />);
    await advance(0);
    const alerts = screen.getAllByRole("alert").map((alert) => alert.textContent);
    expect(alerts.some((text) => text?.includes("Dieses Angebot gibt es nicht"))).toBe(true);
    expect(screen.queryByRole("button", { name: "Platz buchen" })).toBeNull();
  });

  it("asks a guest to sign in", async () => {
    const onSignIn = vi.fn();
    renderWithQueries(<OfferPage userKey={null} token={TOKEN} onSignIn={onSignIn} onAccepted={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(onSignIn).toHaveBeenCalledOnce();
    expect(api.get).not.toHaveBeenCalled();
  });
});

describe("the profile's waiting lists (D296)", () => {
  const waiting: WaitingListEntry = {
    ...entry,
    id: 6,
    status: "waiting",
    position: 2,
    offer_token: null,
    offer_expires_at: null,
    created_at: "2027-03-01T23:30:00Z",
  };

  it("shows the offer, the child, the date, since when and the place; leaving asks first, then calls DELETE", async () => {
    vi.mocked(api.get).mockResolvedValueOnce([waiting, { ...waiting, id: 8, status: "left" }]);
    vi.mocked(api.delete).mockResolvedValue(undefined);
    renderWithQueries(<WaitingListEntries userKey="5" />);
    await advance(0);
    const rows = screen.getAllByTestId("waiting-list-entry");
    expect(rows).toHaveLength(1);
    const text = rows[0]?.textContent ?? "";
    expect(text).toContain("Töpfern – Ticket");
    expect(text).toContain("Mila Muster · Sa., 17. Apr. 2027, 11:00–14:00");
    // Berlin's day of the entry (00:30 on 2 March there), not UTC's.
    expect(text).toContain("Eingetragen am Di., 2. März 2027");
    expect(text).toContain("Platz 2 auf der Warteliste");
    fireEvent.click(screen.getByRole("button", { name: "Warteliste verlassen" }));
    await advance(0);
    const dialog = screen.getByRole("dialog", { name: "Warteliste verlassen?" });
    expect(dialog.textContent).toContain("Mila Muster verlässt die Warteliste für „Töpfern“.");
    expect(api.delete).not.toHaveBeenCalled();
    vi.mocked(api.get).mockResolvedValueOnce([{ ...waiting, status: "left", position: null }]);
    fireEvent.click(screen.getByRole("button", { name: "Ja, verlassen" }));
    await advance(0);
    expect(api.delete).toHaveBeenCalledWith("/api/v2/orders/waiting_list/6/");
    await advance(0);
    expect(screen.queryAllByTestId("waiting-list-entry")).toHaveLength(0);
    expect(screen.getByRole("status").textContent).toBe(
      "Mila Muster steht nicht mehr auf der Warteliste für „Töpfern“.",
    );
  });

  it("in Russian names the offer after a noun, not declined", async () => {
    vi.mocked(api.get).mockResolvedValueOnce([waiting]);
    renderWithQueries(<WaitingListEntries userKey="5" />, "ru");
    await advance(0);
    expect(screen.getByTestId("waiting-list-entry").textContent).toContain("Место в листе ожидания: 2");
    fireEvent.click(screen.getByRole("button", { name: "Выйти из листа ожидания" }));
    await advance(0);
    expect(screen.getByRole("dialog").textContent).toContain("Ребёнок: Mila Muster. Предложение: «Töpfern».");
  });
});
