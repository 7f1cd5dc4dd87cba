// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { saveVisitor } from "../api/visitors-api.ts";
import { VisitorForm } from "./visitor-form.tsx";

vi.mock("../api/visitors-api.ts", () => ({ saveVisitor: vi.fn() }));

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

describe("a refusal of the whole form (D523)", () => {
  it("says the 21st child is over the account's bound, in words, instead of 'try again'", async () => {
    vi.mocked(saveVisitor).mockRejectedValue(
      new ApiError(400, {
        non_field_errors: ["…"],
        error_codes: { non_field_errors: ["visitors_too_many"] },
      }),
    );
    renderInLocale(
      <QueryClientProvider client={new QueryClient()}>
        <VisitorForm signedIn onSaved={() => undefined} />
      </QueryClientProvider>,
      "de",
    );
    fireEvent.change(screen.getByLabelText("Vorname"), { target: { value: "Mila" } });
    fireEvent.change(screen.getByLabelText("Nachname"), { target: { value: "Muster" } });
    fireEvent.change(screen.getByLabelText("Geburtsdatum"), { target: { value: "2019-05-02" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText(/Sie haben schon 20 Kinder angelegt/)).toBeTruthy();
    expect(screen.queryByText(/Bitte versuchen Sie es erneut/)).toBeNull();
  });
});
