import { createFileRoute } from "@tanstack/react-router";
import { PricesPage } from "../features/catalogue/components/prices-page.tsx";

export const Route = createFileRoute("/prices")({
  component: PricesPage,
});
