import { createFileRoute } from "@tanstack/react-router";
import { PaymentCompleteRoutePage } from "../../app/booking/payment-complete-route-page.tsx";
import { parsePaymentCompleteSearch } from "../../features/checkout/cart-search.ts";

export const Route = createFileRoute("/payment-complete/$id")({
  validateSearch: parsePaymentCompleteSearch,
  component: PaymentCompleteRoute,
});

function PaymentCompleteRoute() {
  const { id } = Route.useParams();
  const { payment } = Route.useSearch();
  return <PaymentCompleteRoutePage id={id} processing={payment === "processing"} />;
}
