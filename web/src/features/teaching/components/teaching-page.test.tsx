// @vitest-environment jsdom
import type { InstructorLessons } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "../../../lib/api-client.ts";
import { saveToken, saveUser } from "../../../lib/session.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { TeachingPage } from "./teaching-page.tsx";

vi.mock("../../../lib/api-client.ts", async (original) => ({
  ...(await original<typeof import("../../../lib/api-client.ts")>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));

const week: InstructorLessons = { today: "2026-11-30", days: [{ date: "2026-11-30", lessons: [] }] };

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInLocale(
    <QueryClientProvider client={client}>
      <TeachingPage
        search={{}}
        onSignIn={() => {}}
        LessonLink={({ slot, date, children, className }) => (
          <a href={`/teaching?slot=${slot}&date=${date}`} className={className}>
            {children}
          </a>
        )}
        BackLink={({ children, className }) => (
          <a href="/teaching" className={className}>
            {children}
          </a>
        )}
      />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.mocked(api.get).mockReset();
});

describe("the instructor's page (issue 35, D384)", () => {
  it("shows the lessons once the instructor signs in through the dialog, without a reload", async () => {
    vi.mocked(api.get).mockRejectedValueOnce(new ApiError(401, { detail: "not signed in" }));
    renderPage();
    expect(await screen.findByRole("button", { name: "Anmelden" })).toBeTruthy();

    // What the sign-in dialog stores on success (spec §4); the next answer is the instructor's week.
    vi.mocked(api.get).mockResolvedValueOnce(week);
    act(() => {
      saveToken("token-of-the-instructor");
      saveUser({ pk: 7, email: "lehrerin@example.org" });
    });

    expect(await screen.findByText("Keine Stunden")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Anmelden" })).toBeNull();
    expect(api.get).toHaveBeenCalledTimes(2);
  });
});
