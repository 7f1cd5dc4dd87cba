// @vitest-environment jsdom
import type { ProductDetail } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { advance, renderInLocale } from "../../../test/render.tsx";
import { cartApi } from "../api/cart-api.ts";
import { GiftCardForm } from "./gift-card-form.tsx";

vi.mock("../api/cart-api.ts", () => ({ cartApi: { addItem: vi.fn() } }));

const giftCard = {
  id: 9,
  slug: "gutschein",
  name: "Gutschein",
  product_type: "GiftCard",
  purchase_options: [{ id: 91, name: "50 €", base_price: "50.00", base_price_cents: 5000 }],
  schedule_slots: [],
  academy_schedule_slots: [],
} as unknown as ProductDetail;

describe("the gift card form's refusal by the server (D543)", () => {
  it("puts the focus on the first refused field, not the last", async () => {
    vi.useFakeTimers();
    vi.mocked(cartApi.addItem).mockRejectedValue(
      new ApiError(400, {
        error_codes: { "gift_card.recipient_name": ["invalid"], "gift_card.message": ["too_long"] },
      } as never),
    );
    renderInLocale(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <GiftCardForm product={giftCard} signedIn onContinueShopping={() => undefined} />
      </QueryClientProvider>,
    );
    const name = screen.getByLabelText(/^Für wen ist der Gutschein\?/);
    fireEvent.change(name, { target: { value: "Oma Erika" } });
    fireEvent.click(screen.getByRole("button", { name: /in den Warenkorb/ }));
    await advance(0);
    expect(cartApi.addItem).toHaveBeenCalledOnce();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(name);
  });
});

const OTHER_AMOUNT = "Anderer Betrag";
const EUROS = /^Betrag in Euro/;

describe("the gift card form's own check (D617)", () => {
  it("focuses the amount typed wrong, the first refused field on screen, not the recipient below it", async () => {
    vi.useRealTimers();
    vi.mocked(cartApi.addItem).mockClear();
    renderInLocale(
      <QueryClientProvider client={new QueryClient()}>
        <GiftCardForm product={giftCard} signedIn onContinueShopping={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("radio", { name: OTHER_AMOUNT }));
    const euros = screen.getByRole("textbox", { name: EUROS });
    fireEvent.change(euros, { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: /in den Warenkorb/ }));
    await vi.waitFor(() => expect(document.activeElement).toBe(euros));
    expect(cartApi.addItem).not.toHaveBeenCalled();
  });
});

describe("the gift card's amount on the button", () => {
  it("names an amount of its own only when a card can have it: whole euros within the limits", () => {
    renderInLocale(
      <QueryClientProvider client={new QueryClient()}>
        <GiftCardForm product={giftCard} signedIn onContinueShopping={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("radio", { name: "Anderer Betrag" }));
    const euros = screen.getByRole("textbox", { name: /Betrag in Euro/ });
    fireEvent.change(euros, { target: { value: "89,00" } });
    expect(screen.getByRole("button", { name: /in den Warenkorb/ }).textContent).toMatch(
      /^Gutschein über 89\s€ in den Warenkorb$/,
    );
    fireEvent.change(euros, { target: { value: "89,50" } });
    expect(screen.getByRole("button", { name: /in den Warenkorb/ }).textContent).toBe(
      "Gutschein über … in den Warenkorb",
    );
  });
});
