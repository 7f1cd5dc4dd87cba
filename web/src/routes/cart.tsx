import { createFileRoute } from "@tanstack/react-router";
import { CartRoutePage } from "../app/booking/cart-route-page.tsx";
import { parseCartSearch } from "../features/checkout/cart-search.ts";

export const Route = createFileRoute("/cart")({
  validateSearch: parseCartSearch,
  component: CartRoute,
});

function CartRoute() {
  return <CartRoutePage search={Route.useSearch()} />;
}
