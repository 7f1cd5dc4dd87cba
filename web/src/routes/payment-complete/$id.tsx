import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/payment-complete/$id")({
  component: PaymentCompletePage,
});

function PaymentCompletePage() {
  return <PlaceholderPage pageKey="paymentComplete" />;
}
