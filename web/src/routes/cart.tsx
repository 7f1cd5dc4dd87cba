import { createFileRoute } from "@tanstack/react-router";
import { CartRoutePage } from "../app/booking/cart-route-page.tsx";

export const Route = createFileRoute("/cart")({
  component: CartRoutePage,
});
