import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/useAgeFilter")({
  component: UseAgeFilterPage,
});

function UseAgeFilterPage() {
  return <PlaceholderPage pageKey="useAgeFilter" />;
}
