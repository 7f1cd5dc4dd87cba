// @vitest-environment jsdom
import type { OrderItem } from "@atelier/contract";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import { ItemPrice } from "./cart-item.tsx";

afterEach(cleanup);

const item = {
  list_price_cents: 8900,
  discount_amount_cents: 890,
  recurrent_price_cents: 0,
  product_page: { product_type: "Workshop" },
} as unknown as OrderItem;

describe("a discounted line's price (D496)", () => {
  it("says which price is struck through, in German and in Russian", () => {
    renderInLocale(<ItemPrice item={item} />);
    expect(screen.getByText(/89,00|89\s€/, { selector: "s" }).textContent).toMatch(/^Statt 89/);
    expect(screen.getByText(/jetzt/).parentElement?.textContent).toMatch(/jetzt 80,10\s€$/);
    cleanup();
    renderInLocale(<ItemPrice item={item} />, "ru");
    expect(screen.getByText(/89/, { selector: "s" }).textContent).toMatch(/^Вместо 89/);
  });
});
