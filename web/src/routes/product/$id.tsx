import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/product/$id")({
  component: ProductPage,
});

function ProductPage() {
  return <PlaceholderPage pageKey="product" />;
}
