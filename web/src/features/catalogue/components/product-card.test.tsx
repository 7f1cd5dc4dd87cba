// @vitest-environment jsdom
import type { Product } from "@atelier/contract";
import { cleanup, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import { ProductCard } from "./product-card.tsx";

vi.mock("@tanstack/react-router", () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useRouterState: () => "/courses",
  useSearch: () => undefined,
}));

afterEach(cleanup);

/** An offer as the list sends it, with only what the card reads. */
const offer = (productType: Product["product_type"]) =>
  ({
    id: 1,
    slug: "offer",
    product_type: productType,
    name: "Angebot",
    summary: "Kurz gesagt",
    age_group: "5-7",
    language: "de",
    category_name: null,
    house: { name: "Atelier Mitte", address: "Torstraße 1, 10119 Berlin" },
    title_image: null,
    price_from_cents: 2500,
    purchase_options: [{ base_price_cents: 2500, is_recurring: false }],
    schedule_slots: [],
    next_week_starts_on: null,
    last_week_ends_on: null,
  }) as unknown as Product;

describe("an offer's card in a list (D496)", () => {
  it("names a course's age group, language and house", () => {
    renderInLocale(<ProductCard product={offer("Course")} />);
    const card = screen.getByRole("article");
    expect(card.textContent).toContain("5–7 Jahre");
    expect(card.textContent).toContain("Atelier Mitte");
  });

  it("names none of them for a gift card, which has none", () => {
    renderInLocale(<ProductCard product={offer("GiftCard")} />);
    const card = screen.getByRole("article");
    expect(card.textContent).not.toContain("5–7 Jahre");
    expect(card.textContent).not.toContain("Deutsch");
    expect(card.textContent).not.toContain("Atelier Mitte");
    expect(card.textContent).toContain("25");
  });
});
