import { createFileRoute } from "@tanstack/react-router";
import { PaymentReturnRoutePage } from "../../app/booking/payment-complete-route-page.tsx";
import { parsePaymentReturnSearch } from "../../features/checkout/cart-search.ts";

/** Where the gateway sends an approved payment (`success_url`); a static path wins over `$id`. */
export const Route = createFileRoute("/payment-complete/return")({
  validateSearch: parsePaymentReturnSearch,
  component: PaymentReturnRoute,
});

function PaymentReturnRoute() {
  return <PaymentReturnRoutePage search={Route.useSearch()} />;
}
