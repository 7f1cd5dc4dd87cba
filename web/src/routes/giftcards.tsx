import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/giftcards")({
  component: GiftcardsPage,
});

function GiftcardsPage() {
  return <PlaceholderPage pageKey="giftcards" />;
}
