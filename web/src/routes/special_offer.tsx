import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/special_offer")({
  component: SpecialOfferPage,
});

function SpecialOfferPage() {
  return <PlaceholderPage pageKey="specialOffer" />;
}
