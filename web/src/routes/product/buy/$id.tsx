import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../../../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/product/buy/$id")({
  component: ProductBuyPage,
});

function ProductBuyPage() {
  return <PlaceholderPage pageKey="productBuy" />;
}
