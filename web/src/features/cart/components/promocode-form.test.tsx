// @vitest-environment jsdom
import type { Order } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import { cartApi } from "../api/cart-api.ts";
import { PromocodeForm } from "./promocode-form.tsx";

vi.mock("../api/cart-api.ts", () => ({ cartApi: { setPromocode: vi.fn() } }));

afterEach(cleanup);

const cart = (values: Partial<Order>) =>
  ({ promocode: null, gift_card: null, ...values }) as unknown as Order;
const card = {
  code: "ABCD-EFGH-JKLM-NPQR",
  applied: "35.00",
  applied_cents: 3500,
  balance_cents: 0,
  expires_at: null,
};

function renderForm(order: Order) {
  const client = new QueryClient();
  renderInLocale(
    <QueryClientProvider client={client}>
      <PromocodeForm order={order} queryKey={["cart"]} />
    </QueryClientProvider>,
  );
}

async function apply(code: string) {
  fireEvent.change(screen.getByLabelText("Gutscheincode"), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: "Einlösen" }));
  await waitFor(() => expect(cartApi.setPromocode).toHaveBeenCalled());
}

/** The form's live region: what a screen reader is told. */
const news = () =>
  screen.getAllByRole("status").find((region) => region.textContent !== "" && !region.closest("label"));

describe("the code field's news (D496)", () => {
  it("announces an applied code without showing it a second time", async () => {
    vi.mocked(cartApi.setPromocode).mockResolvedValue(cart({ promocode: "WELCOME10" }));
    renderForm(cart({}));
    await apply("welcome10");
    await waitFor(() => expect(news()?.textContent).toBe("Gutscheincode WELCOME10 ist eingelöst."));
    expect(news()?.querySelector("p")?.className).toBe("sr-only");
  });

  it("calls a gift card typed with spaces a gift card, also beside a promocode", async () => {
    vi.mocked(cartApi.setPromocode).mockResolvedValue(cart({ promocode: "WELCOME10", gift_card: card }));
    renderForm(cart({ promocode: "WELCOME10" }));
    await apply("abcd efgh jklm npqr");
    await waitFor(() => expect(news()?.textContent).toBe("Gutschein ABCD-EFGH-JKLM-NPQR ist eingelöst."));
  });

  it("shows that a code was removed, since nothing else on the page says so", async () => {
    vi.mocked(cartApi.setPromocode).mockResolvedValue(cart({}));
    renderForm(cart({ promocode: "WELCOME10" }));
    fireEvent.click(screen.getByRole("button", { name: "Code entfernen" }));
    await waitFor(() => expect(news()?.textContent).toBe("Der Gutscheincode wurde entfernt."));
    expect(news()?.querySelector("p")?.className).not.toContain("sr-only");
    // The button went with the code: the focus is on the field for a new one (D627).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Gutscheincode")));
  });
});
