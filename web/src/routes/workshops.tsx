import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/workshops")({
  component: WorkshopsPage,
});

function WorkshopsPage() {
  return <PlaceholderPage pageKey="workshops" />;
}
