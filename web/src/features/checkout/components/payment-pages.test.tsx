// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "../../../lib/api-client.ts";
import { advance, renderInLocale } from "../../../test/render.tsx";
import { order, orderItem } from "../test-fixtures.ts";
import { PaymentCompletePage } from "./payment-complete-page.tsx";
import { PaymentNotice } from "./payment-notice.tsx";
import { PaymentReturnPage } from "./payment-return-page.tsx";

vi.mock("@tanstack/react-router", () => ({
  Link: ({
    to,
    search,
    children,
    ...rest
  }: {
    to: string;
    search?: Record<string, string>;
    children: ReactNode;
  }) => (
    <a href={search ? `${to}?${new URLSearchParams(search)}` : to} {...rest}>
      {children}
    </a>
  ),
}));

vi.mock("../../../lib/api-client.ts", async (original) => ({
  ...(await original<typeof import("../../../lib/api-client.ts")>()),
  api: { get: vi.fn(), post: vi.fn() },
}));

function renderWithQueries(ui: ReactElement, locale: "de" | "ru" = "de") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInLocale(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, locale);
}

const course = orderItem("Course", { name: "Kleine Maler" });
const workshop = orderItem("Workshop", {
  name: "Töpfern",
  visitor: { id: 8, first_name: "Ben", last_name: "Muster", birth_date: null },
  visitor_name: "Ben Muster",
});
const academy = orderItem("Academy", {
  name: "Ferienakademie",
  schedule_slot_details: [],
  academy_week_details: [{ id: 3, starts_on: "2027-07-05", ends_on: "2027-07-09" }],
});
const paid = order([course, workshop, academy], {
  status: "payment_fulfilled",
  paid_at: "2027-03-01T13:40:00Z",
  invoice_number: "RE-2027-000012",
});

/** The order's gift card as the order read gives it: 35 € of it paid this order. */
const giftCard = {
  code: "ABCD-EFGH-JKLM-NPQR",
  applied: "35.00",
  applied_cents: 3500,
  balance_cents: 0,
  expires_at: null,
};

beforeEach(() => {
  vi.useFakeTimers();
  // The failure paths log what went wrong; the tests check what the parent sees.
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe("/payment-complete/{id}", () => {
  it("announces the paid outcome and lists each child's bookings with times, weeks, prices and the invoice", async () => {
    vi.mocked(api.get).mockResolvedValue(paid);
    renderWithQueries(<PaymentCompletePage userKey="5" id="41" onSignIn={vi.fn()} />);
    await advance(0);
    expect(api.get).toHaveBeenCalledWith("/api/v2/orders/41/", undefined, expect.anything());
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Zahlungsstatus");
    const outcome = screen.getByTestId("payment-outcome");
    expect(outcome.getAttribute("role")).toBe("status");
    expect(outcome.textContent).toContain("Ihre Zahlung ist eingegangen");
    expect(screen.getByRole("heading", { level: 3, name: "Für Anna Muster" })).not.toBeNull();
    expect(screen.getByRole("heading", { level: 3, name: "Für Ben Muster" })).not.toBeNull();
    const items = screen.getAllByTestId("booked-item");
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain("Kleine Maler");
    expect(items[0]?.textContent).toContain("Dienstag, 16:00–17:30 Uhr");
    expect(items[0]?.textContent).toContain("danach 79\u00a0€ / Monat");
    expect(items.some((item) => item.textContent?.includes("Sa., 10. Apr. 2027, 10:00–13:00 Uhr"))).toBe(
      true,
    );
    expect(screen.getByRole("list", { name: "Wochen" }).textContent).toContain("Mo., 5. Juli 2027");
    expect(screen.getByTestId("invoice-number").textContent).toBe("RE-2027-000012");
    expect(screen.getByRole("heading", { name: "Wie geht es weiter?" })).not.toBeNull();
    expect(screen.getByText(/QR-Code für jede Buchung und der Rechnung als PDF/)).not.toBeNull();
    expect(screen.getByRole("link", { name: "Zu meinen Buchungen" }).getAttribute("href")).toBe(
      "/profile?tab=sales",
    );
    expect(screen.getByRole("link", { name: "Weitere Kurse entdecken" }).getAttribute("href")).toBe(
      "/courses",
    );
  });

  it("shows what a gift card paid, and no line of 0 € when it paid all (D496)", async () => {
    vi.mocked(api.get).mockResolvedValue({ ...paid, total_checkout_price_cents: 0, gift_card: giftCard });
    renderWithQueries(<PaymentCompletePage userKey="5" id="41" onSignIn={vi.fn()} />);
    await advance(0);
    const summary = screen.getByTestId("payment-summary");
    expect(summary.textContent).toContain("Bezahlt mit Gutschein ABCD-EFGH-JKLM-NPQR");
    expect(screen.getByTestId("payment-gift-card").textContent).toBe("35\u00a0€");
    // Not "Bezahlt 0 €" beside it, as the page read before.
    expect(summary.textContent).not.toMatch(/Bezahlt0/);
  });

  it("shows the gift card's part and what was paid beside it (ru)", async () => {
    vi.mocked(api.get).mockResolvedValue({ ...paid, total_checkout_price_cents: 5400, gift_card: giftCard });
    renderWithQueries(<PaymentCompletePage userKey="5" id="41" onSignIn={vi.fn()} />, "ru");
    await advance(0);
    const summary = screen.getByTestId("payment-summary");
    expect(summary.textContent).toContain("Оплачено сертификатом ABCD-EFGH-JKLM-NPQR35\u00a0€");
    expect(summary.textContent).toContain("Доплачено54\u00a0€");
  });

  it("words the other outcomes (ru)", async () => {
    vi.mocked(api.get).mockResolvedValue({ ...paid, status: "payment_declined", invoice_number: null });
    renderWithQueries(<PaymentCompletePage userKey="5" id="41" onSignIn={vi.fn()} />, "ru");
    await advance(0);
    expect(screen.getByTestId("payment-outcome").textContent).toContain("Платёж отклонён");
    expect(screen.getByRole("link", { name: "В корзину" })).not.toBeNull();
  });

  it("asks again while the payment awaits confirmation", async () => {
    vi.mocked(api.get)
      .mockResolvedValueOnce({ ...paid, status: "payment_staged", invoice_number: null })
      .mockResolvedValue(paid);
    renderWithQueries(<PaymentCompletePage userKey="5" id="41" onSignIn={vi.fn()} />);
    await advance(0);
    expect(screen.getByTestId("payment-outcome").getAttribute("data-outcome")).toBe("awaiting");
    await advance(3000);
    expect(api.get).toHaveBeenCalledTimes(2);
    // The answer arrives and is shown within a tick of the clock.
    await advance(50);
    expect(screen.getByTestId("payment-outcome").getAttribute("data-outcome")).toBe("paid");
  });

  it("says so when the order is not the parent's (404) and asks a guest to sign in", async () => {
    vi.mocked(api.get).mockRejectedValue(new ApiError(404, { detail: "Nicht gefunden." }));
    renderWithQueries(<PaymentCompletePage userKey="5" id="99" onSignIn={vi.fn()} />);
    await advance(0);
    expect(screen.getByRole("alert").textContent).toBe(
      "Diese Bestellung haben wir in Ihrem Konto nicht gefunden.",
    );
  });

  it("asks a guest to sign in", async () => {
    const onSignIn = vi.fn();
    renderWithQueries(<PaymentCompletePage userKey={null} id="41" onSignIn={onSignIn} />);
    await advance(0);
    expect(api.get).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(onSignIn).toHaveBeenCalled();
  });
});

describe("/payment-complete/return (the demo gateway's success_url)", () => {
  it("captures the gateway's order once and replaces itself with the order's page", async () => {
    vi.mocked(api.post).mockResolvedValue(paid);
    const onPaid = vi.fn();
    const view = renderWithQueries(
      <PaymentReturnPage
        token="DEMO-7"
        payerId="DEMOPAYER"
        signedIn
        onPaid={onPaid}
        onProcessing={vi.fn()}
        onBackInCart={vi.fn()}
        onSignIn={vi.fn()}
      />,
    );
    await advance(0);
    expect(api.post).toHaveBeenCalledWith("/api/v2/orders/DEMO-7/capture/", {
      orderID: "DEMO-7",
      payerID: "DEMOPAYER",
    });
    expect(onPaid).toHaveBeenCalledWith(41);
    view.unmount();
    // A second mount (StrictMode, a re-render) does not capture again.
    renderWithQueries(
      <PaymentReturnPage
        token="DEMO-7"
        payerId="DEMOPAYER"
        signedIn
        onPaid={onPaid}
        onProcessing={vi.fn()}
        onBackInCart={vi.fn()}
        onSignIn={vi.fn()}
      />,
    );
    await advance(0);
    expect(api.post).toHaveBeenCalledTimes(1);
  });

  it("sends a declined payment back to the cart", async () => {
    vi.mocked(api.post).mockRejectedValue(
      new ApiError(400, { error_codes: { non_field_errors: ["payment_declined"] } }),
    );
    const onBackInCart = vi.fn();
    renderWithQueries(
      <PaymentReturnPage
        token="DEMO-8"
        payerId={undefined}
        signedIn
        onPaid={vi.fn()}
        onProcessing={vi.fn()}
        onBackInCart={onBackInCart}
        onSignIn={vi.fn()}
      />,
    );
    await advance(0);
    expect(onBackInCart).toHaveBeenCalledWith("declined");
  });

  it("tells the parent a gift card's part went back onto the card, in German and Russian (D667)", async () => {
    vi.mocked(api.post).mockRejectedValue(
      new ApiError(400, { error_codes: { non_field_errors: ["reservation_expired_gift_card"] } }),
    );
    const onBackInCart = vi.fn();
    const page = (token: string) => (
      <PaymentReturnPage
        token={token}
        payerId={undefined}
        signedIn
        onPaid={vi.fn()}
        onProcessing={vi.fn()}
        onBackInCart={onBackInCart}
        onSignIn={vi.fn()}
      />
    );
    const { unmount } = renderWithQueries(page("DEMO-10"));
    await advance(0);
    const german = screen.getByRole("alert").textContent;
    expect(german).toContain("Der Anteil Ihres Gutscheins ist wieder auf dem Gutschein");
    expect(german).not.toContain("vollständig erstattet");
    // Not tried again: the reservation is gone; the order was a payment link's, not the cart's.
    expect(screen.queryByRole("button", { name: "Erneut versuchen" })).toBeNull();
    expect(onBackInCart).not.toHaveBeenCalled();
    unmount();
    renderWithQueries(page("DEMO-11"), "ru");
    await advance(0);
    expect(screen.getByRole("alert").textContent).toContain(
      "Сумма, оплаченная сертификатом, снова на сертификате",
    );
  });

  it("offers to try again after a network error", async () => {
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError(0, null)).mockResolvedValue(paid);
    const onPaid = vi.fn();
    renderWithQueries(
      <PaymentReturnPage
        token="DEMO-9"
        payerId={undefined}
        signedIn
        onPaid={onPaid}
        onProcessing={vi.fn()}
        onBackInCart={vi.fn()}
        onSignIn={vi.fn()}
      />,
    );
    await advance(0);
    expect(screen.getByRole("alert").textContent).toContain("Keine Verbindung zum Shop");
    fireEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    await advance(0);
    expect(onPaid).toHaveBeenCalledWith(41);
  });
});

describe("/payment-complete/return from Stripe Checkout (token = our order number)", () => {
  const notApproved = () =>
    new ApiError(400, { error_codes: { non_field_errors: ["payment_not_approved"] } });

  it("captures our order and goes on to its page as paid", async () => {
    vi.mocked(api.post).mockResolvedValue(paid);
    const onPaid = vi.fn();
    renderWithQueries(
      <PaymentReturnPage
        token="41"
        payerId={undefined}
        gateway="stripe"
        signedIn
        onPaid={onPaid}
        onProcessing={vi.fn()}
        onBackInCart={vi.fn()}
        onSignIn={vi.fn()}
      />,
    );
    await advance(0);
    expect(api.post).toHaveBeenCalledWith("/api/v2/orders/41/capture/", { orderID: "41", payerID: null });
    expect(onPaid).toHaveBeenCalledWith(41);
  });

  it("takes a payment Stripe has not confirmed yet (a SEPA debit processing) to the order's page as processing", async () => {
    vi.mocked(api.post).mockRejectedValue(notApproved());
    const onProcessing = vi.fn();
    renderWithQueries(
      <PaymentReturnPage
        token="43"
        payerId={undefined}
        gateway="stripe"
        signedIn
        onPaid={vi.fn()}
        onProcessing={onProcessing}
        onBackInCart={vi.fn()}
        onSignIn={vi.fn()}
      />,
    );
    await advance(0);
    expect(onProcessing).toHaveBeenCalledWith(43);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("still asks to try again when another gateway's payment is not approved", async () => {
    vi.mocked(api.post).mockRejectedValue(notApproved());
    const onProcessing = vi.fn();
    renderWithQueries(
      <PaymentReturnPage
        token="DEMO-44"
        payerId={undefined}
        signedIn
        onPaid={vi.fn()}
        onProcessing={onProcessing}
        onBackInCart={vi.fn()}
        onSignIn={vi.fn()}
      />,
    );
    await advance(0);
    expect(onProcessing).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toContain("noch nicht freigegeben");
  });
});

describe("/payment-complete/{id} for a SEPA debit still processing", () => {
  const staged = order([workshop], { id: 43, status: "payment_staged" });

  it("says so in German, keeps asking, and shows paid once Stripe reports the money", async () => {
    vi.mocked(api.get)
      .mockResolvedValueOnce(staged)
      .mockResolvedValue({ ...staged, status: "payment_fulfilled" });
    renderWithQueries(<PaymentCompletePage userKey="5" id="43" processing onSignIn={vi.fn()} />);
    await advance(0);
    const outcome = screen.getByTestId("payment-outcome");
    expect(outcome.getAttribute("data-outcome")).toBe("processing");
    expect(outcome.textContent).toContain("SEPA-Lastschrift");
    expect(outcome.textContent).toContain("Plätze sind so lange für Sie reserviert");
    await advance(3000);
    await advance(50);
    expect(screen.getByTestId("payment-outcome").getAttribute("data-outcome")).toBe("paid");
  });

  it("says so in Russian", async () => {
    vi.mocked(api.get).mockResolvedValue(staged);
    renderWithQueries(<PaymentCompletePage userKey="5" id="43" processing onSignIn={vi.fn()} />, "ru");
    await advance(0);
    expect(screen.getByTestId("payment-outcome").textContent).toContain("дебет SEPA оформлен");
  });

  it("a staged order without the processing mark reads as awaiting confirmation", async () => {
    vi.mocked(api.get).mockResolvedValue(staged);
    renderWithQueries(<PaymentCompletePage userKey="5" id="43" onSignIn={vi.fn()} />);
    await advance(0);
    expect(screen.getByTestId("payment-outcome").getAttribute("data-outcome")).toBe("awaiting");
  });
});

describe("cart notice after Stripe's cancel_url (token = our order number)", () => {
  it("posts cancel_payment for our order, which puts the items back in the cart", async () => {
    const back = order([workshop], { id: 45 });
    vi.mocked(api.post).mockResolvedValue(back);
    const onCancelled = vi.fn();
    renderInLocale(
      <PaymentNotice notice="cancelled" token="45" onCancelled={onCancelled} onSignIn={vi.fn()} />,
    );
    await advance(0);
    expect(api.post).toHaveBeenCalledWith("/api/v2/orders/45/cancel_payment/");
    expect(onCancelled).toHaveBeenCalledWith(back);
  });
});

describe("cart notice after a cancelled payment (the demo gateway's cancel_url)", () => {
  it("posts cancel_payment once for the token, then hands over the cart", async () => {
    const back = order([course, workshop], { id: 42 });
    vi.mocked(api.post).mockResolvedValue(back);
    const onCancelled = vi.fn();
    const view = renderInLocale(
      <PaymentNotice notice="cancelled" token="DEMO-10" onCancelled={onCancelled} onSignIn={vi.fn()} />,
    );
    expect(screen.getByTestId("payment-notice").textContent).toBe("Die Zahlung wird abgebrochen …");
    await advance(0);
    expect(api.post).toHaveBeenCalledWith("/api/v2/orders/DEMO-10/cancel_payment/");
    expect(onCancelled).toHaveBeenCalledWith(back);
    expect(screen.getByTestId("payment-notice").textContent).toContain("Die Zahlung wurde abgebrochen.");
    view.unmount();
    renderInLocale(
      <PaymentNotice notice="cancelled" token="DEMO-10" onCancelled={onCancelled} onSignIn={vi.fn()} />,
    );
    await advance(0);
    expect(api.post).toHaveBeenCalledTimes(1);
  });

  it("only shows the message without a token", async () => {
    renderInLocale(<PaymentNotice notice="declined" onCancelled={vi.fn()} onSignIn={vi.fn()} />);
    await advance(0);
    expect(api.post).not.toHaveBeenCalled();
    expect(screen.getByTestId("payment-notice").textContent).toContain("Die Zahlung wurde abgelehnt.");
  });
});
