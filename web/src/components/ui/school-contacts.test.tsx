// @vitest-environment jsdom
import type { ListedHouse } from "@atelier/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client.ts";
import { renderInLocale } from "../../test/render.tsx";
import { SchoolContacts } from "./school-contacts.tsx";

const labels = { mapLink: "Karte", phone: "Telefon", phoneMobile: "Mobil", email: "E-Mail" };

const houses: ListedHouse[] = [
  {
    id: 7,
    name: "Atelier Neukölln",
    street: "Weserstraße 58",
    post_code: "12045",
    city: "Berlin",
    address: "Weserstraße 58, 12045 Berlin",
    map_url: "https://www.openstreetmap.org/search?query=Weserstra%C3%9Fe%2058",
    phone: "+49 (30) 555-0123",
  },
  {
    id: 3,
    name: "Atelier Westend",
    street: "Kaiserdamm 7",
    post_code: "14057",
    city: "Berlin",
    address: "Kaiserdamm 7, 14057 Berlin",
    map_url: null,
    phone: null,
  },
];

function renderBlock() {
  return renderInLocale(
    <QueryClientProvider client={createQueryClient()}>
      <SchoolContacts labels={labels} locale="de" />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("SchoolContacts (D177)", () => {
  it("lists the houses the API gives, in its order, each phone and map link only where the house has one", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () => new Response(JSON.stringify(houses), { headers: { "content-type": "application/json" } }),
      ),
    );
    renderBlock();
    const list = await screen.findByTestId("school-locations");
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Atelier Neukölln",
      "Atelier Westend",
    ]);
    expect(
      within(items[0] as HTMLElement)
        .getByRole("link", { name: "+49 (30) 555-0123" })
        .getAttribute("href"),
    ).toBe("tel:+49305550123");
    expect(
      within(items[0] as HTMLElement).getByRole("link", { name: "Karte: Atelier Neukölln" }),
    ).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryAllByRole("link")).toEqual([]);
    expect(items[1]?.textContent).toContain("14057 Berlin");
    // The office number is the first house's in the shop's data; beside the houses only mobile and e-mail.
    expect(screen.queryByRole("link", { name: "+49 30 1234567" })).toBeNull();
    expect(screen.getByRole("link", { name: "+49 176 12345678" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /@/ }).getAttribute("href")).toMatch(/^mailto:/);
  });

  it("when the houses cannot be read, shows the school's general phone and e-mail and no error", async () => {
    const fetchMock = vi.fn(async () => new Response("{}", { status: 500 }));
    vi.stubGlobal("fetch", fetchMock);
    renderBlock();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole("link", { name: "+49 30 1234567" })).toBeTruthy());
    expect(screen.getByRole("link", { name: "+49 30 1234567" }).getAttribute("href")).toBe(
      "tel:+49301234567",
    );
    expect(screen.getByRole("link", { name: "+49 176 12345678" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /@/ }).getAttribute("href")).toMatch(/^mailto:/);
    expect(screen.queryByTestId("school-locations")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
