// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import { VisitorForm } from "./visitor-form.tsx";

describe("the child form's focus (issue 24)", () => {
  for (const [locale, label] of [
    ["de", "Vorname"],
    ["ru", "Имя"],
  ] as const) {
    it(`starts in the first name once "Neues Kind anlegen" opened it (${locale})`, () => {
      renderInLocale(
        <QueryClientProvider client={new QueryClient()}>
          <VisitorForm signedIn={false} onSaved={() => undefined} />
        </QueryClientProvider>,
        locale,
      );
      expect(document.activeElement).toBe(screen.getByLabelText(label));
    });
  }
});
