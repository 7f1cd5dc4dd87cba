import { createFileRoute } from "@tanstack/react-router";
import { BuyRoutePage } from "../../../app/booking/buy-route-page.tsx";
import { parseChildSearch } from "../../../lib/child-search.ts";

export const Route = createFileRoute("/product/buy/$id")({
  validateSearch: parseChildSearch,
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
  const { child } = Route.useSearch();
  return <BuyRoutePage id={id} child={child} />;
}
