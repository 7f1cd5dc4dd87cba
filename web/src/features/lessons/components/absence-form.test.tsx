// @vitest-environment jsdom
import type { LessonBookingView } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { AbsenceForm } from "./absence-form.tsx";

const booking: LessonBookingView = {
  order_item: 7,
  visitor_name: "Mila",
  product_page: 3,
  product_name: "Malen 5–7",
  rules: {
    makeup_allowed: true,
    absence_cutoff_minutes: 120,
    credit_valid_days: 56,
    credits_per_month: 2,
    cancelled_lesson_outcome: "credit",
    what_to_bring: { de: "Malkittel", ru: "Фартук" },
  },
  lessons: [
    { date: "2026-12-03", slot: 1, start: "16:00", end: "17:30", status: "coming", can_report: true },
    { date: "2026-12-10", slot: 1, start: "16:00", end: "17:30", status: "cancelled", can_report: false },
  ],
};

function renderForm(
  locale: "de" | "ru",
  send: (dates: string[]) => Promise<never> | Promise<unknown>,
  shown: LessonBookingView = booking,
) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return renderInLocale(
    <QueryClientProvider client={client}>
      <AbsenceForm booking={shown} send={send as never} />
    </QueryClientProvider>,
    locale,
  );
}

describe("reporting an absence (issue 35, D366)", () => {
  it("says that lessons are listed eight weeks ahead when none fall in them, not that there are none", async () => {
    await renderForm("de", vi.fn(), { ...booking, lessons: [] });
    expect(screen.getByText("Keine Stunden in den nächsten 8 Wochen.")).toBeTruthy();
    cleanup();
    await renderForm("ru", vi.fn(), { ...booking, lessons: [] });
    expect(screen.getByText("В ближайшие 8 недель занятий нет.")).toBeTruthy();
  });

  it("shows the page's rules, sends the ticked date and names the credit with its expiry (German)", async () => {
    const send = vi.fn().mockResolvedValue({ lessons: [], credits: [{ id: 1, expires_on: "2027-01-28" }] });
    renderForm("de", send);
    expect(screen.getByTestId("lesson-rules").textContent).toContain("2 Stunden vor Beginn");
    expect(screen.getByTestId("lesson-rules").textContent).toContain("Malkittel");
    expect(screen.getByLabelText(/abgesagt von der Schule/)).toHaveProperty("disabled", true);
    const button = screen.getByRole("button", { name: "Kommt nicht" });
    expect(button).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByLabelText(/16:00–17:30$/));
    await act(async () => fireEvent.click(button));
    expect(send).toHaveBeenCalledWith(["2026-12-03"]);
    const answer = await screen.findByTestId("absence-reported");
    expect(answer.textContent).toContain("28. Jan. 2027");
    // The button is disabled again: the focus is on the answer, not lost to the page (D627).
    await waitFor(() => expect(document.activeElement).toBe(answer));
  });

  it.each([
    ["de", "Kurs pausiert, kein Unterricht"],
    ["ru", "перерыв в курсе, занятия нет"],
  ] as const)(
    "marks a day the course pauses as such and offers no tick for it (%s)",
    async (locale, text) => {
      const paused = {
        date: "2026-12-17",
        slot: 1,
        start: "16:00",
        end: "17:30",
        status: "paused",
        can_report: false,
      };
      renderForm(locale, vi.fn(), {
        ...booking,
        lessons: [...booking.lessons, paused] as LessonBookingView["lessons"],
      });
      expect(screen.getByLabelText(new RegExp(text))).toHaveProperty("disabled", true);
    },
  );

  it("says a refusal in Russian words, not its code", async () => {
    const send = vi
      .fn()
      .mockRejectedValue(new ApiError(400, { error_codes: { dates: ["absence_too_late"] }, dates: ["x"] }));
    renderForm("ru", send);
    expect(screen.getByTestId("lesson-rules").textContent).toContain("Фартук");
    fireEvent.click(screen.getByLabelText(/16:00–17:30$/));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Не придёт" })));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("слишком поздно");
    expect(alert.textContent).not.toContain("absence_too_late");
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it("says why a day after a cancelled subscription's end is refused (a page left open while it was cancelled)", async () => {
    const send = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, { error_codes: { dates: ["absence_after_contract_end"] }, dates: ["x"] }),
      );
    renderForm("de", send);
    const user = userEvent.setup();
    // By keyboard: the first date's box, ticked with Space, then the button.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: /16:00–17:30$/ }));
    await user.keyboard(" ");
    await user.tab();
    await user.keyboard("{Enter}");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "Das Abo ist gekündigt und endet vorher: An diesem Tag hat Ihr Kind in diesem Kurs keinen Unterricht mehr.",
    );
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });
});
