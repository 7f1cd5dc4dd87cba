// @vitest-environment jsdom
import { DIALOG_RESET_MS } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { closeAuthDialog } from "../features/auth/auth-dialog-store.ts";
import { AuthDialog } from "../features/auth/components/auth-dialog.tsx";
import type { PhoneFieldComponent } from "../features/auth/components/sign-up-step.tsx";
import { endStoredSession } from "../lib/session.ts";
import { advance, renderInLocale } from "../test/render.tsx";
import { installSessionEnded } from "./session-ended.ts";

vi.mock("../features/auth/api/auth-api.ts", () => ({
  authApi: { ssoConfig: vi.fn(async () => ({ google: null, facebook: null })) },
}));

const PlainPhone: PhoneFieldComponent = ({ id, value, onChange }) => (
  <input id={id} type="tel" value={value} onChange={(event) => onChange(event.target.value)} />
);

describe("an ended sign-in (D539)", () => {
  it("opens the dialog saying why, in German and Russian, and loads the page's data again as a guest's", async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const stop = installSessionEnded(queryClient);
    try {
      for (const [locale, text] of [
        ["de", "Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an."],
        ["ru", "Срок действия входа истёк. Пожалуйста, войдите снова."],
      ] as const) {
        localStorage.setItem("odev-token", "old-key");
        localStorage.setItem("user", JSON.stringify({ pk: 3 }));
        const view = renderInLocale(
          <QueryClientProvider client={queryClient}>
            <AuthDialog PhoneField={PlainPhone} />
          </QueryClientProvider>,
          locale,
        );
        act(() => endStoredSession("old-key"));
        await advance(0);
        expect(screen.getByTestId("auth-notice").textContent).toBe(text);
        expect(localStorage.getItem("odev-token")).toBeNull();
        act(() => closeAuthDialog());
        await advance(DIALOG_RESET_MS);
        view.unmount();
      }
      expect(invalidate).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });
});
