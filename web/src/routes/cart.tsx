import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/cart")({
  component: CartPage,
});

function CartPage() {
  return <PlaceholderPage pageKey="cart" />;
}
