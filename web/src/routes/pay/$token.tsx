import { createFileRoute } from "@tanstack/react-router";
import { PaymentLinkRoutePage } from "../../app/booking/payment-link-route-page.tsx";

/** The link of a payment-link mail (D157). */
export const Route = createFileRoute("/pay/$token")({
  component: PaymentLinkRoute,
});

function PaymentLinkRoute() {
  const { token } = Route.useParams();
  return <PaymentLinkRoutePage token={token} />;
}
