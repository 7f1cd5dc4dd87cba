import type { Locale } from "@atelier/contract";
import { act, cleanup, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, vi } from "vitest";
import { initI18n } from "../i18n/i18n.ts";

/**
 * Component tests run in jsdom (`// @vitest-environment jsdom` at the top of the file) with fake
 * timers, so the timed rules of spec §9 are checked to the millisecond without waiting.
 */

// React's act() warnings need this flag outside a test framework it knows.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

export function renderInLocale(ui: ReactElement, locale: Locale = "de") {
  const i18n = initI18n(locale);
  void i18n.changeLanguage(locale);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

/** Moves the fake clock and lets React and pending promises settle. */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
