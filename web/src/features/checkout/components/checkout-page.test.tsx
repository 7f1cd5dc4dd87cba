// @vitest-environment jsdom
import type { Locale, Order, PaymentConfig, User } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { showAccountNotice } from "../../../lib/account-notice.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { advance, renderInLocale } from "../../../test/render.tsx";
import { checkoutApi } from "../api/checkout-api.ts";
import { demoConfig, order, orderItem, paypalConfig, profile, stripeConfig } from "../test-fixtures.ts";
import { forgetTypedBilling } from "./checkout-billing.tsx";
import { CheckoutPage } from "./checkout-page.tsx";
import type { PayPalHandlers } from "./paypal-area.tsx";

const router = vi.hoisted(() => ({ navigate: vi.fn() }));
vi.mock("@tanstack/react-router", () => ({
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
  useNavigate: () => router.navigate,
}));

let config: PaymentConfig = paypalConfig;
vi.mock("../../../lib/payments.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/payments.ts")>()),
  paymentConfigOptions: () => ({ queryKey: ["payments", "config"], queryFn: async () => config }),
}));
vi.mock("../api/checkout-api.ts", () => ({
  checkoutApi: { fulfill: vi.fn(), capture: vi.fn(), cancelPayment: vi.fn() },
}));

/**
 * PayPal's buttons as the SDK drives them: "pay" runs createOrder and onApprove (with `restart`), "close"
 * runs createOrder and onCancel. The real SDK (and its stand-in) is exercised by e2e/tests/checkout.spec.ts.
 */
const paypalArea = vi.hoisted(() => ({ mounted: [] as { showButtons: boolean }[], restart: () => {} }));
vi.mock("./paypal-area.tsx", () => ({
  default: ({ showButtons, handlers }: { showButtons: boolean; handlers: PayPalHandlers }) => {
    paypalArea.mounted.push({ showButtons });
    if (!showButtons) return <div data-testid="paypal-preloaded" />;
    const createOrder = () =>
      handlers.createOrder?.({ paymentSource: "paypal" }, { order: { create: vi.fn() } });
    return (
      <div>
        <button
          type="button"
          onClick={async () => {
            const id = (await createOrder()) ?? "";
            await handlers.onApprove?.(
              { orderID: id, payerID: "PAYER1" },
              { restart: paypalArea.restart, redirect: vi.fn() },
            );
          }}
        >
          PayPal (fake)
        </button>
        <button
          type="button"
          onClick={async () => {
            const id = await createOrder();
            handlers.onCancel?.({ orderID: id }, { redirect: vi.fn() });
          }}
        >
          close window (fake)
        </button>
      </div>
    );
  },
}));

const course = orderItem("Course", { name: "Kleine Maler" });
const workshop = orderItem("Workshop", {
  name: "Töpfern",
  visitor: { id: 8, first_name: "Ben", last_name: "Muster", birth_date: null },
  visitor_name: "Ben Muster",
});
const cart = order([course, workshop]);

const reply = {
  id: "SI000000000000001",
  order_id: 41,
  reserved_until: "2027-03-01T13:35:00Z",
  approve_url: "http://127.0.0.1:3198/checkoutnow?token=SI000000000000001",
};

function setup(options: { cart?: Order; locale?: Locale; user?: User } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const callbacks = {
    onBackToCart: vi.fn(),
    onPaid: vi.fn(),
    onBackInCart: vi.fn(),
    onSignIn: vi.fn(),
    onRedirect: vi.fn(),
  };
  renderInLocale(
    <QueryClientProvider client={queryClient}>
      <CheckoutPage
        cartQuery={{ queryKey: ["orders", "current", "5"], queryFn: async () => options.cart ?? cart }}
        profileQuery={{ queryKey: ["users", "me", "5"], queryFn: async () => options.user ?? profile }}
        {...callbacks}
      />
    </QueryClientProvider>,
    options.locale ?? "de",
  );
  return callbacks;
}

const orderButton = () => screen.getByRole("button", { name: "Zahlungspflichtig bestellen" });
const termsBox = () => screen.getByRole("checkbox");

async function click(element: HTMLElement) {
  fireEvent.click(element);
  await advance(0);
}

beforeEach(() => {
  // What a parent typed is kept per account while the page is open (D487); each test starts from the profile.
  forgetTypedBilling();
  vi.useFakeTimers();
  // The failure paths log what went wrong; the tests check what the parent sees.
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.mocked(checkoutApi.fulfill).mockReset();
  vi.mocked(checkoutApi.capture).mockReset();
  vi.mocked(checkoutApi.cancelPayment).mockReset();
  paypalArea.mounted = [];
  paypalArea.restart = vi.fn();
  config = paypalConfig;
});

describe("an empty checkout (issue 32 item 5)", () => {
  it("stays a dead end with a way back to the cart, unless a verification link opened it: then the profile's bookings", async () => {
    router.navigate.mockReset();
    setup({ cart: order([]) });
    await advance(0);
    expect(screen.getByText("Ihr Warenkorb ist leer; es gibt nichts zu bestellen.")).toBeTruthy();
    expect(router.navigate).not.toHaveBeenCalled();
    // The verification link signed the parent in on this page (D167) after they had paid.
    act(() => showAccountNotice({ kind: "verified", email: "eva@example.org" }));
    await advance(0);
    expect(router.navigate).toHaveBeenCalledWith({ to: "/profile", search: { tab: "sales" }, replace: true });
    act(() => showAccountNotice(null));
  });
});

describe("checkout step: the order button (§ 312j(3) BGB)", () => {
  it('is labelled exactly "Zahlungspflichtig bestellen" in de, with the totals right above it', async () => {
    setup();
    await advance(0);
    const button = orderButton();
    expect(button.textContent).toBe("Zahlungspflichtig bestellen");
    expect(screen.getByTestId("checkout-due-now").textContent).toBe("124\u00a0€");
    expect(screen.getByTestId("checkout-monthly").textContent).toBe("79\u00a0€");
    // The totals come right before the button in the reading order.
    const totals = screen.getByTestId("checkout-totals");
    expect(totals.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is labelled exactly "Заказать с обязательством оплаты" in ru', async () => {
    setup({ locale: "ru" });
    await advance(0);
    const button = screen.getByRole("button", { name: "Заказать с обязательством оплаты" });
    expect(button.textContent).toBe("Заказать с обязательством оплаты");
  });
});

describe("checkout step: each line's amount (D223)", () => {
  it("shows a line at its list price less its discounts, the gift card apart: not calculated_price, which the gift card's share lowers", async () => {
    const discounted = orderItem("Course", {
      name: "Kleine Maler",
      discount_amount: "7.90",
      discount_amount_cents: 790,
      gift_card_paid_cents: 2000,
    });
    expect(discounted.calculated_price_cents).toBe(5110);
    setup({ cart: order([discounted], { gift_card: null }) });
    await advance(0);
    const line = screen.getByTestId("checkout-items").querySelector("li > span:last-child");
    expect(line?.textContent).toBe("71,10\u00a0€");
    expect(screen.queryByTestId("checkout-gift-card")).toBeNull();
  });

  it("says what the gift card pays between the lines and what is due (D487)", async () => {
    const event = orderItem("Event", { name: "Schachturnier" });
    setup({
      cart: order([event], {
        total_checkout_price: "0.00",
        total_checkout_price_cents: 0,
        gift_card: {
          code: "DEMO-GIFT-2027",
          applied: "15.00",
          applied_cents: 1500,
          balance_cents: 5000,
          expires_at: null,
        },
      }),
    });
    await advance(0);
    const totals = screen.getByTestId("checkout-totals");
    expect(totals.textContent).toContain("Bezahlt mit Gutschein DEMO-GIFT-2027");
    expect(screen.getByTestId("checkout-gift-card").textContent).toBe("−15\u00a0€");
    expect(screen.getByTestId("checkout-due-now").textContent).toBe("0\u00a0€");
  });
});

describe("checkout step: validation", () => {
  it("keeps what the parent typed when they go back to the cart and come again; the terms are ticked anew (D487)", async () => {
    setup();
    await advance(0);
    fireEvent.change(screen.getByLabelText("Straße und Hausnummer (optional)"), {
      target: { value: "Schönhauser Allee 5" },
    });
    fireEvent.click(termsBox());
    cleanup();
    setup();
    await advance(0);
    expect((screen.getByLabelText("Straße und Hausnummer (optional)") as HTMLInputElement).value).toBe(
      "Schönhauser Allee 5",
    );
    expect((screen.getByLabelText("Vorname") as HTMLInputElement).value).toBe("Paula");
    expect((termsBox() as HTMLInputElement).checked).toBe(false);
  });

  it("takes the billing data from the profile", async () => {
    setup();
    await advance(0);
    expect((screen.getByLabelText("Vorname") as HTMLInputElement).value).toBe("Paula");
    expect((screen.getByLabelText("Nachname") as HTMLInputElement).value).toBe("Parent");
    expect((screen.getByLabelText("Straße und Hausnummer (optional)") as HTMLInputElement).value).toBe(
      "Kastanienallee 1",
    );
    expect((screen.getByLabelText("Postleitzahl (optional)") as HTMLInputElement).value).toBe("10435");
  });

  it("does not order without a first name and with the terms unticked, and says why", async () => {
    setup();
    await advance(0);
    fireEvent.change(screen.getByLabelText("Vorname"), { target: { value: "  " } });
    await click(orderButton());
    expect(checkoutApi.fulfill).not.toHaveBeenCalled();
    const firstName = screen.getByLabelText("Vorname");
    expect(firstName.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(firstName.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Dieses Feld ist erforderlich.",
    );
    expect(termsBox().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Bitte bestätigen Sie die AGB und die Widerrufsbelehrung.")).not.toBeNull();
    // The first wrong field has the focus.
    expect(document.activeElement).toBe(firstName);
  });

  it("does not order with the terms unticked", async () => {
    setup();
    await advance(0);
    await click(orderButton());
    expect(checkoutApi.fulfill).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(termsBox());
  });

  it("refuses a name longer than 64 characters", async () => {
    setup();
    await advance(0);
    fireEvent.change(screen.getByLabelText("Nachname"), { target: { value: "x".repeat(65) } });
    await click(termsBox());
    await click(orderButton());
    expect(checkoutApi.fulfill).not.toHaveBeenCalled();
    expect(screen.getByText("Die Angabe ist zu lang.")).not.toBeNull();
  });

  it("shows the withdrawal information of each product type in the cart and asks to start courses early", async () => {
    setup();
    await advance(0);
    const info = screen.getByTestId("withdrawal-info");
    expect(info.textContent).toContain("Kurse: 14 Tage Widerrufsrecht");
    expect(info.textContent).toContain("Workshops: kein Widerrufsrecht");
    expect(info.textContent).not.toContain("Gutscheine");
    expect(screen.getByLabelText(/Ich verlange ausdrücklich, dass Kurse/)).toBe(termsBox());
    expect(screen.getByRole("link", { name: /AGB und Widerrufsbelehrung lesen/ }).getAttribute("href")).toBe(
      "/legal/terms",
    );
  });

  it("asks no early start for a cart of workshops only", async () => {
    setup({ cart: order([workshop]) });
    await advance(0);
    expect(
      screen.getByLabelText("Ich akzeptiere die AGB und habe die Widerrufsbelehrung zur Kenntnis genommen."),
    ).toBe(termsBox());
  });
});

describe("checkout step: the address of an invoice over 250 € (D170)", () => {
  const noAddress: User = { ...profile, street: "", post_code: "", city: "", country: "" };
  const party = orderItem("Workshop", { name: "Geburtstag", list_price_cents: 29_000 });

  it("asks for no address up to 250 €: the fields stay optional and the order goes out without them", async () => {
    vi.mocked(checkoutApi.fulfill).mockResolvedValue(reply);
    setup({
      user: noAddress,
      cart: order([course, orderItem("Workshop", { list_price_cents: 17_100 })]),
    });
    await advance(0);
    expect(screen.queryByTestId("address-hint")).toBeNull();
    expect(screen.getByLabelText("Ort (optional)").getAttribute("aria-required")).toBeNull();
    await click(termsBox());
    await click(orderButton());
    expect(checkoutApi.fulfill).toHaveBeenCalledOnce();
  });

  it("over 250 € requires street, post code, city and country, says why at each field and focuses the first", async () => {
    setup({ user: noAddress, cart: order([party]) });
    await advance(0);
    expect(screen.getByTestId("address-hint").textContent).toContain("mehr als 250 €");
    const street = screen.getByLabelText("Straße und Hausnummer");
    expect(street.getAttribute("aria-required")).toBe("true");
    fireEvent.change(screen.getByLabelText("Ort"), { target: { value: "Berlin" } });
    await click(termsBox());
    await click(orderButton());
    expect(checkoutApi.fulfill).not.toHaveBeenCalled();
    for (const label of ["Straße und Hausnummer", "Postleitzahl", "Land"]) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute("aria-invalid")).toBe("true");
      expect(document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent).toContain(
        "vollständige Anschrift",
      );
    }
    expect(screen.getByLabelText("Ort").getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(street);
  });

  it("shows the server's refusal at the fields in Russian (a cart that grew past 250 €)", async () => {
    vi.mocked(checkoutApi.fulfill).mockRejectedValue(
      new ApiError(400, {
        error_codes: {
          "billing.street": ["billing_address_required"],
          "billing.country": ["billing_address_required"],
        },
      }),
    );
    setup({
      locale: "ru",
      user: { ...noAddress, street: "x", post_code: "1", city: "y", country: "z" },
      cart: order([course]),
    });
    await advance(0);
    await click(termsBox());
    await click(screen.getByRole("button", { name: "Заказать с обязательством оплаты" }));
    await advance(0);
    expect(screen.getByTestId("checkout-problem").textContent).toContain("в счёте на сумму больше 250 €");
    const street = screen.getByLabelText("Улица и номер дома (необязательно)");
    expect(street.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(street);
  });
});

describe("checkout step: a refusal that comes after the form was locked (D543)", () => {
  it("moves the focus to the first refused field once the fields are enabled again", async () => {
    vi.mocked(checkoutApi.fulfill).mockImplementation(async () => {
      // A slow line: the page shows "ordering" (the fields disabled) before the refusal arrives.
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new ApiError(400, {
        error_codes: {
          "billing.street": ["billing_address_required"],
          "billing.country": ["billing_address_required"],
        },
      });
    });
    setup({
      user: { ...profile, street: "x", post_code: "1", city: "y", country: "z" },
      cart: order([course]),
    });
    await advance(0);
    await click(termsBox());
    await click(orderButton());
    await advance(0);
    expect((orderButton() as HTMLButtonElement).disabled).toBe(true);
    await advance(50);
    const street = screen.getByLabelText("Straße und Hausnummer (optional)");
    expect(street.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(street);
  });
});

describe("checkout step: paying with PayPal", () => {
  async function placeOrder() {
    vi.mocked(checkoutApi.fulfill).mockResolvedValue(reply);
    const callbacks = setup();
    await advance(0);
    fireEvent.change(screen.getByLabelText("Firma (optional)"), {
      target: { value: "Atelier Freunde e. V." },
    });
    await click(termsBox());
    await click(orderButton());
    await advance(0);
    return callbacks;
  }

  it("loads no PayPal before the order click without consent to external media", async () => {
    setup();
    await advance(0);
    expect(paypalArea.mounted).toEqual([]);
  });

  it("loads PayPal's script ahead (no buttons yet) when external media are allowed", async () => {
    localStorage.setItem(
      "cookie-consent",
      JSON.stringify({ essential: true, statistics: false, externalMedia: true }),
    );
    setup();
    await advance(0);
    expect(screen.getByTestId("paypal-preloaded")).not.toBeNull();
    expect(paypalArea.mounted.every((m) => !m.showButtons)).toBe(true);
  });

  it("places the order with the terms and billing data, shows the reservation, then pays and goes on", async () => {
    const callbacks = await placeOrder();
    expect(checkoutApi.fulfill).toHaveBeenCalledWith({
      cartId: cart.cart_id,
      billing: {
        first_name: "Paula",
        last_name: "Parent",
        company_name: "Atelier Freunde e. V.",
        street: "Kastanienallee 1",
        post_code: "10435",
        city: "Berlin",
        country: "Deutschland",
      },
    });
    // 13:35 UTC is 14:35 in Berlin in March.
    expect(screen.getByTestId("checkout-status").textContent).toContain(
      "Ihre Plätze sind bis 14:35 Uhr reserviert.",
    );
    expect(screen.queryByRole("button", { name: "Zahlungspflichtig bestellen" })).toBeNull();
    // The form is locked while the order awaits payment.
    expect(screen.getByLabelText("Vorname").matches(":disabled")).toBe(true);

    vi.mocked(checkoutApi.capture).mockResolvedValue({ ...cart, status: "payment_fulfilled" });
    await click(screen.getByRole("button", { name: "PayPal (fake)" }));
    await advance(0);
    // createOrder fulfils again (the same PayPal order comes back) and returns its id.
    expect(checkoutApi.fulfill).toHaveBeenCalledTimes(2);
    expect(checkoutApi.capture).toHaveBeenCalledWith(reply.id, { orderID: reply.id, payerID: "PAYER1" });
    expect(callbacks.onPaid).toHaveBeenCalledWith(41);
  });

  it("lets the buyer choose another funding source when PayPal declines the instrument", async () => {
    const callbacks = await placeOrder();
    vi.mocked(checkoutApi.capture).mockRejectedValue(
      new ApiError(400, { error_codes: { non_field_errors: ["instrument_declined"] } }),
    );
    await click(screen.getByRole("button", { name: "PayPal (fake)" }));
    await advance(0);
    expect(paypalArea.restart).toHaveBeenCalledOnce();
    expect(screen.getByTestId("checkout-problem").textContent).toContain(
      "Bitte wählen Sie bei PayPal eine andere.",
    );
    expect(callbacks.onPaid).not.toHaveBeenCalled();
  });

  it("sends the parent back to the cart when the payment is declined for good", async () => {
    const callbacks = await placeOrder();
    vi.mocked(checkoutApi.capture).mockRejectedValue(
      new ApiError(400, { error_codes: { non_field_errors: ["payment_declined"] } }),
    );
    await click(screen.getByRole("button", { name: "PayPal (fake)" }));
    await advance(0);
    expect(callbacks.onBackInCart).toHaveBeenCalledWith("declined");
  });

  it("cancels the payment when PayPal's window is closed and shows the cart again", async () => {
    const callbacks = await placeOrder();
    const back = order([course, workshop], { id: 42, cart_id: "5c6d0d0a-0000-4000-8000-000000000002" });
    vi.mocked(checkoutApi.cancelPayment).mockResolvedValue(back);
    await click(screen.getByRole("button", { name: "close window (fake)" }));
    await advance(0);
    expect(checkoutApi.cancelPayment).toHaveBeenCalledWith(reply.id);
    expect(callbacks.onBackInCart).toHaveBeenCalledWith("cancelled", back);
  });

  it("explains a full session and keeps the form", async () => {
    vi.mocked(checkoutApi.fulfill).mockRejectedValue(
      new ApiError(400, {
        schedule_slots: ["Für diesen Termin sind keine Plätze mehr frei."],
        error_codes: { schedule_slots: ["no_seats_left"] },
      }),
    );
    setup();
    await advance(0);
    await click(termsBox());
    await click(orderButton());
    await advance(0);
    expect(screen.getByTestId("checkout-problem").textContent).toContain("keine Plätze mehr frei");
    expect((orderButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's billing field errors at their fields", async () => {
    vi.mocked(checkoutApi.fulfill).mockRejectedValue(
      new ApiError(400, {
        billing: { last_name: ["…"] },
        error_codes: { billing: { last_name: ["required"] } },
      } as never),
    );
    setup();
    await advance(0);
    await click(termsBox());
    await click(orderButton());
    await advance(0);
    expect(screen.getByLabelText("Nachname").getAttribute("aria-invalid")).toBe("true");
  });

  it("goes straight to the completion page when nothing is due (approve_url null)", async () => {
    vi.mocked(checkoutApi.fulfill).mockResolvedValue({ ...reply, approve_url: null });
    const callbacks = setup();
    await advance(0);
    await click(termsBox());
    await click(orderButton());
    await advance(0);
    expect(callbacks.onPaid).toHaveBeenCalledWith(41);
  });
});

describe("checkout step: the demo gateway", () => {
  it("orders with the return addresses and sends the browser to the demo gateway's page", async () => {
    config = demoConfig;
    vi.mocked(checkoutApi.fulfill).mockResolvedValue({
      ...reply,
      id: "DEMO-1",
      url: "http://localhost:3000/payments/demo/DEMO-1",
    });
    const callbacks = setup();
    await advance(0);
    expect(screen.getByText(/Demo-Betrieb/)).not.toBeNull();
    await click(termsBox());
    await click(orderButton());
    await advance(0);
    expect(checkoutApi.fulfill).toHaveBeenCalledWith(
      expect.objectContaining({
        cartId: cart.cart_id,
        successUrl: "http://localhost:3000/payment-complete/return?locale=de",
        cancelUrl: "http://localhost:3000/cart?locale=de&payment=cancelled",
      }),
    );
    expect(callbacks.onRedirect).toHaveBeenCalledWith("http://localhost:3000/payments/demo/DEMO-1");
    // No PayPal for the demo gateway.
    expect(paypalArea.mounted).toEqual([]);
  });
});

describe("checkout step: Stripe Checkout beside PayPal", () => {
  const stripeReply = {
    ...reply,
    id: "cs_test_1",
    approve_url: "http://127.0.0.1:3199/c/pay/cs_test_1",
    url: "http://127.0.0.1:3199/c/pay/cs_test_1",
  };

  it("offers card, Apple Pay, Google Pay and SEPA beside PayPal and sends the browser to Stripe's page", async () => {
    config = stripeConfig;
    vi.mocked(checkoutApi.fulfill).mockResolvedValue(stripeReply);
    const callbacks = setup();
    await advance(0);
    const card = screen.getByRole("radio", { name: "Karte / Apple Pay / Google Pay / SEPA" });
    // PayPal stays preselected (D104); the parent picks the card.
    expect((screen.getByRole("radio", { name: "PayPal" }) as HTMLInputElement).checked).toBe(true);
    expect((card as HTMLInputElement).checked).toBe(false);
    await click(card);
    expect(screen.getByText(/zu Stripe weitergeleitet/)).not.toBeNull();
    await click(termsBox());
    await click(orderButton());
    await advance(0);
    expect(checkoutApi.fulfill).toHaveBeenCalledWith(
      expect.objectContaining({
        cartId: cart.cart_id,
        gateway: "stripe",
        successUrl: "http://localhost:3000/payment-complete/return?locale=de&gateway=stripe",
        cancelUrl: "http://localhost:3000/cart?locale=de&payment=cancelled",
      }),
    );
    expect(callbacks.onRedirect).toHaveBeenCalledWith(stripeReply.url);
    expect(screen.getByTestId("checkout-status").textContent).toContain("zur Zahlungsseite weitergeleitet");
    // Stripe chosen: PayPal's script is never loaded.
    expect(paypalArea.mounted).toEqual([]);
  });

  it("back from Stripe's page through the browser's cache, the form works again (D543)", async () => {
    config = stripeConfig;
    vi.mocked(checkoutApi.fulfill).mockResolvedValue(stripeReply);
    const callbacks = setup();
    await advance(0);
    await click(screen.getByRole("radio", { name: "Karte / Apple Pay / Google Pay / SEPA" }));
    await click(termsBox());
    await click(orderButton());
    await advance(0);
    expect(callbacks.onRedirect).toHaveBeenCalledWith(stripeReply.url);
    expect((orderButton() as HTMLButtonElement).disabled).toBe(true);
    // The browser's Back shows the page as it was left: a `pageshow` of a page from the cache.
    const shown = new Event("pageshow") as PageTransitionEvent;
    Object.defineProperty(shown, "persisted", { value: true });
    await act(async () => {
      window.dispatchEvent(shown);
    });
    await advance(0);
    expect((orderButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/zur Zahlungsseite weitergeleitet/)).toBeNull();
    // Ordered again, the same order answers the same page.
    await click(orderButton());
    await advance(0);
    expect(callbacks.onRedirect).toHaveBeenCalledTimes(2);
  });

  it("offers the same choice in Russian and pays with Stripe in Russian", async () => {
    config = stripeConfig;
    vi.mocked(checkoutApi.fulfill).mockResolvedValue(stripeReply);
    const callbacks = setup({ locale: "ru" });
    await advance(0);
    expect(screen.getByRole("group", { name: "Способ оплаты" })).not.toBeNull();
    await click(screen.getByRole("radio", { name: "Карта / Apple Pay / Google Pay / SEPA" }));
    await click(termsBox());
    await click(screen.getByRole("button", { name: "Заказать с обязательством оплаты" }));
    await advance(0);
    expect(checkoutApi.fulfill).toHaveBeenCalledWith(
      expect.objectContaining({
        gateway: "stripe",
        successUrl: "http://localhost:3000/payment-complete/return?locale=ru&gateway=stripe",
      }),
    );
    expect(callbacks.onRedirect).toHaveBeenCalledWith(stripeReply.url);
  });

  it("still pays with PayPal's buttons when the parent goes back to PayPal", async () => {
    config = stripeConfig;
    vi.mocked(checkoutApi.fulfill).mockResolvedValue(reply);
    const callbacks = setup();
    await advance(0);
    await click(screen.getByRole("radio", { name: "Karte / Apple Pay / Google Pay / SEPA" }));
    await click(screen.getByRole("radio", { name: "PayPal" }));
    await click(termsBox());
    await click(orderButton());
    await advance(0);
    expect(checkoutApi.fulfill).toHaveBeenCalledWith({ cartId: cart.cart_id, billing: expect.anything() });
    expect(callbacks.onRedirect).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "PayPal (fake)" })).not.toBeNull();
  });

  it("offers no choice when the server has no Stripe", async () => {
    config = paypalConfig;
    setup();
    await advance(0);
    expect(screen.queryByRole("radio")).toBeNull();
  });
});
