import { createFileRoute } from "@tanstack/react-router";
import { BuyRoutePage } from "../../../app/booking/buy-route-page.tsx";

export const Route = createFileRoute("/product/buy/$id")({
  // Starts loading the offer on link hover, like the product page.
  loader: async ({ context, params }) =>
    (await import("../../../features/catalogue/route-helpers.ts")).prefetchProduct(
      context.queryClient,
      params.id,
    ),
  component: ProductBuyRoute,
});

function ProductBuyRoute() {
  const { id } = Route.useParams();
  return <BuyRoutePage id={id} />;
}
