import { createFileRoute } from "@tanstack/react-router";
import { VisitRequestActions } from "../../app/booking/visit-request-actions.tsx";
import { ProductPage } from "../../features/catalogue/components/product-page.tsx";
import { parseChildSearch } from "../../lib/child-search.ts";

export const Route = createFileRoute("/product/$id")({
  validateSearch: parseChildSearch,
  // Starts loading on link hover; the page shows its skeleton or a not-found state itself.
  loader: async ({ context, params }) =>
    (await import("../../features/catalogue/route-helpers.ts")).prefetchProduct(
      context.queryClient,
      params.id,
    ),
  component: ProductRoute,
});

const requestActions = (product: Parameters<typeof VisitRequestActions>[0]["product"]) => (
  <VisitRequestActions product={product} />
);

function ProductRoute() {
  const { id } = Route.useParams();
  return <ProductPage id={id} requestActions={requestActions} />;
}
