// @vitest-environment jsdom
import type { Checkin } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "../../../lib/api-client.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { parseCheckinSearch } from "../checkin-search.ts";
import { CheckinPage } from "./checkin-page.tsx";

vi.mock("../../../lib/api-client.ts", async (original) => ({
  ...(await original<typeof import("../../../lib/api-client.ts")>()),
  api: { get: vi.fn(), post: vi.fn() },
}));

const CODE = "Zm9vYmFyYmF6cXV4cXV1eA";
const booking: Checkin = {
  code: CODE,
  valid: true,
  status: "ready",
  lesson: { date: "2027-03-01", slot: { id: 9, weekday: 0, date: null, start: "16:00", end: "17:30" } },
  visitor_name: "Mila Muster",
  product_page: { id: 3, name: "Kleine Maler", product_type: "Course" },
  purchase_option_name: "1 × pro Woche",
  schedule_slot_details: [{ id: 9, weekday: 1, date: null, start: "16:00:00", end: "17:30:00" }],
  academy_week_details: [],
  order: 41,
  checked_in_at: null,
};

function renderPage(ui: ReactElement, locale: "de" | "ru" = "de") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInLocale(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, locale);
}

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe("the check-in page a booking's QR code opens", () => {
  it("takes only a well-formed code from the address", () => {
    expect(parseCheckinSearch({ code: CODE })).toEqual({ code: CODE });
    expect(parseCheckinSearch({ code: "<script>" })).toEqual({});
    expect(parseCheckinSearch({})).toEqual({});
  });

  it("shows staff whose booking it is and checks the child in", async () => {
    vi.mocked(api.get).mockResolvedValue(booking);
    vi.mocked(api.post).mockResolvedValue({
      ...booking,
      status: "checked_in",
      checked_in_at: "2027-03-01T15:02:00Z",
    });
    renderPage(<CheckinPage code={CODE} />);
    expect(await screen.findByText("Mila Muster")).toBeTruthy();
    expect(screen.getByText("Heute gültig")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Einchecken" }));
    expect((await screen.findByTestId("checkin-done")).textContent).toBe(
      "Eingecheckt am 1. März 2027 um 16:02",
    );
    expect(api.post).toHaveBeenCalledWith(`/api/v2/checkin/${CODE}/`, {});
  });

  it("tells a parent who scans the code what it is for, in Russian too", async () => {
    vi.mocked(api.get).mockRejectedValue(new ApiError(403, { detail: "Keine Berechtigung." }));
    renderPage(<CheckinPage code={CODE} />, "ru");
    expect((await screen.findByTestId("checkin-guest")).textContent).toContain("входной билет");
  });
});
