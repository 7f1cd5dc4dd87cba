import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/school_offer")({
  component: SchoolOfferPage,
});

function SchoolOfferPage() {
  return <PlaceholderPage pageKey="schoolOffer" />;
}
