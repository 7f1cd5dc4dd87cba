// @vitest-environment jsdom
import type { CreditView, MakeupOption } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import { CreditsList } from "./credits-list.tsx";

const open: CreditView = {
  id: 5,
  visitor_name: "Mila Muster",
  product_page: 3,
  product_name: "Malen 5–7",
  reason: "absence",
  source_date: "2026-11-30",
  expires_on: "2027-01-25",
  status: "open",
  makeup: null,
};
const option: MakeupOption = {
  slot: 9,
  product_page: 3,
  product_name: "Malen 5–7",
  date: "2026-12-01",
  start: "10:00",
  end: "11:00",
  seats_left: 2,
};

afterEach(() => vi.unstubAllGlobals());

describe("booking a makeup with a credit (issue 35)", () => {
  it("keeps the confirmation after the list reloads and the credit shows as used", async () => {
    let booked = false;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
      if (url.includes("/options/")) return json([option]);
      if (url.includes("/api/v2/lessons/makeups/") && init?.method === "POST") {
        booked = true;
        return json({ date: option.date, start: option.start }, 201);
      }
      if (url.includes("/api/v2/lessons/credits/"))
        return json([
          booked
            ? {
                ...open,
                status: "used",
                makeup: { slot: 9, date: option.date, start: option.start, end: option.end },
              }
            : open,
        ]);
      return json({}, 404);
    });
    vi.stubGlobal("fetch", fetchMock);
    const onBooked = vi.fn();
    renderInLocale(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CreditsList userKey="parent-1" onBooked={onBooked} />
      </QueryClientProvider>,
      "de",
    );
    fireEvent.click(await screen.findByRole("button", { name: "Nachholstunde buchen" }));
    const select = await screen.findByLabelText("Termin wählen");
    fireEvent.change(select, { target: { value: "9|2026-12-01" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Diesen Termin buchen" })));
    // The reload has turned the credit into "used" and removed its booking form …
    await waitFor(() => expect(screen.getByText("eingelöst")).toBeTruthy());
    expect(screen.queryByRole("button", { name: "Diesen Termin buchen" })).toBeNull();
    // … and the parent still reads what was booked.
    expect(screen.getByTestId("makeup-booked").textContent).toContain("Gebucht: Nachholstunde am");
    expect(screen.getByTestId("makeup-booked").textContent).toContain("10:00");
    expect(onBooked).toHaveBeenCalledTimes(1);
  });
});
