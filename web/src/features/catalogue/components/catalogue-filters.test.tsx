// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { CatalogueFilters } from "./catalogue-filters.tsx";

/** The product API answering the page's offers with these age groups. */
function offersOfAges(ages: string[], count = ages.length) {
  setApiTransport(async () => {
    const results = ages.map((age_group, index) => ({ id: index + 1, age_group }));
    return new Response(JSON.stringify({ count, next: null, previous: null, results }), {
      headers: { "content-type": "application/json" },
    });
  });
}
afterEach(() => setApiTransport((input, init) => fetch(input, init)));

function renderFilters(ageGroup: string | undefined, locale: "de" | "ru" = "de") {
  renderInLocale(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CatalogueFilters
        search={ageGroup ? { age_group: ageGroup as "8-11" } : {}}
        types={["Workshop"]}
        fields={["age_group", "language"]}
        onChange={vi.fn()}
      />
    </QueryClientProvider>,
    locale,
  );
  const select = screen.getByLabelText(locale === "de" ? "Alter" : "Возраст") as HTMLSelectElement;
  return () => [...select.options].map((option) => option.text);
}

describe("the age filter offers the ages the page's offers have (issue 32 item 10)", () => {
  it("leaves out an age no workshop is for", async () => {
    offersOfAges(["5-7", "12+", "5-7"]);
    const options = renderFilters(undefined);
    await waitFor(() => expect(options()).toEqual(["Alle", "5–7 Jahre", "ab 12 Jahren"]));
  });

  it("keeps an age chosen by an old link and says, in Russian too, that it has no offers", async () => {
    offersOfAges(["5-7"]);
    const options = renderFilters("8-11", "ru");
    await waitFor(() => expect(options()).toEqual(["Все", "5–7 лет", "8–11 лет (сейчас предложений нет)"]));
  });

  it("offers every age while more offers exist than one read shows", async () => {
    offersOfAges(["5-7"], 250);
    const options = renderFilters(undefined);
    await waitFor(() => expect(options()).toHaveLength(6));
  });
});
