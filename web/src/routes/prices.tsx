import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/prices")({
  component: PricesPage,
});

function PricesPage() {
  return <PlaceholderPage pageKey="prices" />;
}
