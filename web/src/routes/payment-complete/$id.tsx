import { createFileRoute } from "@tanstack/react-router";
import { PaymentCompleteRoutePage } from "../../app/booking/payment-complete-route-page.tsx";

export const Route = createFileRoute("/payment-complete/$id")({
  component: PaymentCompleteRoute,
});

function PaymentCompleteRoute() {
  const { id } = Route.useParams();
  return <PaymentCompleteRoutePage id={id} />;
}
