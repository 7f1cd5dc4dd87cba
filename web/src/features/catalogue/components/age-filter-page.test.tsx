// @vitest-environment jsdom
import { PAGE_TITLES, type Product, todayInBerlin, type Visitor } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { AgeFilterPage } from "./age-filter-page.tsx";

vi.mock("@tanstack/react-router", () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useRouterState: () => "/useAgeFilter",
  useSearch: () => undefined,
}));

const year = Number(todayInBerlin().slice(0, 4));
// Born on 1 January: the age is the difference of the years on every day of the year.
const mia = { id: 4, first_name: "Mia", last_name: "Berg", birth_date: `${year - 7}-01-01` } as Visitor;
const ben = { id: 9, first_name: "Ben", last_name: "Berg", birth_date: `${year - 12}-01-01` } as Visitor;

/** The product API as the page asks it: every request's query is kept, the answer is an empty list. */
function recordApi() {
  const requests: URLSearchParams[] = [];
  setApiTransport(async (input) => {
    requests.push(new URL(String(input), "http://shop.test").searchParams);
    return new Response(JSON.stringify({ count: 0, next: null, previous: null, results: [] }), {
      headers: { "content-type": "application/json" },
    });
  });
  return requests;
}
afterEach(() => setApiTransport((input, init) => fetch(input, init)));

function renderPage(props: Partial<Parameters<typeof AgeFilterPage>[0]>, locale: "de" | "ru" = "de") {
  const onAgeChange = vi.fn();
  const onChildChange = vi.fn();
  renderInLocale(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AgeFilterPage age={undefined} onAgeChange={onAgeChange} onChildChange={onChildChange} {...props} />
    </QueryClientProvider>,
    locale,
  );
  return { onAgeChange, onChildChange };
}

describe("the age filter for a parent's saved children (D174)", () => {
  it("offers each child by name and age; picking one asks for that child's age", async () => {
    const requests = recordApi();
    const { onChildChange } = renderPage({ visitors: [mia, ben] });
    const group = screen.getByRole("group", { name: "Für wen suchen Sie?" });
    expect(group).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Mia, 7 Jahre" }));
    expect(onChildChange).toHaveBeenCalledWith(4);
    expect(screen.getByRole("radio", { name: "Ben, 12 Jahre" })).toBeTruthy();
    // Nobody chosen yet: "another age" is, with its input.
    expect((screen.getByRole("radio", { name: "Anderes Alter eingeben" }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByLabelText("Alter Ihres Kindes (in Jahren)")).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it("shows the chosen child's offers by the age from the birth date, without the age input", async () => {
    const requests = recordApi();
    const { onChildChange } = renderPage({ visitors: [mia, ben], childId: 9, age: 6 });
    expect((screen.getByRole("radio", { name: "Ben, 12 Jahre" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("heading", { level: 2, name: "Angebote für Ben (12 Jahre)" })).toBeTruthy();
    expect(screen.queryByLabelText("Alter Ihres Kindes (in Jahren)")).toBeNull();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.get("age")).toBe("12");
    expect(requests[0]?.get("product_type")).toBe("Course,Academy,Workshop,Event,BirthdayParty,SpecialOffer");
    fireEvent.click(screen.getByRole("radio", { name: "Anderes Alter eingeben" }));
    expect(onChildChange).toHaveBeenCalledWith(undefined);
  });

  it("names the children in Russian with the right word for years", async () => {
    recordApi();
    const two = { ...mia, id: 5, first_name: "Ева", birth_date: `${year - 2}-01-01` } as Visitor;
    renderPage({ visitors: [mia, ben, two], childId: 4 }, "ru");
    expect(screen.getByRole("group", { name: "Для кого вы ищете занятия?" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Mia, 7 лет" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Ben, 12 лет" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Ева, 2 года" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Указать другой возраст" })).toBeTruthy();
    expect(
      screen.getByRole("heading", { level: 2, name: "Предложения для ребёнка: Mia, 7 лет" }),
    ).toBeTruthy();
  });

  it("keeps the age input for a guest, and a child in the URL that is not theirs is ignored", async () => {
    const requests = recordApi();
    const { onAgeChange } = renderPage({ visitors: [], childId: 4 });
    expect(screen.queryByRole("radio")).toBeNull();
    fireEvent.change(screen.getByLabelText("Alter Ihres Kindes (in Jahren)"), { target: { value: "8" } });
    fireEvent.click(screen.getByRole("button", { name: "Angebote anzeigen" }));
    expect(onAgeChange).toHaveBeenCalledWith(8);
    expect(requests).toHaveLength(0);
  });

  it("refuses an age typed with a decimal comma or point instead of reading it as another number", () => {
    recordApi();
    const { onAgeChange } = renderPage({ visitors: [] });
    const input = screen.getByLabelText("Alter Ihres Kindes (in Jahren)");
    for (const typed of ["7,5", "7.5", "1e2", "0x9", "8."]) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(screen.getByRole("button", { name: "Angebote anzeigen" }));
      expect(screen.getByRole("alert").textContent).toBe(
        "Bitte geben Sie ein Alter von 1 bis 100 Jahren ein.",
      );
      expect((input as HTMLInputElement).value).toBe(typed);
    }
    expect(onAgeChange).not.toHaveBeenCalled();
  });
});

describe("the age filter's outline for a screen reader's list of headings", () => {
  /** An offer as the list sends it, with only what its card reads. */
  const offer = (id: number, productType: Product["product_type"], name: string) =>
    ({
      id,
      slug: `offer-${id}`,
      product_type: productType,
      name,
      summary: "Kurz gesagt",
      age_group: "5-7",
      language: "de",
      category_name: null,
      house: null,
      title_image: null,
      price_from_cents: 2500,
      purchase_options: [{ base_price_cents: 2500, is_recurring: false }],
      schedule_slots: [],
      next_week_starts_on: null,
      last_week_ends_on: null,
    }) as unknown as Product;

  it("puts each offer under its type's heading, itself under the results' heading, looking as before", async () => {
    const results = [offer(1, "Course", "Kleine Maler"), offer(2, "Workshop", "Töpfern: Deine eigene Tasse")];
    setApiTransport(
      async () =>
        new Response(JSON.stringify({ count: 2, next: null, previous: null, results }), {
          headers: { "content-type": "application/json" },
        }),
    );
    renderPage({ visitors: [], age: 7 });
    await screen.findByRole("heading", { name: "Kleine Maler" });

    const outline = screen
      .getAllByRole("heading")
      .map((heading) => [Number(heading.tagName.slice(1)), heading.textContent]);
    expect(outline).toEqual([
      [1, PAGE_TITLES.useAgeFilter.de],
      [2, "Angebote für 7-Jährige"],
      [3, "Kurse"],
      [4, "Kleine Maler"],
      [3, "Workshops"],
      [4, "Töpfern: Deine eigene Tasse"],
    ]);
    // One level lower, the same look as an offer's card in a list.
    expect(screen.getByRole("heading", { level: 4, name: "Kleine Maler" }).className).toBe(
      "text-xl font-bold text-slate-900",
    );
  });
});
