// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import { CalendarDownload } from "./item-documents.tsx";

describe("the calendar button (issue 24)", () => {
  for (const [locale, visible, name] of [
    [
      "de",
      "Kalenderdatei herunterladen (.ics)",
      "Kalenderdatei herunterladen (.ics): alle Termine von Mila Berg",
    ],
    [
      "ru",
      "Скачать файл календаря (.ics)",
      "Скачать файл календаря (.ics) со всеми занятиями. Ребёнок: Mila Berg",
    ],
  ] as const) {
    it(`says it downloads a calendar file, and whose (${locale})`, () => {
      renderInLocale(<CalendarDownload visitorId={4} name="Mila Berg" />, locale);
      const button = screen.getByRole("button", { name });
      // The spoken name begins with the words on screen, so a voice user can say what they see.
      expect(button.textContent).toBe(visible);
      expect(name.startsWith(visible)).toBe(true);
    });
  }
});
