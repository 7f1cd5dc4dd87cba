import { createFileRoute } from "@tanstack/react-router";
import { BuyPlaceholderPage } from "../../../features/catalogue/components/buy-placeholder-page.tsx";

export const Route = createFileRoute("/product/buy/$id")({
  component: ProductBuyPage,
});

function ProductBuyPage() {
  const { id } = Route.useParams();
  return <BuyPlaceholderPage id={id} />;
}
