// @vitest-environment jsdom
import type { OrderItem } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { cartApi } from "../api/cart-api.ts";
import { CartItem } from "./cart-item.tsx";

vi.mock("@tanstack/react-router", () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
}));
vi.mock("../api/cart-api.ts", () => ({
  cartApi: { deleteItem: vi.fn(), updateItem: vi.fn(), patchItem: vi.fn() },
}));

const item = {
  id: 41,
  product_page: {
    name: "Kleine Maler",
    slug: "kleine-maler",
    product_type: "Workshop",
    refund_days_before: null,
  },
  purchase_option_name: "Ticket",
  list_price_cents: 8900,
  discount_amount_cents: 0,
  recurrent_price_cents: 0,
  schedule_slot_details: [],
  academy_week_details: [],
  terms: [],
  is_recurring: false,
  comment: "",
  guest_visitor: null,
  gift_card: null,
  visitor: null,
} as unknown as OrderItem;

describe("removing a cart line", () => {
  it("says so where the parent pressed when it fails, instead of nothing", async () => {
    vi.mocked(cartApi.deleteItem).mockRejectedValue(new ApiError(0, null));
    renderInLocale(
      <QueryClientProvider client={new QueryClient()}>
        <CartItem item={item} visitors={[]} signedIn />
      </QueryClientProvider>,
      "de",
    );
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole("button", { name: "„Kleine Maler“ entfernen" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/konnte nicht entfernt werden/);
  });
});

describe("a gift card's line", () => {
  it("names whom the card is for in its remove button: two cards in one cart differ (D627)", () => {
    const card = {
      ...item,
      product_page: { ...item.product_page, name: "Geschenkgutschein", product_type: "GiftCard" },
      gift_card: { recipient_name: "Oma Inge", recipient_email: null, send_on: null, message: "" },
    } as unknown as OrderItem;
    renderInLocale(
      <QueryClientProvider client={new QueryClient()}>
        <CartItem item={card} visitors={[]} signedIn />
      </QueryClientProvider>,
      "de",
    );
    expect(screen.getByRole("button", { name: "„Geschenkgutschein“ für Oma Inge entfernen" })).toBeTruthy();
  });
});

describe("the line's child picker (D625)", () => {
  it("stays usable while a change is saved and ties a refusal to itself, in the server's words", async () => {
    let refuse: (error: Error) => void = () => undefined;
    vi.mocked(cartApi.patchItem).mockImplementation(
      () =>
        new Promise((_resolve, reject) => {
          refuse = reject;
        }),
    );
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const mia = { id: 7, first_name: "Mia", last_name: "Berg", birth_date: "2019-01-01" };
    const ben = { id: 8, first_name: "Ben", last_name: "Berg", birth_date: "2012-01-01" };
    const course = { ...item, visitor: mia } as unknown as OrderItem;
    renderInLocale(
      <QueryClientProvider client={new QueryClient()}>
        <CartItem item={course} visitors={[mia, ben] as never} signedIn />
      </QueryClientProvider>,
      "de",
    );
    const picker = screen.getByLabelText("Kind für „Kleine Maler“") as HTMLSelectElement;
    fireEvent.change(picker, { target: { value: "8" } });
    // Saving: the chosen child shows, the picker is not disabled (it would drop the focus).
    await waitFor(() => expect(picker.getAttribute("aria-busy")).toBe("true"));
    expect(picker.value).toBe("8");
    expect(picker.disabled).toBe(false);
    refuse(new ApiError(400, { visitor: ["Zu alt."], error_codes: { visitor: ["child_age_today"] } }));
    const alert = await screen.findByRole("alert");
    expect(picker.getAttribute("aria-invalid")).toBe("true");
    expect(picker.getAttribute("aria-describedby")).toBe(alert.id);
    expect(picker.value).toBe("7");
  });
});
